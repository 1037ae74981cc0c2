#include "run_common.h"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>

#include "registers.h"

namespace arbiter::cli {

int Usage(std::ostream& err, const std::string& command, const std::string& message) {
  err << "arbiter " << command << ": " << message << "\n";
  return 2;
}

bool Prepare(const RunOptions& o, const std::string& command, Prepared& p, std::ostream& err) {
  p.game = FindGame(o.game);
  if (!p.game) {
    std::string known;
    for (const GameInfo* g : AllGames()) known += " " + std::string(g->name);
    Usage(err, command, "--game: unknown game '" + o.game + "' (known:" + known + ")");
    return false;
  }
  p.profile = &p.game->profiles.front();
  if (!o.profile.empty()) {
    p.profile = nullptr;
    std::string known;
    for (const TimingProfile& t : p.game->profiles) {
      known += " " + std::string(t.name);
      if (t.name == o.profile) p.profile = &t;
    }
    if (!p.profile) {
      Usage(err, command, "--profile: unknown profile '" + o.profile + "' (known:" + known + ")");
      return false;
    }
  }
  for (const std::string& kv : o.rules) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos) {
      Usage(err, command, "--rule '" + kv + "': expected key=value");
      return false;
    }
    p.rules.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  std::string error;
  if (!p.game->new_game(o.seed, p.rules, error)) {
    Usage(err, command, "--rule: " + error);
    return false;
  }
  for (auto [value, name] :
       {std::pair{o.ready_ms, "--ready-ms"}, std::pair{o.action_ms, "--action-ms"}}) {
    if (value && (*value < 1 || *value > 600000)) {
      Usage(err, command, std::string(name) + " must be between 1 and 600000");
      return false;
    }
  }
  harness::SessionConfig& c = p.config;
  if (p.game->ready_line) c.ready_line = std::string(*p.game->ready_line);
  c.ready_ms = o.ready_ms.value_or(p.profile->ready_ms);
  c.first_action_ms = o.action_ms.value_or(p.profile->first_action_ms);
  c.action_ms = o.action_ms.value_or(p.profile->action_ms);
  c.limits.memory_mb = o.memory_mb;
  c.limits.address_space_mb = o.address_space_mb;
  c.limits.cpu_seconds = o.cpu_seconds;
  c.limits.no_network = o.no_network;
  for (const std::string& kv : o.env) {
    if (!harness::ValidEnvironmentEntry(kv)) {
      Usage(err, command, "--env '" + kv + "': expected KEY=VALUE (KEY of letters, digits, _)");
      return false;
    }
  }
  c.env.extra = o.env;
  c.env.inherit = o.inherit_env;
  if (o.no_network && !harness::NetworkIsolationAvailable(error)) {
    Usage(err, command, "--no-network is not available here: " + error);
    return false;
  }
  const auto reg = nlohmann::json::parse(report::RegisterJson(p.game->name));
  p.catalog = harness::CatalogFromRegister(reg);
  for (const auto& [id, info] : p.catalog.all()) (void)id;
  for (const auto& check : reg["checks"]) p.checks.push_back(*p.catalog.Find(check["id"]));
  if (reg.contains("check_variants")) {
    for (const auto& variant : reg["check_variants"]) {
      std::vector<std::pair<std::string, std::string>> rules;
      for (const auto& [key, value] : variant.items())
        rules.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
      p.check_variants.push_back(std::move(rules));
    }
  }
  return true;
}

std::string MemoryLimitsText(const harness::Limits& l) {
  std::string text = l.memory_mb > 0 ? "resident memory limit " + std::to_string(l.memory_mb) +
                                           " MB per bot (--memory-mb)"
                                     : "no memory limit";
  if (l.address_space_mb > 0)
    text += ", address space " + std::to_string(l.address_space_mb) + " MB (--address-space-mb)";
  if (l.cpu_seconds > 0) text += ", CPU time " + std::to_string(l.cpu_seconds) + " s";
  return text;
}

