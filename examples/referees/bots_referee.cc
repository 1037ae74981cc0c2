// bots-referee: an example referee for any of arbiter's games (--game, by
// default jc2015), written the way a typical contest referee is written: bot
// commands on the command line, one game, and "RESULT <winner> <turns>" on
// standard output (the winner's player index, -1 for a draw). It uses
// arbiter's engine for the rules (through the uniform GameState API) and its
// bots are plain POSIX child processes (bot_pipes.h); nothing of arbiter's
// harness: it is a referee for arbiter to test, not part of arbiter. Without
// --mutant it is meant to be conformant to the game's register
// (spec-tests/<game>/clauses.json); --mutant NAME plays jc2015 under one of
// the engine's deliberate referee bugs (engine/jc2015/rules.h), and --rule
// plays under a rule option, so that a referee tester can be checked against
// a known bug or another reading of the rules.
//
// The protocol as this referee runs it: when the game has a handshake
// (jc2015: READY), every bot must print it within --ready-ms of the start;
// other lines before it are ignored. Then, on each turn whose player receives
// input, the referee writes that player's input to its bot (preceded, on the
// player's first turn, by the game's initialisation text, if any) and reads
// one line within the time limit of having written it: the game's default
// timing profile (its first-turn and later limits) unless --time-ms is given.
// A bot that is late, dies, closes its stdout or stops reading is killed
// (SIGKILL to its process group) and its player does nothing for the rest of
// the game. Any line that does arrive goes to the engine as is: the engine
// decides what an invalid line means. Lines a bot sent beyond its answer are
// not answers (jc2015.protocol.action.extra-lines): they are dropped before
// its next input, unless the rules queue them (--rule extra_lines=queue),
// when they are read as its next answers, as a line-reading referee does.
//
// --bug NAME plays with a deliberate defect of the referee program itself
// (not of the rules):
//   wait-for-stderr-line  the bots' stderr is read and forwarded line by
//                         line, and a bot that does not answer in time has
//                         the rest of its stderr line awaited, without a
//                         deadline, before it is killed: a bot that wrote
//                         part of a line and went silent hangs the referee
//   drop-one-answer       what a busy machine does to a referee with a
//                         short limit: in about half of its games, chosen
//                         from its own clock (unseeded), one answer between
//                         turns 8 and 47 is read, then treated as late: the
//                         bot is killed and its player does nothing more
//   --drop-turn N         drop-one-answer on turn N (or the first answer
//                         read after it), every game: a referee whose clock
//                         always runs out there
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bot_pipes.h"
#include "core/game.h"

namespace {

using namespace bots_referee;

constexpr char kUsage[] =
    "usage: bots-referee [--game NAME] -a BOT... [-s SEED] [--rule KEY=VALUE]...\n"
    "                    [-t TURNS] [--profile NAME] [--mutant NAME] [--time-ms MS]\n"
    "                    [--ready-ms MS]\n"
    "                    [--bug wait-for-stderr-line|drop-one-answer] [--drop-turn N]\n"
    "Plays one game between bot commands, one -a per player (each split on single\n"
    "spaces, no shell), and prints 'RESULT <winner or -1> <turns>'.\n"
    "  --game NAME      the game (default jc2015)\n"
    "  -s SEED          the seed of the initial state (default 0)\n"
    "  --rule KEY=VALUE a rule option of the game (repeatable)\n"
    "  -t TURNS         jc2015's turn limit (--rule turn_limit=TURNS)\n"
    "  --profile NAME   a profile of the game: its timing and its rules (official-2015)\n"
    "  --mutant NAME    play under a jc2015 engine mutant (a deliberate referee bug)\n"
    "  --time-ms MS     time for each answer (default: the game's timing profile)\n"
    "  --ready-ms MS    time for the handshake line, if the game has one\n"
    "  --bug NAME       a deliberate defect of the referee program (see the source)\n";

bool ParseNumber(const char* text, uint64_t max, uint64_t& out) {
  if (!text || !*text || *text == '-') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || *end != '\0' || v > max) return false;
  out = v;
  return true;
}

