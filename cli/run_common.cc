#include "cli/run_common.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "process/command_line.h"
#include "core/parse.h"
#include "process/interrupt.h"
#include "process/memory_cgroup.h"
#include "referee/referee_match.h"
#include "cli/referee_run.h"
#include "report/registers.h"
#include "process/sandbox.h"
#include "referee/seed_line.h"

namespace arbiter::cli {
namespace {

// Whether `path` can be written, probed without harm: an existing file is
// opened for appending (never truncated), a new one is created and removed;
// a device or pipe (/dev/stdout) is asked with access(2), since opening it
// could block. False with the reason (errno text).
bool Writable(const std::string& path, std::string& reason) {
  struct stat st {};
  int fd = -1;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      reason = std::strerror(EISDIR);
      return false;
    }
    if (!S_ISREG(st.st_mode)) {
      if (::access(path.c_str(), W_OK) == 0) return true;
      reason = std::strerror(errno);
      return false;
    }
    fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  } else {
    fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) ::unlink(path.c_str());
  }
  if (fd < 0) {
    reason = std::strerror(errno);
    return false;
  }
  ::close(fd);
  return true;
}

// Whether two paths name the same file: the same inode when both exist,
// else the same path once made absolute and normalised.
bool SameFile(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  std::error_code ec;
  const auto na = std::filesystem::absolute(a, ec).lexically_normal();
  const auto nb = std::filesystem::absolute(b, ec).lexically_normal();
  return !ec && na == nb;
}

// Writes `text` to `path`; "" or the reason it failed (errno text).
std::string WriteWholeFile(const std::string& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return std::strerror(errno);
  int error = std::fwrite(text.data(), 1, text.size(), f) == text.size() ? 0 : errno ? errno : EIO;
  if (std::fclose(f) != 0 && error == 0) error = errno;
  return error == 0 ? "" : std::strerror(error);
}

}  // namespace

std::optional<std::pair<int, int>> ParseShard(const std::string& text, std::string& error) {
  const size_t slash = text.find('/');
  const auto i = ParseCanonicalInt(std::string_view(text).substr(0, slash));
  const auto n = slash == std::string::npos
                     ? std::nullopt
                     : ParseCanonicalInt(std::string_view(text).substr(slash + 1));
  if (!i || !n || *n < 1 || *n > 10000 || *i < 1 || *i > *n) {
    error = "--shard: '" + text + "' is not I/N with 1 <= I <= N <= 10000 (e.g. 3/16)";
    return std::nullopt;
  }
  return std::pair<int, int>(static_cast<int>(*i) - 1, static_cast<int>(*n));
}

namespace {

// Writes one file of a match with `write`; says once per `said` flag when it fails.
template <class Write>
void WriteMatchFile(const std::string& path, const std::string& what, const std::string& tool,
                    std::atomic<bool>& said, std::ostream& err, Write write) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  write(out);
  out.close();
  if (!out && !said.exchange(true))
    err << "arbiter " << tool << ": cannot write the " << what << " '" << path
        << "': " << std::strerror(errno) << "\n";
}

}  // namespace

std::string MakeFolder(const std::string& dir, const std::string& option, bool* made) {
  std::error_code ec;
  const bool existed = std::filesystem::exists(dir, ec);
  if (existed && !std::filesystem::is_directory(dir, ec))
    return option + " '" + dir + "': cannot make the folder: a file of that name is in the way";
  std::filesystem::create_directories(dir, ec);
  if (!ec && std::filesystem::is_directory(dir, ec)) {
    if (made) *made = !existed;
    return "";
  }
  return option + " '" + dir + "': cannot make the folder" +
         (ec ? ": " + ec.message() : std::string(": a file of that name is in the way"));
}

namespace {

bool MakeFolderOrSay(const std::string& dir, const std::string& option, const std::string& command,
                     std::ostream& err) {
  const std::string e = MakeFolder(dir, option);
  if (!e.empty()) Usage(err, command, e);
  return e.empty();
}

}  // namespace

bool PrepareLogDir(const RunOptions& o, const std::string& command, std::ostream& err) {
  return o.log_dir.empty() || MakeFolderOrSay(o.log_dir, "--log-dir", command, err);
}

bool PrepareTranscriptsDir(const RunOptions& o, const std::string& command, std::ostream& err) {
  return o.transcripts != "all" ||
         MakeFolderOrSay(o.transcripts_dir, "--transcripts-dir", command, err);
}

