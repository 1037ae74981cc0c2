// The HTML report in a real browser (ctest label "browser"). Writes the pages
// of the failing check-bot fixture and of the referee divergence fixture to a
// temporary directory and opens each in headless Chromium, twice:
//  - at the URL hash #selftest with --dump-dom: the page's own script then
//    steps every replay through real DOM events (the buttons next, next,
//    prev, go to failing turn, last, first; the keys ArrowRight, End,
//    ArrowLeft, Home; the slider) and writes what it showed after each step
//    into <pre id="selftest-result">. This program checks those against the
//    fixtures: the turn shown, the board cells and pieces drawn, the
//    failing-turn highlight (on exactly at the finding's turn, crimson), the
//    bytes shown, two boards with marked differences at a divergence, and no
//    script error;
//  - with --screenshot: the PNG must be a 1280x2000 image that decodes, is
//    not blank, and shows the failing-turn crimson (and at the divergence the
//    difference magenta).
// A missing browser is a failure, never a pass: scripts/setup installs it.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/game.h"
#include "core/parse.h"
#include "report/tests/fixtures.h"
#include "report/tests/html_browser_png.h"
#include "report/tests/html_browser_run.h"
#include "report/run_report.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace arbiter::report::testing {
namespace {

constexpr uint32_t kCrimson = 0xdc143c;  // the failing turn (html_assets.cc)
constexpr uint32_t kMagenta = 0xe0119d;  // a difference at a divergence
int failures = 0, passes = 0;

// Prints failed checks only (the passed ones are counted): a failure names
// what was expected and what was shown.
void Check(bool ok, const std::string& what) {
  if (!ok) std::cout << "  FAIL  " << what << "\n";
  failures += !ok;
  passes += ok;
}

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string Unentity(std::string s) {
  const std::pair<std::string, std::string> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&nbsp;", " "}, {"&amp;", "&"}};
  for (const auto& [from, to] : entities)
    for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
      s.replace(p, from.size(), to);
  return s;
}

// The self-test result in a dumped DOM; null when absent or unparsable.
json SelftestResult(const std::string& dom) {
  const std::string open = "<pre id=\"selftest-result\">";
  const size_t a = dom.find(open);
  if (a == std::string::npos) return nullptr;
  const size_t b = dom.find("</pre>", a);
  return json::parse(Unentity(dom.substr(a + open.size(), b - a - open.size())), nullptr, false);
}

int PiecesOf(const std::string& input) {
  const json view = FindGame("jc2015")->board_view(input);
  return view.is_object() ? static_cast<int>(view["pieces"].size()) : -1;
}

// Writes `report`'s page, has Chromium step its replays; null on failure.
json Selftest(const std::string& chromium, const fs::path& dir, const std::string& name,
              const RunReport& report) {
  const fs::path page = dir / (name + ".html");
  std::ofstream(page, std::ios::binary) << [&] { std::ostringstream o; WriteHtml(report, o); return o.str(); }();
  const fs::path dom = dir / (name + ".dom.html");
  const bool ran = RunChromium(chromium, dir,
                               {"--timeout=20000", "--virtual-time-budget=5000", "--dump-dom",
                                "file://" + page.string() + "#selftest"},
                               dom);
  Check(ran, name + ": chromium dumped the DOM after the self-test");
  const json result = ran ? SelftestResult(Read(dom)) : json(nullptr);
  Check(result.is_object(), name + ": the page wrote its self-test result");
  if (!result.is_object()) return nullptr;
  Check(result["errors"].empty(), name + ": no script error " + result["errors"].dump());
  return result;
}

// The indices each step should show, for `n` turns failing at `f`.
std::vector<std::pair<std::string, int>> ExpectedSteps(int n, int f) {
  const int last = n - 1;
  return {{"open", f}, {"next", std::min(f + 1, last)}, {"next", std::min(f + 2, last)},
          {"prev", std::min(f + 2, last) - 1}, {"failing", f}, {"last", last}, {"first", 0},
          {"key ArrowRight", std::min(1, last)}, {"key End", last}, {"key ArrowLeft", std::max(0, last - 1)},
          {"key Home", 0}, {"slider", f}};
}

// The steps of one replay of `m` failing at finding `f`; `boards_at` says
// how the board at an index must look.
template <typename BoardCheck>
void CheckSteps(const std::string& what, const json& replay, const harness::MatchResult& m,
                const harness::Finding& f, BoardCheck boards_at) {
  int at = -1;
  for (size_t i = 0; i < m.turns.size(); ++i)
    if (m.turns[i].turn == f.turn && m.turns[i].player == f.seat && at < 0) at = static_cast<int>(i);
  const int n = static_cast<int>(m.turns.size());
  Check(replay["turns"] == n && replay["failing"] == at && replay["turn"] == f.turn,
        what + ": the replay holds the " + std::to_string(n) + " turns, failing at step " + std::to_string(at));
  const auto expected = ExpectedSteps(n, at);
  const json& steps = replay["steps"];
  if (!steps.is_array() || steps.size() != expected.size()) {
    Check(false, what + ": " + std::to_string(expected.size()) + " steps recorded, got " + steps.dump());
    return;
  }
  std::string shown;
  for (size_t s = 0; s < expected.size(); ++s) {
    const auto& [action, index] = expected[s];
    const json& got = steps[s];
    const std::string step = what + ", after " + action + ": ";
    shown += (shown.empty() ? "" : " ") + action + "->" + got["turn"].dump();
    Check(got["action"] == action && got["index"] == index && got["slider"] == index &&
              got["turn"] == m.turns[index].turn,
          step + "shows turn " + std::to_string(m.turns[index].turn) + " (got " + got["turn"].dump() + ")");
    Check(got["highlight"] == (index == at) &&
              (index != at || got["outline_color"] == "rgb(220, 20, 60)"),
          step + "the failing-turn highlight is " + (index == at ? "on, crimson" : "off"));
    boards_at(step, index, at, got);
  }
  std::cout << "  " << what << " showed turns: " << shown << "\n";
  const json& failing = steps[4];
  Check(failing["sent"] == m.turns[at].input, what + ": at the failing turn the bytes sent are shown");
  Check(failing["received"] == EscapeBytes(m.turns[at].answer),
        what + ": at the failing turn the answer is shown escaped: " + failing["received"].dump());
  Check(failing.value("stderr", std::string()) == m.turns[at].stderr_lines,
        what + ": at the failing turn the bot's stderr of that turn is shown: " +
            failing.value("stderr", std::string("(none)")));
}

void CheckScreenshot(const std::string& chromium, const fs::path& dir, const std::string& name,
                     bool divergence, bool failing = true) {
  const fs::path png_path = dir / (name + ".png");
  const bool ran = RunChromium(chromium, dir,
                               {"--timeout=20000", "--virtual-time-budget=5000", "--window-size=1280,2000",
                                "--screenshot=" + png_path.string(), "file://" + (dir / (name + ".html")).string()},
                               dir / (name + ".screenshot.out"));
  const std::string bytes = ran ? Read(png_path) : "";
  Check(bytes.size() > 30000, name + ": a screenshot of " + std::to_string(bytes.size()) + " bytes was written");
  const Png png = ReadPng(bytes);
  Check(png.error.empty(), name + ": the screenshot is a PNG that decodes " + png.error);
  Check(png.width == 1280 && png.height == 2000,
        name + ": it is 1280x2000 (" + std::to_string(png.width) + "x" + std::to_string(png.height) + ")");
  if (!png.error.empty()) return;
  Check(DistinctColours(png) > 50, name + ": it is not blank (" + std::to_string(DistinctColours(png)) + " colours)");
  if (failing)
    Check(CountColour(png, kCrimson) > 500,
          name + ": the failing-turn outline is painted (" + std::to_string(CountColour(png, kCrimson)) + " crimson pixels)");
  else
    Check(CountColour(png, kCrimson) == 0,
          name + ": nothing is painted as failing (" + std::to_string(CountColour(png, kCrimson)) + " crimson pixels)");
  if (divergence)
    Check(CountColour(png, kMagenta) > 100,
          name + ": the differing block is marked (" + std::to_string(CountColour(png, kMagenta)) + " magenta pixels)");
}

void CheckCheckBotPage(const std::string& chromium, const fs::path& dir) {
  std::cout << "check-bot page (failing check-bot fixture):\n";
  const RunReport r = FailingCheckBotReport();
  const harness::MatchResult& m = r.matches.front();
  const json result = Selftest(chromium, dir, "check-bot", r);
  if (result.is_object()) {
    Check(result["replays"].size() == m.findings.size(), "check-bot: one replay per finding");
    for (size_t i = 0; i < m.findings.size() && i < result["replays"].size(); ++i) {
      CheckSteps("check-bot replay " + std::to_string(i) + " (" + m.findings[i].check + ")", result["replays"][i], m,
                 m.findings[i], [&](const std::string& step, int index, int, const json& got) {
                   const int pieces = PiecesOf(m.turns[index].input);
                   if (pieces < 0) {  // nothing was sent (a fallen player's turn): the raw text
                     Check(got["boards"] == 0 && got["raw"] == 1,
                           step + "no board but the raw text (nothing was sent)");
                     return;
                   }
                   Check(got["boards"] == 1 && got["cells"] == json::array({36}) &&
                             got["pieces"] == json::array({pieces}) && got["diff"] == 0 && got["raw"] == 0,
                         step + "one board, 36 blocks, " + std::to_string(pieces) + " players drawn (" +
                             got["cells"].dump() + ", " + got["pieces"].dump() + ")");
                 });
    }
  }
  CheckScreenshot(chromium, dir, "check-bot", false);
}

void CheckDivergencePage(const std::string& chromium, const fs::path& dir) {
  std::cout << "fuzz-referee page (referee divergence fixture):\n";
  const RunReport r = RefereeDivergenceReport();
  const harness::MatchResult& m = r.matches.front();
  const json result = Selftest(chromium, dir, "fuzz-referee", r);
  if (result.is_object() && result["replays"].size() == 1) {
    CheckSteps("fuzz-referee replay", result["replays"][0], m, m.findings.front(),
               [&](const std::string& step, int index, int at, const json& got) {
                 if (index == at) {
                   Check(got["boards"] == 2 && got["cells"] == json::array({36, 36}) && got["diff"] == 2,
                         step + "the referee's and the reference board side by side, one block marked on each (" +
                             got["cells"].dump() + ", diff " + got["diff"].dump() + ")");
                 } else {
                   Check(got["boards"] == 1 && got["cells"] == json::array({36}) && got["diff"] == 0,
                         step + "one board (" + got["cells"].dump() + ")");
                 }
               });
  } else {
    Check(false, "fuzz-referee: one replay");
  }
  CheckScreenshot(chromium, dir, "fuzz-referee", true);
}

// A run with --html keeps the first passing game of each kind whole: the
// page replays it after the findings, opening at its last turn.
void CheckPassingReplay(const std::string& chromium, const fs::path& dir) {
  std::cout << "passing game replay (failing fixture plus a passing game):\n";
  RunReport r = FailingCheckBotReport();
  r.keep_passing_replays = true;
  harness::MatchResult passing = FailingCheckBotReport().matches.front();
  passing.id = "game-2";
  passing.findings.clear();
  const int n = static_cast<int>(passing.turns.size());
  r.Add(passing);
  const json result = Selftest(chromium, dir, "passing", r);
  if (!result.is_object()) return;
  Check(result["replays"].size() == r.matches.front().findings.size() + 1,
        "passing: one replay a finding and one for the passing game");
  const json& last = result["replays"].back();
  const int shown = std::min(n, 100);
  Check(last["failing"] == -1 && last["turns"] == shown,
        "passing: the passing game's replay has no failing turn and its last " +
            std::to_string(shown) + " turns (" + last.dump().substr(0, 200) + ")");
  Check(last["steps"].is_array() && !last["steps"].empty() &&
            last["steps"][0]["index"] == shown - 1,
        "passing: it opens at the game's last turn");
  Check(Read(dir / "passing.dom.html").find("A passing game of each kind") != std::string::npos,
        "passing: the page has its section");
}

// play's page with every game passing: the win/draw/loss table first, the
// passing game's replay with no failing-turn button (arbiter.play.table).
void CheckPlayPage(const std::string& chromium, const fs::path& dir) {
  std::cout << "play page (two entrants, a passing game):\n";
  RunReport r = FailingCheckBotReport();
  r.tool = "play";
  r.keep_passing_replays = true;
  harness::MatchResult passing = r.matches.front();
  passing.findings.clear();
  r.matches.clear();
  r.Add(passing);
  r.standings = {{"./my-bot --fast", 1, 0, 0, 0}, {"builtin:idle", 0, 0, 1, 0}};
  const json result = Selftest(chromium, dir, "play", r);
  if (result.is_object()) {
    Check(result["replays"].size() == 1, "play: one replay, the passing game's");
    if (result["replays"].size() == 1)
      Check(result["replays"][0]["failing"] == -1, "play: the replay has no failing turn");
  }
  const std::string dom = Read(dir / "play.dom.html");
  const size_t results = dom.find("<section id=\"results\">");
  Check(results != std::string::npos && results < dom.find("id=\"passing\""),
        "play: the results table comes before the games");
  Check(dom.find("<td><code>./my-bot --fast</code></td><td>1</td>") != std::string::npos,
        "play: the table has the winner's row");
  const size_t button = dom.find("data-act=\"failing\"");
  Check(button != std::string::npos &&
            dom.substr(button, 200).find("hidden") != std::string::npos,
        "play: the passing replay's failing-turn button is hidden");
  CheckScreenshot(chromium, dir, "play", false, /*failing=*/false);
}

// 30 identical warnings, a note and a failure: one entry a group, the
// failure first, an index at the top, one replay a group, and a page that
// renders (arbiter.report.bounded).
void CheckGroupedPage(const std::string& chromium, const fs::path& dir) {
  std::cout << "grouped page (30 identical warnings, a note, a failure):\n";
  const RunReport r = ThirtyIdenticalWarningsReport();
  const json result = Selftest(chromium, dir, "grouped", r);
  if (result.is_object())
    Check(result["replays"].size() == 3,
          "grouped: one replay a group, 3, not one a finding (" +
              std::to_string(result["replays"].size()) + ")");
  const std::string dom = Read(dir / "grouped.dom.html");
  const size_t nav = dom.find("<nav id=\"finding-index\">"), end = dom.find("</nav>", nav);
  Check(nav != std::string::npos, "grouped: the findings open with an index");
  if (nav != std::string::npos) {
    const std::string index = dom.substr(nav, end - nav);
    int items = 0;
    for (size_t p = index.find("<li>"); p != std::string::npos; p = index.find("<li>", p + 1)) ++items;
    Check(items == 3, "grouped: the index has one line a group (" + std::to_string(items) + ")");
    const size_t crash = index.find("process.crash"), ws = index.find("action.whitespace"),
                 eof = index.find("process.no-exit-on-eof");
    Check(crash < ws && ws < eof, "grouped: the failure first, then the warning, then the note");
    Check(index.find("and 29 more match(es)") != std::string::npos,
          "grouped: the warning's line says it is in 29 more matches");
  }
  int sections = 0;
  for (size_t p = dom.find("class=\"finding sev-"); p != std::string::npos;
       p = dom.find("class=\"finding sev-", p + 1))
    ++sections;
  Check(sections == 3, "grouped: three findings shown in full (" + std::to_string(sections) + ")");
  CheckScreenshot(chromium, dir, "grouped", false);
}

}  // namespace
}  // namespace arbiter::report::testing

