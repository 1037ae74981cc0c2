// `arbiter list` (list.h). Games and profiles come from the games'
// registrations (engine/games.cc), checks and rule options from each game's
// register (spec-tests/<game>/clauses.json, compiled in): the same sources
// the commands read, so the list is what they accept. One line per item in
// text; with --json, one array of objects.
#include "cli/list.h"

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/option_checks.h"
#include "cli/run_common.h"
#include "core/game.h"
#include "report/registers.h"
#include "report/rule_options.h"

namespace arbiter::cli {
namespace {

using nlohmann::ordered_json;

ordered_json Games(const std::vector<const GameInfo*>& games) {
  ordered_json out = ordered_json::array();
  for (const GameInfo* g : games) out.push_back({{"game", g->name}, {"title", g->title}});
  return out;
}

ordered_json Checks(const std::vector<const GameInfo*>& games) {
  ordered_json out = ordered_json::array();
  for (const GameInfo* g : games) {
    const auto reg = nlohmann::json::parse(report::RegisterJson(g->name));
    for (const auto& c : reg["checks"])
      out.push_back({{"game", g->name},
                     {"check", c["id"]},
                     {"severity", c["severity"]},
                     {"clause", c["clause"]},
                     {"title", c["title"]}});
  }
  return out;
}

// The rule options of the register's decisions (report::RuleOptionsOf); the
// profile, chosen by --profile, is listed by `list profiles`.
ordered_json Rules(const std::vector<const GameInfo*>& games) {
  ordered_json out = ordered_json::array();
  for (const GameInfo* g : games) {
    for (const report::RuleOption& r : report::RuleOptionsOf(g->name)) {
      if (out.empty() || out.back()["game"] != g->name || out.back()["rule"] != r.key)
        out.push_back({{"game", g->name},
                       {"rule", r.key},
                       {"clause", r.clause},
                       {"values", ordered_json::array()}});
      out.back()["values"].push_back(
          {{"value", r.value}, {"default", r.is_default}, {"meaning", r.meaning}});
    }
  }
  return out;
}

// The deviations of each game's catalogue (GameInfo::deviations), the bugs
// fuzz-referee names a referee's divergences by (arbiter.referee.deviations).
ordered_json Deviations(const std::vector<const GameInfo*>& games) {
  ordered_json out = ordered_json::array();
  for (const GameInfo* g : games)
    for (const Deviation& d : g->deviations)
      out.push_back({{"game", g->name},
                     {"deviation", d.name},
                     {"clause", d.clause},
                     {"derivation", d.derivation},
                     {"does", d.does},
                     {"rule", d.rule}});
  return out;
}

ordered_json Profiles(const std::vector<const GameInfo*>& games) {
  ordered_json out = ordered_json::array();
  for (const GameInfo* g : games) {
    for (size_t i = 0; i < g->profiles.size(); ++i) {
      const Profile& p = g->profiles[i];
      ordered_json rules = ordered_json::object();
      for (const auto& [key, value] : p.rules) rules[std::string(key)] = value;
      out.push_back({{"game", g->name},
                     {"profile", p.name},
                     {"default", i == 0},
                     {"ready_ms", p.ready_ms},
                     {"first_action_ms", p.first_action_ms},
                     {"action_ms", p.action_ms},
                     {"server", p.server},
                     {"rules", rules}});
    }
  }
  return out;
}

void Text(const std::string& what, const ordered_json& items, std::ostream& out) {
  for (const auto& it : items) {
    const std::string game = it["game"];
    if (what == "games") {
      out << game << "  " << it["title"].get<std::string>() << "\n";
    } else if (what == "checks") {
      out << game << "  " << it["check"].get<std::string>() << "  "
          << it["severity"].get<std::string>() << "  " << it["clause"].get<std::string>() << "  "
          << it["title"].get<std::string>() << "\n";
    } else if (what == "rules") {
      out << game << "  --rule " << it["rule"].get<std::string>() << "=";
      bool first = true;
      for (const auto& v : it["values"]) {
        out << (first ? "" : "|") << v["value"].get<std::string>()
            << (v["default"].get<bool>() ? " (default)" : "");
        first = false;
      }
      out << "  " << it["clause"].get<std::string>() << "\n";
    } else if (what == "deviations") {
      out << game << "  " << it["deviation"].get<std::string>() << "  "
          << it["clause"].get<std::string>() << "  (" << it["derivation"].get<std::string>()
          << ")  " << it["does"].get<std::string>() << "; " << it["rule"].get<std::string>()
          << "\n";
    } else {
      out << game << "  --profile " << it["profile"].get<std::string>() << "  ";
      if (it["ready_ms"].get<int>() > 0) out << "READY " << it["ready_ms"] << " ms, ";
      if (it["first_action_ms"] != it["action_ms"] && it["first_action_ms"].get<int>() > 0)
        out << "first answer " << it["first_action_ms"] << " ms, ";
      out << "answers " << it["action_ms"] << " ms";
      if (it["default"].get<bool>()) out << " (default)";
      if (!it["server"].get<std::string>().empty())
        out << "; " << it["server"].get<std::string>() << ":";
      for (const auto& [key, value] : it["rules"].items())
        out << " " << key << "=" << value.get<std::string>();
      out << "\n";
    }
  }
}

}  // namespace

int RunList(const ListOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<const GameInfo*> games;
  std::string known;
  for (const GameInfo* g : AllGames()) {
    known += (known.empty() ? "" : ", ") + std::string(g->name);
    if (o.game.empty() || g->name == o.game) games.push_back(g);
  }
  if (games.empty()) {
    err << "arbiter list: --game: unknown game '" << o.game << "' (known: " << known << ")\n";
    return 2;
  }
  const ordered_json items = o.what == "games"        ? Games(games)
                             : o.what == "checks"     ? Checks(games)
                             : o.what == "rules"      ? Rules(games)
                             : o.what == "deviations" ? Deviations(games)
                                                      : Profiles(games);
  if (o.what == "deviations" && items.empty() && !o.json) {
    // Said, not an empty list that reads as "nothing to check".
    out << "no deviations catalogued for " << (o.game.empty() ? "any game" : o.game)
        << ": fuzz-referee reports its divergences by the first differing field\n";
  } else if (o.json) {
    out << items.dump(2) << "\n";
  } else {
    Text(o.what, items, out);
  }
  return 0;
}

// The `list` subcommand and its options, into `o`.
CLI::App* AddListCommand(CLI::App& app, ListOptions& o) {
  auto* c = app.add_subcommand(
      "list",
      "What arbiter knows: its games, checks, rule options (--rule), profiles and the referee "
      "bugs fuzz-referee names (deviations)");
  c->add_option("what", o.what, "games, checks, rules, profiles or deviations")
      ->required()
      ->check(CLI::IsMember({"games", "checks", "rules", "profiles", "deviations"}));
  c->add_option("--game", o.game, "Only this game (default: every game)");
  c->add_flag("--json", o.json, "Print a JSON array instead of one line per item");
  return c;
}

}  // namespace arbiter::cli
