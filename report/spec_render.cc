#include "spec_render.h"

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

std::string Str(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

}  // namespace

std::string RenderRegisterMarkdown(const nlohmann::json& reg) {
  const std::string game = Str(reg, "game");
  std::string out = "# " + Str(reg, "title") + " (" + game + "): spec register\n\n";
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
    out += "| `" + Str(c, "id") + "` | " + Str(c, "level") + " | " + Cell(Str(c, "summary")) +
           " | " + std::to_string(c["tests"].size()) + " |\n";
  }
  if (reg.contains("checks")) {
    out +=
        "\n## Bot checks\n\nThe checks of `arbiter check-bot`, each with the clause it enforces "
        "and its "
        "severity.\n\n| check | severity | clause | what the bot must do |\n| --- | --- | --- | "
        "--- |\n";
    for (const auto& k : reg["checks"]) {
      out += "| `" + Str(k, "id") + "` | " + Str(k, "severity") + " | `" + Str(k, "clause") +
             "` | " + Cell(Str(k, "title")) + " |\n";
    }
  }
  out += "\n## Decisions where the texts are silent or disagree\n\n";
  for (const auto& c : reg["clauses"]) {
    if (!c.contains("decision")) continue;
    const auto& d = c["decision"];
    out += "### `" + Str(c, "id") + "`: " + Str(d, "question") + "\n\n";
    out += "**Decision.** " + Str(d, "choice") + "\n\n";
    out += "**Why.** " + Str(d, "reasoning") + "\n\n";
    if (d.contains("option") && d["option"].is_string()) {
      out += "**Option.** `" + Str(d, "option") + "` (default `" + Str(d, "default") + "`)";
      for (const auto& alt : d["alternatives"])
        out += "; `" + Str(alt, "value") + "`: " + Str(alt, "meaning");
      out += "\n\n";
    } else {
      out += "**Option.** none: the alternative contradicts the text.\n\n";
    }
  }
  if (reg.contains("not_clauses") && !reg["not_clauses"].empty()) {
    out += "## Sentences that are not clauses\n\n";
    for (const auto& n : reg["not_clauses"]) {
      out +=
          "- en: " + Str(n, "en") + "\n  ja: " + Str(n, "ja") + "\n  why: " + Str(n, "why") + "\n";
    }
    out += "\n";
  }
  out += "## Clause texts and tests\n\n";
  for (const auto& c : reg["clauses"]) {
    out += "### `" + Str(c, "id") + "` (" + Str(c, "level") + ", " + Str(c, "section") + ")\n\n";
    out += Str(c, "summary") + "\n\n";
    out += "- en: " + Str(c, "en") + "\n- ja: " + Str(c, "ja") + "\n";
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
