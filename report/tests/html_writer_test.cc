// The HTML report: its approved baselines for the three fixtures, and the
// properties a baseline alone would not state: the page fetches nothing,
// hostile bytes from a bot or a referee only ever appear escaped, the
// embedded replay data parses and holds the board of the failing turn (and
// for a divergence both boards with the differing block), long games are
// cut around the failing turn, games without views fall back to raw text,
// and the latency histogram counts every answer in the right bin.
// (The page in a real browser: html_browser_check.cc.)
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "core/parse.h"
#include "report/html_internal.h"
#include "report/run_report.h"
#include "report/tests/baseline.h"
#include "report/tests/fixtures.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::report::testing {
namespace {

using nlohmann::json;

std::string Html(const RunReport& r) {
  std::ostringstream out;
  WriteHtml(r, out);
  return out.str();
}

// The JSON embedded in the page.
json Data(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"arbiter-data\">";
  const size_t a = page.find(open);
  if (a == std::string::npos) return nullptr;
  const size_t b = page.find("</script>", a);
  return json::parse(page.substr(a + open.size(), b - a - open.size()));
}

json Expand(const json& view, const json& pool) {
  json v = view;
  for (const char* key : {"cells", "pieces"}) {
    v[key] = json::array();
    for (const json& i : view[key]) v[key].push_back(pool[i.get<int>()]);
  }
  return v;
}

size_t CountOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(HtmlReport, EachFixtureMatchesItsApprovedHtmlBaseline) {
  EXPECT_TRUE(MatchesBaseline("check-bot.html", Html(FailingCheckBotReport())));
  EXPECT_TRUE(MatchesBaseline("fuzz-referee.html", Html(RefereeDivergenceReport())));
  EXPECT_TRUE(MatchesBaseline("spec.html", Html(SpecReportWithResults())));
  // play's page with every game passing: its results table, a passing
  // replay with no failing turn (arbiter.play.table).
  EXPECT_TRUE(MatchesBaseline("play.html", Html(PassingPlayReport())));
}

TEST(HtmlReport, ThePageReferencesNoExternalResource) {
  for (const RunReport& r :
       {FailingCheckBotReport(), RefereeDivergenceReport(), SpecReportWithResults()}) {
    const std::string page = Html(r);
    for (const char* bad : {"src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "url(",
                            "<link", "<iframe", "https://", "fetch(", "XMLHttpRequest"})
      EXPECT_EQ(page.find(bad), std::string::npos) << r.tool << ": " << bad;
    EXPECT_NE(page.find("Content-Security-Policy\" content=\"default-src 'none'"),
              std::string::npos);
    EXPECT_EQ(CountOf(page, "<script"), 2u) << r.tool;  // the data and the inline script
  }
}

TEST(HtmlReport, HostileBytesFromABotOrARefereeAppearOnlyEscaped) {
  const std::string hostile = "</script><img src=x onerror=alert(1)>";
  RunReport r = FailingCheckBotReport();
  harness::MatchResult& m = r.matches.front();
  harness::Finding& f = m.findings.front();
  for (auto& t : m.turns) {
    if (t.turn != f.turn) continue;
    t.answer = hostile + "\x01\xff";
    t.events.push_back({hostile, hostile, hostile});
  }
  m.turns.front().input = hostile;  // as a hostile referee could send
  m.description = hostile;
  f.message = hostile;
  f.received = EscapeBytes(hostile);
  f.stderr_tail = hostile;
  f.advice = hostile;
  f.match = hostile;
  r.bot = {hostile};
  r.command = hostile;
  const std::string page = Html(r);
  EXPECT_EQ(page.find(hostile), std::string::npos);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(CountOf(page, "</script>"), 2u);
  EXPECT_GE(CountOf(page, "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"), 6u);
  // The data still carries the bytes, escaped in the JSON and, for the
  // answer, escaped as bytes too.
  const json data = Data(page);
  const json& turns = data["tracks"][0]["turns"];
  EXPECT_EQ(turns[0]["in"], hostile);
  bool found = false;
  for (const json& t : turns)
    if (t["t"] == f.turn) found = found || t["ans"] == hostile + "\\x01\\xff";
  EXPECT_TRUE(found);
}

TEST(HtmlReport, TheEmbeddedDataHoldsTheBoardOfEachFailingTurn) {
  const RunReport r = FailingCheckBotReport();
  const json data = Data(Html(r));
  ASSERT_TRUE(data.is_object());
  ASSERT_EQ(data["replays"].size(), r.matches.front().findings.size());
  ASSERT_EQ(data["tracks"].size(), 1u);
  const json& track = data["tracks"][0];
  EXPECT_EQ(track["truncated"], false);
  EXPECT_EQ(track["turns"].size(), r.matches.front().turns.size());
  for (size_t i = 0; i < r.matches.front().findings.size(); ++i) {
    const harness::Finding& f = r.matches.front().findings[i];
    const json& spec = data["replays"][i];
    ASSERT_GE(spec["failing"].get<int>(), 0) << f.check;
    const json& turn = track["turns"][spec["failing"].get<int>()];
    EXPECT_EQ(turn["t"], f.turn);
    EXPECT_EQ(turn["p"], f.seat);
    EXPECT_EQ(turn["in"], f.input);
    ASSERT_TRUE(turn["v"].is_object()) << f.check;
    const json view = Expand(turn["v"], data["pool"]);
    EXPECT_EQ(view["cells"].size(), 36u);
    for (const json& c : view["cells"])
      EXPECT_TRUE(c["cls"] == "stable" || c["cls"] == "scheduled" || c["cls"] == "fallen") << c;
    EXPECT_GE(view["pieces"].size(), 1u);
  }
}

TEST(HtmlReport, ADivergenceEmbedsBothBoardsWithTheDifferingBlock) {
  const RunReport r = RefereeDivergenceReport();
  const json data = Data(Html(r));
  ASSERT_EQ(data["replays"].size(), 1u);
  const json& spec = data["replays"][0];
  const json& d = spec["divergence"];
  ASSERT_TRUE(d.is_object());
  ASSERT_TRUE(d["referee"].is_object());
  ASSERT_TRUE(d["reference"].is_object());
  EXPECT_EQ(d["reference_text"], r.matches.front().findings.front().input);
  EXPECT_EQ(d["referee_text"], *UnescapeBytes(r.matches.front().findings.front().received));
  // B[2][3] is the block at squares (6, 9), on both sides.
  for (const char* side : {"referee", "reference"}) {
    const json& cells = d["diff"][std::string(side) + "_cells"];
    ASSERT_EQ(cells.size(), 1u) << side;
    const json cell = Expand(d[side], data["pool"])["cells"][cells[0].get<int>()];
    EXPECT_EQ(cell["r"], 6);
    EXPECT_EQ(cell["c"], 9);
  }
  EXPECT_TRUE(d["diff"]["referee_pieces"].empty());
  const json& track = data["tracks"][spec["track"].get<int>()];
  EXPECT_EQ(spec["failing"].get<int>() + 1, static_cast<int>(track["turns"].size()));
}

TEST(HtmlReport, ALongGameIsCutAroundItsFailingTurnAndThePageSaysSo) {
  RunReport r = FailingCheckBotReport();
  harness::MatchResult& m = r.matches.front();
  const std::vector<harness::TurnRecord> base = m.turns;
  m.turns.clear();
  for (int i = 0; i < 1000; ++i) {
    m.turns.push_back(base[i % base.size()]);
    m.turns.back().turn = i;
  }
  m.findings.resize(1);
  m.findings[0].turn = 700;
  m.findings[0].seat = m.turns[700].player;
  const std::string page = Html(r);
  const json data = Data(page);
  const json& track = data["tracks"][0];
  EXPECT_EQ(track["turns"].size(), static_cast<size_t>(html::kMaxEmbeddedTurns));
  EXPECT_EQ(track["truncated"], true);
  EXPECT_EQ(track["total"], 1000);
  const int failing = data["replays"][0]["failing"];
  EXPECT_EQ(track["turns"][failing]["t"], 700);
  EXPECT_EQ(track["offset"].get<int>() + failing, 700);
  EXPECT_NE(
      page.find("This game has 1000 turns; the replay embeds the 400 around the failing turn"),
      std::string::npos);
}

TEST(HtmlReport, AGameWithoutBoardViewsOrAnUnreadableMessageFallsBackToRawText) {
  RunReport r = FailingCheckBotReport();
  r.matches.front().turns.front().input = "not a jc2015 message\n";
  json data = Data(Html(r));
  EXPECT_TRUE(data["tracks"][0]["turns"][0]["v"].is_null());
  EXPECT_TRUE(data["tracks"][0]["turns"][1]["v"].is_object());
  r.game = "no-such-game";
  const std::string page = Html(r);
  data = Data(page);
  EXPECT_EQ(data["has_view"], false);
  for (const json& t : data["tracks"][0]["turns"]) EXPECT_TRUE(t["v"].is_null());
  EXPECT_NE(page.find("class=\"replay\""), std::string::npos);
}

// Every bar's count, checked against the sample itself.
void ExpectBarsCount(const std::string& svg, const std::vector<double>& sample) {
  const std::regex bar(
      R"re(<rect class="bar" data-lo="([0-9.]+)" data-hi="([0-9.]+)" data-count="([0-9]+)")re");
  int bars = 0, total = 0;
  double previous_hi = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bar); it != std::sregex_iterator();
       ++it) {
    const double lo = std::stod((*it)[1]), hi = std::stod((*it)[2]);
    const int count = std::stoi((*it)[3]);
    EXPECT_DOUBLE_EQ(lo, previous_hi) << "bins are contiguous from 0";
    int expected = 0;
    for (double v : sample) expected += v >= lo - 1e-9 && v < hi - 1e-9;
    EXPECT_EQ(count, expected) << "[" << lo << ", " << hi << ")";
    previous_hi = hi;
    ++bars;
    total += count;
  }
  EXPECT_EQ(total, static_cast<int>(sample.size()));
  EXPECT_GE(bars, 1);
  EXPECT_LE(bars, html::Histogram::kMaxBins);
}