int Usage(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n%s", kName, message.c_str(), kUsage);
  return 2;
}

std::string GameNames() {
  std::string names;
  for (const arbiter::GameInfo* g : arbiter::AllGames())
    names += (names.empty() ? "" : ", ") + std::string(g->name);
  return names;
}

// Like Java's String.trim(): every byte <= ' ' at either end is dropped.
std::string_view Trim(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

// Waits for every bot's handshake line, all against one deadline; lines
// before it are read and dropped (a scanning server's handshake: the line
// trimmed when `trimmed`).
void AwaitReady(std::vector<Bot>& bots, std::string_view ready, uint64_t ready_ms, bool trimmed) {
  const int64_t deadline = NowMs() + static_cast<int64_t>(ready_ms);
  for (size_t seat = 0; seat < bots.size(); ++seat) {
    Bot& bot = bots[seat];
    std::string line;
    while (bot.alive) {
      const Read r = ReadLine(bot, deadline, line);
      if (r == Read::kLine && (trimmed ? Trim(line) : std::string_view(line)) == ready) break;
      if (r == Read::kLine) continue;  // anything else before it is ignored
      const std::string what(ready);
      Kill(bot, static_cast<int>(seat),
           r == Read::kTimeout   ? "no " + what + " within " + std::to_string(ready_ms) + " ms"
           : r == Read::kTooLong ? "a line longer than 64 KiB before " + what
                                 : "exited or closed its stdout before " + what);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string game_name = "jc2015";
  std::vector<std::string> commands;
  uint64_t seed = 0, time_ms = 0, ready_ms = 0;
  std::vector<std::pair<std::string, std::string>> rules;
  std::string profile_name;
  bool wait_for_stderr_line = false;
  int drop_turn = -1;  // --bug drop-one-answer: the turn, drawn from the clock
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!value) return Usage("option " + arg + " needs a value");
    ++i;
    uint64_t n = 0;
    if (arg == "-a") {
      commands.push_back(value);
    } else if (arg == "--game") {
      game_name = value;
    } else if (arg == "-s") {
      if (!ParseNumber(value, UINT64_MAX, seed))
        return Usage("-s: not a seed: " + std::string(value));
    } else if (arg == "-t") {
      if (!ParseNumber(value, 1000000, n) || n == 0)
        return Usage("-t: not a turn limit in [1, 1000000]: " + std::string(value));
      rules.emplace_back("turn_limit", value);
    } else if (arg == "--rule") {
      const char* eq = std::strchr(value, '=');
      if (!eq || eq == value) return Usage("--rule: not KEY=VALUE: " + std::string(value));
      rules.emplace_back(std::string(value, eq), std::string(eq + 1));
    } else if (arg == "--profile") {
      profile_name = value;
    } else if (arg == "--mutant") {
      rules.emplace_back("mutant", value);
    } else if (arg == "--bug") {
      const std::string bug = value;
      if (bug != "wait-for-stderr-line" && bug != "drop-one-answer")
        return Usage("--bug: '" + bug + "' is not wait-for-stderr-line or drop-one-answer");
      wait_for_stderr_line = bug == "wait-for-stderr-line";
      if (bug == "drop-one-answer") {
        const auto clock = static_cast<uint64_t>(
            std::chrono::steady_clock::now().time_since_epoch().count() ^ (getpid() * 7919ull));
        drop_turn = (clock >> 7) % 2 ? static_cast<int>(8 + (clock >> 9) % 40) : -1;
      }
    } else if (arg == "--drop-turn") {
      if (!ParseNumber(value, 1000000, n))
        return Usage("--drop-turn: not a turn in [0, 1000000]: " + std::string(value));
      drop_turn = static_cast<int>(n);
    } else if (arg == "--time-ms" || arg == "--ready-ms") {
      if (!ParseNumber(value, 600000, n) || n == 0)
        return Usage(arg + ": not a number of milliseconds: " + std::string(value));
      (arg == "--time-ms" ? time_ms : ready_ms) = n;
    } else {
      return Usage("unknown option " + arg);
    }
  }
  const arbiter::GameInfo* info = arbiter::FindGame(game_name);
  if (!info) return Usage("--game: '" + game_name + "' is not one of " + GameNames());
  // A profile's timing, and its rules under the ones given here.
  const arbiter::Profile* chosen = &info->profiles.front();
  if (!profile_name.empty()) {
    chosen = nullptr;
    std::string known;
    for (const arbiter::Profile& t : info->profiles) {
      known += (known.empty() ? "" : ", ") + std::string(t.name);
      if (t.name == profile_name) chosen = &t;
    }
    if (!chosen) return Usage("--profile: '" + profile_name + "' is not one of " + known);
    std::vector<std::pair<std::string, std::string>> all;
    for (const auto& [key, value] : chosen->rules) all.emplace_back(key, value);
    all.insert(all.end(), rules.begin(), rules.end());
    rules = std::move(all);
  }
  const arbiter::Profile& profile = *chosen;
  std::string error;
  std::unique_ptr<arbiter::GameState> game = info->new_game(seed, rules, error);
  if (!game) return Usage(error);  // an unknown rule or mutant, for example
  const int players = game->num_players();
  if (static_cast<int>(commands.size()) != players || players > kMaxBots)
    return Usage("give exactly " + std::to_string(players) + " bots (-a), one per player of " +
                 game_name);
  if (ready_ms == 0) ready_ms = profile.ready_ms > 0 ? profile.ready_ms : 1000;

  InstallSignalHandlers();
  std::vector<Bot> bots(players);
  for (int seat = 0; seat < players; ++seat) {
    bots[seat].command = commands[seat];
    if (!Spawn(bots[seat], seat, wait_for_stderr_line))
      Kill(bots[seat], seat, "could not be started");
  }
  if (info->ready_line) AwaitReady(bots, *info->ready_line, ready_ms, profile.ready_scan);

  // The game: one global turn per iteration, until the engine says it is over.
  std::vector<bool> started(players, false);  // the player has had a turn input
  while (!game->IsTerminal()) {
    const int seat = game->current_player();
    Bot& bot = bots[seat];
    if (!game->CurrentPlayerReceivesInput() || !bot.alive) {
      game->ApplySilence();  // a player out of the game, or a bot that was killed
      continue;
    }
    const int64_t limit = static_cast<int64_t>(time_ms > 0     ? time_ms
                                               : started[seat] ? profile.action_ms
                                                               : profile.first_action_ms);
    const std::string input =
        (started[seat] ? std::string() : game->InitText(seat)) + game->InputText(seat);
    started[seat] = true;
    if (!game->QueuesExtraLines()) DiscardUnread(bot);
    if (!WriteAll(bot, input, NowMs() + limit)) {
      Kill(bot, seat, "could not be sent its input on turn " + std::to_string(game->turn()));
      game->ApplySilence();
      continue;
    }
    std::string line;
    const Read r = ReadLine(bot, NowMs() + limit, line);
    ForwardStderr(bot, seat);
    const bool dropped = r == Read::kLine && drop_turn >= 0 && game->turn() >= drop_turn;
    if (dropped) drop_turn = -1;
    if (r != Read::kLine || dropped) {
      if (wait_for_stderr_line && !bot.err_pending.empty()) WaitForStderrLine(bot, seat);
      const char* what = dropped || r == Read::kTimeout ? "no answer within the time limit"
                         : r == Read::kTooLong          ? "a line longer than 64 KiB"
                                                        : "exited or closed its stdout";
      Kill(bot, seat, std::string(what) + " on turn " + std::to_string(game->turn()));
      game->ApplySilence();
      continue;
    }
    game->ApplyLine(line);
  }
  Shutdown(bots, 200);
  std::printf("RESULT %d %d\n", game->Winner(), game->turn());
  return 0;
}