int main(int argc, char** argv) {
  using namespace arbiter::report::testing;
  KillBrowserOnSignals();
  const std::string chromium = FindChromium(argc > 1 ? argv[1] : "");
  if (chromium.empty()) {
    std::cout << "FAIL: chromium is missing, so the HTML report cannot be checked in a browser.\n"
                 "Install it with scripts/setup (Debian package chromium), then reconfigure.\n";
    return 1;
  }
  std::string tmpl = (fs::temp_directory_path() / "arbiter-html-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) {
    std::cout << "FAIL: cannot make a temporary directory\n";
    return 1;
  }
  const fs::path dir = tmpl;
  std::cout << "chromium: " << chromium << "\n";
  CheckCheckBotPage(chromium, dir);
  CheckDivergencePage(chromium, dir);
  CheckGroupedPage(chromium, dir);
  CheckPassingReplay(chromium, dir);
  CheckPlayPage(chromium, dir);
  if (failures == 0) {
    fs::remove_all(dir);
    std::cout << "PASS: " << passes
              << " checks: the reports render and their replays step as expected in headless Chromium\n";
    return 0;
  }
  std::cout << "FAIL: " << failures << " of " << failures + passes << " checks failed; the pages, DOM dumps, screenshots and logs are in "
            << dir.string() << "\n";
  return 1;
}
