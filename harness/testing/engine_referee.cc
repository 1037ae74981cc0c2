// EngineRunnerReferee (engine_referee.h): the runner protocol's referee side,
// on arbiter's engine, as a FakeScript.
#include "testing/engine_referee.h"

#include <cstdlib>
#include <memory>
#include <set>
#include <string_view>

namespace arbiter::harness::testing {
namespace {

struct RefereeProcess {
  const GameInfo* game = nullptr;
  EngineRefereeOptions options;
  uint64_t seed = 1;
  std::unique_ptr<GameState> state;
  std::set<int> started;  // players who had their init text
  int answers = 0;
  bool over = false;
  std::string pending;  // a partial line of stdin

  std::string Ranking() const {
    const int w = state->Winner();
    std::string out;
    if (w >= 0) out = std::to_string(w) + " ";
    for (int p = 0; p < state->num_players(); ++p)
      if (p != w) out += std::to_string(p);
    return out;
  }

  std::vector<Emit> End() {
    over = true;
    std::vector<Emit> out = {Out(options.message_ms, "###End " + Ranking() + "\n")};
    if (options.exit_after_end)
      out.push_back(Exit(options.message_ms + 1, *options.exit_after_end));
    return out;
  }

  // Plays silent turns, then asks the next player, or ends the game.
  std::vector<Emit> Advance() {
    while (!state->IsTerminal() && !state->CurrentPlayerReceivesInput()) state->ApplySilence();
    if (state->IsTerminal()) return End();
    const int p = state->current_player();
    std::string text = "###Input " + std::to_string(p) + "\n";
    if (started.insert(p).second) text += state->InitText(p);
    text += state->InputText(p);
    if (!text.empty() && text.back() != '\n') text += '\n';
    text += "###Output " + std::to_string(p) + " 1\n";
    return {Out(options.message_ms, std::move(text))};
  }

  std::vector<Emit> Line(std::string_view line) {
    if (over) return {};
    if (!state) {
      if (line.rfind("###Seed ", 0) == 0) seed = std::strtoull(line.data() + 8, nullptr, 10);
      if (line.rfind("###Start", 0) != 0) return {};
      std::string error;
      state = game->new_game(seed, options.rules, error);
      if (!state) return {Err(1, "engine-referee: " + error + "\n"), Exit(2, 2)};
      return Advance();
    }
    state->ApplyLine(options.misread ? options.misread(std::string(line), answers) : line);
    ++answers;
    if (options.end_after_answers >= 0 && answers >= options.end_after_answers) return End();
    return Advance();
  }
};

}  // namespace

FakeScript EngineRunnerReferee(const GameInfo& game, EngineRefereeOptions options,
                               const std::vector<std::string>& argv) {
  auto referee = std::make_shared<RefereeProcess>();
  referee->game = &game;
  referee->options = std::move(options);
  if (argv.size() > 1) {
    char* end = nullptr;
    const uint64_t seed = std::strtoull(argv.back().c_str(), &end, 10);
    if (end && *end == '\0' && !argv.back().empty()) referee->seed = seed;
  }
  FakeScript script;
  script.max_line_bytes = LineFramer().max_line_bytes();
  script.max_queued_lines = LineFramer().max_queued_lines();
  script.every_write_is_input = true;
  script.on_input = [referee](int, const std::string& bytes) {
    std::vector<Emit> out;
    referee->pending += bytes;
    size_t nl;
    while ((nl = referee->pending.find('\n')) != std::string::npos) {
      std::string line = referee->pending.substr(0, nl);
      referee->pending.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      for (Emit& e : referee->Line(line)) out.push_back(std::move(e));
    }
    return out;
  };
  if (options.exit_after_end) script.on_eof = {Exit(1, 0)};
  return script;
}

}  // namespace arbiter::harness::testing