TEST(HtmlReport, TheHistogramHasOneBarPerBinWithTheRightCounts) {
  const std::vector<double> sample = {0.2, 3, 3.5, 4.99, 5, 5, 12, 49.9, 50, 99.99, 131.5};
  const html::Histogram h = html::BinLatencies(sample, 100);
  EXPECT_EQ(h.width, 10);
  ASSERT_EQ(h.counts.size(), 14u);  // [0, 140): past the limit and the largest answer
  EXPECT_EQ(h.counts[0], 6);
  EXPECT_EQ(h.counts[1], 1);
  EXPECT_EQ(h.counts[4], 1);
  EXPECT_EQ(h.counts[5], 1);
  EXPECT_EQ(h.counts[9], 1);
  EXPECT_EQ(h.counts[13], 1);
  const std::string svg = html::LatencyHistogramSvg(sample, 100);
  EXPECT_EQ(CountOf(svg, "<rect class=\"bar\""), h.counts.size());
  ExpectBarsCount(svg, sample);
  EXPECT_NE(svg.find("class=\"limit\""), std::string::npos);
  EXPECT_NE(svg.find("limit 100 ms"), std::string::npos);
  EXPECT_NE(svg.find("answer time (ms)"), std::string::npos);
  // Inexact widths: values on bin edges land in the upper bin.
  ExpectBarsCount(html::LatencyHistogramSvg({0.1, 0.2, 0.3, 0.7, 1.0}, 1),
                  {0.1, 0.2, 0.3, 0.7, 1.0});
  EXPECT_EQ(html::LatencyHistogramSvg({}, 100), "");
}

