#include "report/spec_render.h"

namespace arbiter::report {
namespace {

std::string Cell(std::string s) {
  std::string out;
  for (char ch : s) {
    if (ch == '|')
      out += "\\|";
    else if (ch == '\n')
      out += ' ';
    else
      out += ch;
  }
  return out;
}

}  // namespace

std::string RenderRegisterMarkdown(const nlohmann::json& reg) {
  const std::string game = JsonString(reg, "game");
  std::string out = "# " + JsonString(reg, "title") + " (" + game + "): spec register\n\n";
  out += "Generated from `spec-tests/" + game + "/clauses.json` by `scripts/update-register`; " +
         "edit the register, not this file. `arbiter spec --game " + game +
         " --results FILE` adds the tests' results.\n\n";
  out += "Sources (in `shared/seeds/`):\n\n";
  for (const auto& [key, value] : reg["sources"].items())
    out += "- " + key + ": " + value.get<std::string>() + "\n";
  out += "\nLevels: ";
  bool first = true;
  for (const auto& [key, value] : reg["levels"].items()) {
    out += (first ? "" : "; ") + key + ": " + value.get<std::string>();
    first = false;
  }
  out += ".\n\n## Clauses\n\n| clause | level | rule | tests |\n| --- | --- | --- | --- |\n";
  for (const auto& c : reg["clauses"]) {
    out += "| `" + JsonString(c, "id") + "` | " + JsonString(c, "level") + " | " +
           Cell(JsonString(c, "summary")) + " | " + std::to_string(c["tests"].size()) + " |\n";
  }
  if (reg.contains("checks")) {
    out +=
        "\n## Bot checks\n\nThe checks of `arbiter check-bot`, each with the clause it enforces "
        "and its "
        "severity.\n\n| check | severity | clause | what the bot must do |\n| --- | --- | --- | "
        "--- |\n";
    for (const auto& k : reg["checks"]) {
      out += "| `" + JsonString(k, "id") + "` | " + JsonString(k, "severity") + " | `" +
             JsonString(k, "clause") + "` | " + Cell(JsonString(k, "title")) + " |\n";
    }
  }
  out += "\n## Decisions where the texts are silent or disagree\n\n";
  for (const auto& c : reg["clauses"]) {
    if (!c.contains("decision")) continue;
    const auto& d = c["decision"];
    out += "### `" + JsonString(c, "id") + "`: " + JsonString(d, "question") + "\n\n";
    out += "**Decision.** " + JsonString(d, "choice") + "\n\n";
    out += "**Why.** " + JsonString(d, "reasoning") + "\n\n";
    if (d.contains("option") && d["option"].is_string()) {
      out += "**Option.** `" + JsonString(d, "option") + "` (default `" + JsonString(d, "default") +
             "`)";
      for (const auto& alt : d.value("alternatives", nlohmann::json::array()))
        out += "; `" + JsonString(alt, "value") + "`: " + JsonString(alt, "meaning");
      out += "\n\n";
    } else {
      out += "**Option.** none: the alternative contradicts the text.\n\n";
    }
  }
  if (reg.contains("not_clauses") && !reg["not_clauses"].empty()) {
    out += "## Sentences that are not clauses\n\n";
    for (const auto& n : reg["not_clauses"]) {
      out += "- en: " + JsonString(n, "en") + "\n  ja: " + JsonString(n, "ja") +
             "\n  why: " + JsonString(n, "why") + "\n";
    }
    out += "\n";
  }
  out += "## Clause texts and tests\n\n";
  for (const auto& c : reg["clauses"]) {
    out += "### `" + JsonString(c, "id") + "` (" + JsonString(c, "level") + ", " +
           JsonString(c, "section") + ")\n\n";
    out += JsonString(c, "summary") + "\n\n";
    out += "- en: " + JsonString(c, "en") + "\n- ja: " + JsonString(c, "ja") + "\n";
    if (c["tests"].empty()) {
      out += "- tests: none (uncovered)\n\n";
    } else {
      out += "- tests:\n";
      for (const auto& t : c["tests"]) out += "  - `" + t.get<std::string>() + "`\n";
      out += "\n";
    }
  }
  return out;
}

}  // namespace arbiter::report
