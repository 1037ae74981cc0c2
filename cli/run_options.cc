// The options every run shares (run_options.h).
#include "cli/run_options.h"

#include "cli/check_bot.h"
#include "cli/option_checks.h"
#include "core/game.h"

namespace arbiter::cli {

void AddReportFiles(CLI::App& command, RunOptions& o) {
  CLI::App* c = &command;
  c->add_option("--json", o.json_path, "Write the JSON report to this file")->check(FileName());
  c->add_option("--junit", o.junit_path, "Write a JUnit XML report to this file")
      ->check(FileName());
  c->add_option("--markdown", o.markdown_path,
                "Write a Markdown report (for a CI job summary) to this file")
      ->check(FileName());
  c->add_option("--html", o.html_path,
                "Write a self-contained HTML report with board replays to this file")
      ->check(FileName());
}

namespace {

// arbiter.process.contained: the bots' containment, on by default.
void AddContainmentOptions(CLI::App& command, RunOptions& o) {
  CLI::App* c = &command;
  c->add_flag("--sandbox", o.sandbox,
              "Require containment: the run fails where bots cannot be contained (by default "
              "they are, where the machine allows it, and otherwise run as before)");
  c->add_flag("--no-sandbox", o.no_sandbox,
              "Run bots uncontained, with the user's files and network (by default each runs "
              "under bubblewrap: the system read-only, a copy of its folder, fresh HOME and "
              "/tmp, no network, its own PID namespace)");
}

}  // namespace

void AddRunOptions(CLI::App& command, RunOptions& o) {
  CLI::App* c = &command;
  c->add_option("--game", o.game, "Game")->default_val(DefaultGame());
  c->add_option("--profile", o.profile, ProfilesHelp());
  c->add_option("--ready-ms", o.ready_ms, "Override the READY limit (ms)")->check(IntIn(1, 600000));
  c->add_option("--action-ms", o.action_ms,
                "Override the per-answer limit (ms); also the first answer's, unless --first-ms")
      ->check(IntIn(1, 600000));
  c->add_option("--first-ms", o.first_ms, "Override the first answer's limit (ms)")
      ->check(IntIn(1, 600000));
  c->add_option("--seed", o.seed, "Seed of the games")->default_val(1)->check(Seed());
  c->add_option("--rule", o.rules, "Rule option key=value (see docs/spec; repeatable)")
      ->allow_extra_args(false);
  AddReportFiles(*c, o);
  c->add_option("--memory-mb", o.memory_mb,
                "Resident-memory limit of each bot's process tree, watched from /proc; "
                "above it the bot is killed and reported process.memory (0: none)")
      ->default_val(harness::kDefaultMemoryMb)
      ->check(IntIn(0, 1 << 20));
  c->add_option("--address-space-mb", o.address_space_mb,
                "Also limit each bot process's address space (RLIMIT_AS; JVMs, node, Go and "
                ".NET reserve more than they use and may not start; 0: none, the default)")
      ->default_val(0)
      ->check(IntIn(0, 1 << 20));
  c->add_option("--cpu-seconds", o.cpu_seconds, "CPU-time limit of each bot process (0: none)")
      ->default_val(120)
      ->check(IntIn(0, 1 << 20));
  c->add_flag("--no-network", o.no_network,
              "Run bots in a fresh network namespace (contained bots never have a network)");
  if (c->get_name() != "fuzz-referee") AddContainmentOptions(*c, o);
  c->add_option("--env", o.env,
                "Add KEY=VALUE to the bots' environment (repeatable); bots otherwise get "
                "PATH, HOME and TMPDIR (a fresh folder) and LANG=C.UTF-8 only")
      ->take_all()
      ->allow_extra_args(false);
  c->add_flag("--inherit-env", o.inherit_env,
              "Give bots arbiter's whole environment instead of the minimal one");
  if (c->get_name() != "play")
    c->add_option("--transcripts", o.transcripts,
                  "Which matches' turn-by-turn transcripts are kept: failing (those with a "
                  "finding, in the reports; the default) or all (every match's also written "
                  "to --transcripts-dir, one JSON file a match)")
        ->check(CLI::IsMember({"failing", "all"}));
  if (c->get_name() != "play")
    c->add_option("--transcripts-dir", o.transcripts_dir,
                  "Where --transcripts all writes each match's transcript")
        ->default_val("arbiter-transcripts");
  if (c->get_name() != "fuzz-referee")
    c->add_option("--log-dir", o.log_dir,
                  "Write each match as a text log to DIR/<match>.log: every turn's input, "
                  "answer and time, the bot's stderr and the engine's events");
  c->add_flag("-q,--quiet", o.quiet, "Print no progress and only the verdict");
  c->add_flag("-v,--verbose", o.verbose, "Also list every match and every passed check");
}

}  // namespace arbiter::cli