TEST(HtmlReport, TheCheckBotPageHistogramsEveryAnswerButTheFirstAgainstTheAnswerLimit) {
  // One bot: its first answer has the first answer's limit, said apart; the
  // histogram against the answer limit holds every later one.
  const RunReport r = FailingCheckBotReport();
  const std::string page = Html(r);
  const size_t a = page.find("<svg class=\"histogram\""), b = page.find("</svg>", a);
  ASSERT_NE(a, std::string::npos);
  const std::vector<double>& all = r.matches.front().latencies_ms;
  ASSERT_GT(all.size(), 2u);
  ExpectBarsCount(page.substr(a, b - a), std::vector<double>(all.begin() + 1, all.end()));
  EXPECT_NE(page.find("<p>First answers (1): max "), std::string::npos);
  EXPECT_NE(page.find(std::to_string(all.size() - 1) + " later answers: median"),
            std::string::npos);
  EXPECT_EQ(Html(RefereeDivergenceReport()).find("class=\"histogram\""), std::string::npos);
}

TEST(HtmlReport, TheHeaderStatesVerdictVersionProfileSeedBotAndCommand) {
  const std::string page = Html(FailingCheckBotReport());
  EXPECT_NE(page.find("<div class=\"verdict fail\" id=\"verdict\">FAIL</div>"), std::string::npos);
  EXPECT_NE(page.find(std::string("<tr><th>arbiter</th><td>") + kVersion), std::string::npos);
  EXPECT_NE(page.find("<code>ja</code>: READY 1000 ms, first answer 100 ms, answers 100 ms"),
            std::string::npos);
  EXPECT_NE(page.find("<tr><th>seed</th><td>7 (games: 7)</td></tr>"), std::string::npos);
  EXPECT_NE(page.find("<code>./my-bot --fast</code>"), std::string::npos);
  EXPECT_NE(page.find("<code>arbiter check-bot --seed 7 -- ./my-bot --fast</code>"),
            std::string::npos);
  const std::string spec = Html(SpecReportWithResults());
  EXPECT_NE(spec.find("<details class=\"texts\">"), std::string::npos);
  EXPECT_NE(spec.find("<dt>ja</dt>"), std::string::npos);
}

CITES(HtmlReport, PlaysPageShowsItsWinDrawLossTableFirst, "arbiter.play.table");
TEST(HtmlReport, PlaysPageShowsItsWinDrawLossTableFirst) {
  RunReport r = FailingCheckBotReport();
  r.tool = "play";
  r.matches.resize(1);
  r.matches[0].findings.clear();
  r.standings = {{"./bot-a", 1, 0, 0, 0}, {"builtin:idle", 0, 0, 1, 0}};
  const std::string page = Html(r);
  const size_t results = page.find("<section id=\"results\">");
  ASSERT_NE(results, std::string::npos);
  EXPECT_LT(results, page.find("<section id=\"findings\">"));
  EXPECT_NE(page.find("<tr><td><code>./bot-a</code></td><td>1</td><td>0</td><td>0</td><td>0</td>"
                      "<td>100% (21%-100%)</td></tr>"),
            std::string::npos);
  EXPECT_NE(page.find("<td><code>builtin:idle</code></td><td>0</td><td>0</td><td>1</td>"),
            std::string::npos);
  EXPECT_EQ(Html(FailingCheckBotReport()).find("id=\"results\""), std::string::npos);
}

}  // namespace
}  // namespace arbiter::report::testing