report::RunReport NewReport(const RunOptions& o, const Prepared& p, const std::string& tool) {
  report::RunReport r;
  r.tool = tool;
  r.game = std::string(p.game->name);
  r.profile = std::string(p.profile->name);
  r.ready_ms = p.config.ready_ms;
  r.first_action_ms = p.config.first_action_ms;
  r.action_ms = p.config.action_ms;
  r.seed = o.seed;
  r.command = o.command_line;
  r.checks = p.checks;
  r.environment = harness::DescribeEnvironment(p.config.env);
  r.memory_limits = MemoryLimitsText(p.config.limits);
  return r;
}

report::Calibration Calibrate(harness::Env& env, const harness::SessionConfig& config,
                              int samples) {
  report::Calibration cal;
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return cal;
  harness::SpawnOptions so;
  so.argv = {std::string(self, n), "echo-bot"};
  so.limits = config.limits;
  std::string error;
  auto bot = env.Spawn(so, error);
  if (!bot) return cal;
  auto line = [&] { return bot->HasLine() || bot->exited(); };
  if (!env.RunUntil(env.Now() + std::chrono::seconds(5), line) || !bot->HasLine()) return cal;
  bot->PopLine();  // READY
  std::vector<double> ms;
  for (int i = 0; i < samples; ++i) {
    bot->Write("ping\n");
    const auto sent = env.Now();
    if (!env.RunUntil(sent + std::chrono::seconds(1), line) || !bot->HasLine()) break;
    const harness::TimedLine tl = bot->PopLine();
    ms.push_back(
        std::chrono::duration<double, std::milli>(tl.at - bot->write_done_at().value_or(sent))
            .count());
  }
  bot->CloseStdin();
  env.RunUntil(env.Now() + std::chrono::milliseconds(500), [&] { return bot->exited(); });
  bot->Terminate(std::chrono::milliseconds(200));
  cal.samples = static_cast<int>(ms.size());
  cal.median_ms = report::Percentile(ms, 50);
  cal.p99_ms = report::Percentile(ms, 99);
  cal.max_ms = report::Percentile(ms, 100);
  return cal;
}

Progress::Progress(bool quiet, std::ostream& err) : on_(!quiet && isatty(2)), err_(err) {}

harness::Progress Progress::Callback() {
  if (!on_) return {};
  return [this](const std::string& match, int turn) {
    const long long now = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::steady_clock::now().time_since_epoch())
                              .count();
    if (now - last_ms_ < 100) return;
    last_ms_ = now;
    err_ << "\r\033[K  " << match << ", turn " << turn << std::flush;
    drawn_ = true;
  };
}

void Progress::Clear() {
  if (drawn_) err_ << "\r\033[K" << std::flush;
}

int Finish(const RunOptions& o, const report::RunReport& run, std::ostream& out,
           std::ostream& err) {
  report::RunReport rep = run;
  std::vector<nlohmann::json> registers;
  for (const std::string_view name : {std::string_view(rep.game), std::string_view("arbiter")})
    if (const std::string_view text = report::RegisterJson(name); !text.empty())
      registers.push_back(nlohmann::json::parse(text));
  report::FillClausesFromChecks(rep, registers);
  using Writer = void (*)(const report::RunReport&, std::ostream&);
  const std::pair<std::string, Writer> files[] = {{o.json_path, &report::WriteJson},
                                                  {o.junit_path, &report::WriteJunit},
                                                  {o.markdown_path, &report::WriteMarkdown},
                                                  {o.html_path, &report::WriteHtml}};
  for (const auto& [path, writer] : files) {
    if (path.empty()) continue;
    std::ofstream f(path, std::ios::binary);
    writer(rep, f);
    f.close();
    if (!f) {
      err << "arbiter " << rep.tool << ": cannot write '" << path << "'\n";
      return 2;
    }
  }
  const bool colour = isatty(1) && !std::getenv("NO_COLOR");
  if (o.quiet) {
    out << (rep.Failed() ? "FAIL" : "PASS") << "\n";
  } else {
    report::WriteTerminal(rep, out, colour, o.verbose);
  }
  if (rep.interrupt_signal != 0) return 128 + rep.interrupt_signal;
  if (!rep.harness_error.empty()) return 2;
  return rep.Failed() ? 1 : 0;
}

}  // namespace arbiter::cli