void WriteLog(const RunOptions& o, const report::RunReport& rep, const harness::MatchResult& m,
              std::ostream& err) {
  if (o.log_dir.empty()) return;
  static std::atomic<bool> said{false};
  WriteMatchFile((std::filesystem::path(o.log_dir) / (m.id + ".log")).string(), "match log",
                 rep.tool, said, err,
                 [&](std::ostream& out) { report::WriteMatchLog(rep, m, out); });
}

void WriteTranscript(const RunOptions& o, const report::RunReport& rep,
                     const harness::MatchResult& m, std::ostream& err) {
  if (o.transcripts != "all") return;
  static std::atomic<bool> said{false};
  WriteMatchFile((std::filesystem::path(o.transcripts_dir) / (m.id + ".json")).string(),
                 "transcript", rep.tool, said, err,
                 [&](std::ostream& out) { report::WriteMatchJson(rep, m, out); });
}

int Usage(std::ostream& err, const std::string& command, const std::string& message) {
  err << "arbiter " << command << ": " << message << "\n";
  return 2;
}

// Containment (arbiter.process.contained): on where the machine allows it,
// required with --sandbox, off with --no-sandbox; the memory limit in a
// cgroup wherever one can be made.
std::string ConfigureContainment(const RunOptions& o, harness::SessionConfig& c,
                                 std::ostream& err) {
  if (o.sandbox && o.no_sandbox) return "--sandbox and --no-sandbox contradict each other";
  if (!o.runs_bots) return "";
  std::string why;
  c.containment.memory_cgroup = o.memory_mb > 0 && harness::MemoryCgroupAvailable(why);
  if (o.no_sandbox) return "";
  if (harness::SandboxAvailable(why)) {
    c.containment.sandbox = true;
    c.limits.no_network = false;  // bubblewrap's own network namespace
    return "";
  }
  if (o.sandbox) return "--sandbox: bots cannot be contained here: " + why;
  err << "arbiter: bots run uncontained, with the user's files and network: " << why
      << " (--sandbox makes containment required)\n";
  return "";
}

std::string ConfigureBots(const RunOptions& o, const Profile& profile, harness::SessionConfig& c,
                          std::ostream& err) {
  c.first_action_ms = o.first_ms.value_or(o.action_ms.value_or(profile.first_action_ms));
  c.action_ms = o.action_ms.value_or(profile.action_ms);
  c.limits.memory_mb = o.memory_mb;
  c.limits.address_space_mb = o.address_space_mb;
  c.limits.cpu_seconds = o.cpu_seconds;
  c.limits.no_network = o.no_network;
  for (const std::string& kv : o.env)
    if (!harness::ValidEnvironmentEntry(kv))
      return "--env '" + kv + "': expected KEY=VALUE (KEY of letters, digits, _)";
  // The real server's own variables first (a profile's env), the user's
  // --env after them, so that the user's win.
  c.env.extra.assign(profile.env.begin(), profile.env.end());
  c.env.extra.insert(c.env.extra.end(), o.env.begin(), o.env.end());
  c.env.inherit = o.inherit_env;
  std::string error;
  if (o.no_network && !harness::NetworkIsolationAvailable(error))
    return "--no-network is not available here: " + error;
  return ConfigureContainment(o, c, err);
}

bool Prepare(const RunOptions& o, const std::string& command, Prepared& p, std::ostream& err) {
  if (!o.through.referee.empty()) return PrepareThroughReferee(o, command, p, err);
  // The options of a run through a referee are not dropped unsaid without one.
  const RefereeRunOptions& r = o.through;
  for (const auto& [given, name] : {std::pair{!r.opponents.empty(), "--opponent"},
                                    std::pair{r.protocol != "bots", "--protocol"},
                                    std::pair{r.players.has_value(), "--players"},
                                    std::pair{!r.ready_line.empty(), "--ready-line"},
                                    std::pair{r.sandbox, "--sandbox-referee"}}) {
    if (!given) continue;
    Usage(err, command,
          std::string(name) + " is for a game played through its referee: give --referee");
    return false;
  }
  p.game = FindGame(o.game);
  if (!p.game) {
    std::string known;
    for (const GameInfo* g : AllGames()) known += " " + std::string(g->name);
    Usage(err, command,
          command == "check-bot" || command == "play"
              ? UnknownGameMessage(o.game)
              : "--game: unknown game '" + o.game + "' (known:" + known + ")");
    return false;
  }
  p.profile = &p.game->profiles.front();
  if (!o.profile.empty()) {
    p.profile = nullptr;
    std::string known;
    for (const Profile& t : p.game->profiles) {
      known += " " + std::string(t.name);
      if (t.name == o.profile) p.profile = &t;
    }
    if (!p.profile) {
      Usage(err, command, "--profile: unknown profile '" + o.profile + "' (known:" + known + ")");
      return false;
    }
  }
  // The profile's readings first, so that a --rule overrides one.
  for (const auto& [key, value] : p.profile->rules) p.rules.emplace_back(key, value);
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
       {std::pair{o.ready_ms, "--ready-ms"}, std::pair{o.action_ms, "--action-ms"},
        std::pair{o.first_ms, "--first-ms"}}) {
    if (value && (*value < 1 || *value > 600000)) {
      Usage(err, command, std::string(name) + " must be between 1 and 600000");
      return false;
    }
  }
  harness::SessionConfig& c = p.config;
  if (p.game->ready_line) c.ready_line = std::string(*p.game->ready_line);
  c.ready_scan = p.profile->ready_scan;
  c.server = std::string(p.profile->server);
  c.ready_ms = o.ready_ms.value_or(p.profile->ready_ms);
  if (const std::string e = ConfigureBots(o, *p.profile, c, err); !e.empty()) {
    Usage(err, command, e);
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

std::string MemoryLimitsText(const harness::Limits& l, const harness::Containment& c) {
  std::string text = l.memory_mb > 0 ? "resident memory limit " + std::to_string(l.memory_mb) +
                                           " MB per bot (--memory-mb)"
                                     : "no memory limit";
  // Said alike by every command on one machine: "can be made" is the
  // machine's answer, not whether this run asked for one.
  std::string why;
  if (l.memory_mb > 0)
    text += c.memory_cgroup ? ", enforced by the kernel (a memory cgroup per bot, " +
                                  harness::MemoryCgroupKind() + ")"
            : harness::MemoryCgroupAvailable(why)
                ? std::string(", watched from /proc every 25 ms")
                : ", watched from /proc every 25 ms (no memory cgroup can be made here: a bot "
                  "can allocate past it between two looks)";
  if (l.address_space_mb > 0)
    text += ", address space " + std::to_string(l.address_space_mb) + " MB (--address-space-mb)";
  if (l.cpu_seconds > 0) text += ", CPU time " + std::to_string(l.cpu_seconds) + " s";
  return text;
}

std::string ResultOptions(const RunOptions& o, const Profile& profile,
                          const std::vector<std::pair<std::string, std::string>>& rules,
                          bool bot_limits) {
  const RunOptions defaults;
  std::string cmd;
  if (o.ready_ms) cmd += " --ready-ms " + std::to_string(*o.ready_ms);
  if (o.action_ms) cmd += " --action-ms " + std::to_string(*o.action_ms);
  if (o.first_ms) cmd += " --first-ms " + std::to_string(*o.first_ms);
  if (bot_limits) {
    if (o.memory_mb != defaults.memory_mb) cmd += " --memory-mb " + std::to_string(o.memory_mb);
    if (o.address_space_mb != defaults.address_space_mb)
      cmd += " --address-space-mb " + std::to_string(o.address_space_mb);
    if (o.cpu_seconds != defaults.cpu_seconds)
      cmd += " --cpu-seconds " + std::to_string(o.cpu_seconds);
    if (o.no_network) cmd += " --no-network";
    if (o.no_sandbox) cmd += " --no-sandbox";
    if (o.sandbox) cmd += " --sandbox";
  }
  if (o.inherit_env) cmd += " --inherit-env";
  for (const std::string& e : o.env) cmd += " --env " + harness::QuoteArg(e);
  std::vector<std::pair<std::string, std::string>> last;  // by first appearance
  for (const auto& [key, value] : rules) {
    auto it =
        std::find_if(last.begin(), last.end(), [&](const auto& kv) { return kv.first == key; });
    if (it == last.end()) {
      last.emplace_back(key, value);
    } else {
      it->second = value;
    }
  }
  for (const auto& [key, value] : last) {
    bool implied = false;
    for (const auto& [k, v] : profile.rules) implied = implied || (k == key && v == value);
    if (!implied) cmd += " --rule " + harness::QuoteArg(key + "=" + value);
  }
  return cmd;
}

int GameIndexOfMatch(const std::string& match, std::string& error) {
  const auto n = match.rfind("game-", 0) == 0 ? ParseCanonicalInt(std::string_view(match).substr(5))
                                              : std::nullopt;
  if (n && *n >= 1 && *n <= kMaxGames) return static_cast<int>(*n) - 1;
  error = "--match: '" + match + "' is not a game of the run (game-1 to game-" +
          std::to_string(kMaxGames) + ")";
  return -1;
}

harness::MatchResult PlayMatch(harness::Env& env, harness::MatchSpec spec, const Prepared& p,
                               const harness::Progress& progress) {
  if (p.referee)
    return harness::RunRefereeMatch(env, std::move(spec), p.config, *p.referee, p.catalog,
                                    progress);
  return harness::RunMatch(env, std::move(spec), p.config, p.catalog, progress);
}

report::RunReport NewReport(const RunOptions& o, const Prepared& p, const std::string& tool) {
  report::RunReport r;
  r.tool = tool;
  r.game = p.game ? std::string(p.game->name) : o.game;
  r.not_checked = p.not_checked;
  r.engineless = tool == "fuzz-referee" && p.referee.has_value();  // fuzz_referee_bare.h
  if (p.config.containment.sandbox)                                // arbiter.process.contained
    r.not_checked += std::string(r.not_checked.empty() ? "" : "; ") +
                     "whether a bot leaves processes behind (contained, they end with its PID "
                     "namespace, as on a contest server; --no-sandbox checks it)";
  r.profile = std::string(p.profile->name);
  r.ready_ms = p.config.ready_ms;
  r.first_action_ms = p.config.first_action_ms;
  r.action_ms = p.config.action_ms;
  r.seed = o.seed;
  r.command = o.command_line;
  r.keep_passing_replays = !o.html_path.empty();  // a passing game of each kind on the page
  r.checks = p.checks;
  r.environment = harness::DescribeEnvironment(p.config.env);
  if (o.runs_bots)  // fuzz-referee's bots are arbiter's own
    for (const std::string& line : DescribeContainment(p.config.containment))
      r.environment.push_back(line);
  r.memory_limits = MemoryLimitsText(p.config.limits, p.config.containment);
  if (p.referee_contained) NoteRefereeContainment(r);
  if (!p.referee_start.empty()) r.environment.push_back(p.referee_start);
  return r;
}

void ResolveRefereeStart(harness::Env& env, Prepared& p, uint64_t seed) {
  if (!p.referee || harness::Interrupted()) return;
  p.referee_start = harness::ResolveSeedLine(env, *p.referee, seed,
                                             &p.referee_unrepeatable);
  // Said once, where every run says what it could not check.
  if (p.referee_unrepeatable)
    p.not_checked += std::string(p.not_checked.empty() ? "" : "; ") +
                     "that a game replays: the referee draws its games from its clock (given "
                     "'###Seed N' twice, its first input differed), so a reproduce command may "
                     "play another game";
}

void NoteUnrepeatable(const Prepared& p, report::RunReport& rep) {
  if (!p.referee_unrepeatable) return;
  for (harness::MatchResult& m : rep.matches)
    for (harness::Finding& f : m.findings) {
      if (f.reproduce.empty() || f.reproduce.find("   # ") != std::string::npos) continue;
      f.reproduce +=
          "   # the referee draws its games from its clock: this may play another game" +
          (f.input_file.empty() ? std::string()
                                : "; the bot's side replays exactly from its inputs: the bot < " +
                                      harness::QuoteArg(f.input_file));
    }
}

std::string ConfigureRefereeContainment(harness::Containment& c) {
  std::string why;
  if (!harness::SandboxAvailable(why))
    return "--sandbox-referee: the referee cannot be contained here: " + why;
  c.sandbox = true;
  c.undo = "if the referee needs it, it runs uncontained without --sandbox-referee";
  return "";
}

void NoteRefereeContainment(report::RunReport& r) {
  r.environment.push_back("referee containment: " + harness::SandboxVersion() +
                          " (--sandbox-referee): the system read-only, a copy of its folder, "
                          "fresh HOME and /tmp, arbiter's relays as they are; no network; a PID "
                          "namespace of its own");
  r.not_checked += std::string(r.not_checked.empty() ? "" : "; ") +
                   "whether the referee leaves processes behind (contained, they end with its "
                   "PID namespace; without --sandbox-referee it is checked)";
}

std::vector<std::string> DescribeContainment(const harness::Containment& c) {
  if (c.sandbox) return harness::DescribeSandbox();
  // Where bubblewrap works, only --no-sandbox leaves bots uncontained.
  std::string why;
  if (harness::SandboxAvailable(why))
    return {"containment: none (--no-sandbox): bots ran with the user's files and network"};
  return {"containment: none (" + why + "): bots ran with the user's files and network"};
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

std::vector<OutputFile> OutputFiles(const RunOptions& o) {
  std::vector<OutputFile> files;
  for (OutputFile f : {OutputFile{"--json", o.json_path, &report::WriteJson},
                       OutputFile{"--junit", o.junit_path, &report::WriteJunit},
                       OutputFile{"--markdown", o.markdown_path, &report::WriteMarkdown},
                       OutputFile{"--html", o.html_path, &report::WriteHtml}})
    if (!f.path.empty()) files.push_back(std::move(f));
  return files;
}

bool CheckOutputFiles(const std::vector<OutputFile>& files,
                      const std::vector<std::string>& command_args, const std::string& command,
                      std::ostream& err) {
  for (size_t i = 0; i < files.size(); ++i) {
    const OutputFile& f = files[i];
    if (f.path.empty() || f.path == "--")  // main.cc refuses them too
      return Usage(err, command, f.option + " needs a file name"), false;
    std::string reason;
    if (!Writable(f.path, reason))
      return Usage(err, command, "cannot write " + f.option + " '" + f.path + "': " + reason),
             false;
    for (size_t j = 0; j < i; ++j) {
      if (files[j].write != f.write && SameFile(files[j].path, f.path))
        return Usage(err, command,
                     files[j].option + " and " + f.option + " name the same file '" + f.path + "'"),
               false;
    }
    for (const std::string& arg : command_args) {
      struct stat st {};
      if (::stat(arg.c_str(), &st) == 0 && S_ISREG(st.st_mode) && SameFile(arg, f.path))
        return Usage(err, command,
                     f.option + " '" + f.path + "' is the file '" + arg +
                         "' of the command under test; the report would overwrite it"),
               false;
    }
  }
  return true;
}

int Finish(const RunOptions& o, const report::RunReport& run, std::ostream& out, std::ostream& err,
           const std::vector<OutputFile>& extra) {
  report::RunReport rep = run;
  std::vector<nlohmann::json> registers;
  for (const std::string_view name : {std::string_view(rep.game), std::string_view("arbiter")})
    if (const std::string_view text = report::RegisterJson(name); !text.empty())
      registers.push_back(nlohmann::json::parse(text));
  report::FillClausesFromChecks(rep, registers);
  std::vector<OutputFile> files = OutputFiles(o);
  files.insert(files.end(), extra.begin(), extra.end());
  std::vector<std::string> failed;  // "--json 'PATH': No space left on device"
  for (const OutputFile& file : files) {
    std::ostringstream text;
    file.write(rep, text);
    if (const std::string reason = WriteWholeFile(file.path, text.str()); !reason.empty())
      failed.push_back(file.option + " '" + file.path + "': " + reason);
  }
  // The results first, in full when a report is lost (arbiter.report.not-lost).
  const bool colour = isatty(1) && !std::getenv("NO_COLOR");
  if (o.quiet && failed.empty()) {
    std::string word = rep.Verdict();
    for (char& c : word) c = c == '-' ? ' ' : static_cast<char>(std::toupper(c));
    out << word << "\n";
    // What failed, one line an entry: the check, its clause, where (at most 5).
    int shown = 0;
    for (const report::RunReport::FindingGroup& g : rep.GroupedFindings()) {
      const harness::Finding& f = rep.matches[g.first.match].findings[g.first.index];
      if (f.severity != harness::Severity::kFail) continue;
      if (++shown > 5) continue;
      out << "  " << f.check << (f.clause.empty() ? "" : " [" + f.clause + "]") << " "
          << rep.matches[g.first.match].id
          << (f.turn >= 0 ? ", turn " + std::to_string(f.turn) : std::string())
          << (g.also.empty() ? "" : " and " + std::to_string(g.also.size()) + " more match(es)")
          << "\n";
    }
    if (shown > 5) out << "  ... " << shown - 5 << " more failing finding(s)\n";
  } else {
    report::WriteTerminal(rep, out, colour, o.verbose);
  }
  out << std::flush;
  for (const std::string& f : failed)
    err << "arbiter " << rep.tool << ": cannot write " << f << " (the results are above)\n";
  if (rep.interrupt_signal != 0) return 128 + rep.interrupt_signal;
  if (!rep.harness_error.empty() || !failed.empty()) return 2;
  if (rep.Failed()) return 1;
  // arbiter.referee.compared: a run that compared nothing, or a reproducer
  // that did not reproduce, decides nothing.
  const std::string verdict = rep.Verdict();
  return verdict == "inconclusive" || verdict == "not-reproduced" ? 2 : 0;
}

}  // namespace arbiter::cli
