// EngineBotsReferee (engine_referee.h): a referee that launches its bots,
// on arbiter's engine, as a FakeScript: the ways of
// examples/referees/bots_referee.cc, a contest referee's, on the virtual
// clock.
#include <cstdlib>
#include <memory>
#include <string_view>

#include "testing/engine_referee.h"

namespace arbiter::harness::testing {
namespace {

struct BotsReferee {
  const GameInfo* game = nullptr;
  EngineRefereeOptions options;
  uint64_t seed = 0;
  std::unique_ptr<GameState> state;
  std::vector<bool> ready, alive, started;
  std::vector<std::vector<std::string>> unread;  // lines a bot wrote ahead, by seat
  std::vector<std::string> pending;              // a partial line, by seat
  int waiting = -1;                              // the seat whose answer it reads
  int asked = 0;                                 // the turns it has asked, for its timer
  int answers = 0;
  bool over = false;

  std::vector<Emit> End() {
    over = true;
    waiting = -1;
    std::vector<Emit> out;
    for (int s = 0; s < static_cast<int>(alive.size()); ++s) out.push_back(CloseSeat(1, s));
    out.push_back(Out(options.message_ms, "RESULT " + std::to_string(state->Winner()) + " " +
                                              std::to_string(state->turn()) + "\n"));
    if (options.exit_after_end)
      out.push_back(Exit(options.message_ms + 1, *options.exit_after_end));
    return out;
  }

  // A bot late, dead or gone: killed (its input closed), its player doing
  // nothing for the rest of the game.
  std::vector<Emit> PutOut(const std::shared_ptr<BotsReferee>& self, int seat) {
    alive[seat] = false;
    waiting = -1;
    state->ApplySilence();
    std::vector<Emit> out = {CloseSeat(1, seat)};
    for (Emit& e : Ask(self)) out.push_back(std::move(e));
    return out;
  }

  // Plays silent turns, then writes the next player's input with the
  // answer limit's timer, or ends the game.
  std::vector<Emit> Ask(const std::shared_ptr<BotsReferee>& self) {
    while (!state->IsTerminal() &&
           (!state->CurrentPlayerReceivesInput() || !alive[state->current_player()]))
      state->ApplySilence();
    if (state->IsTerminal()) return End();
    const int seat = state->current_player();
    std::string text = started[seat] ? std::string() : state->InitText(seat);
    text += state->InputText(seat);
    started[seat] = true;
    if (!state->QueuesExtraLines()) unread[seat].clear();
    waiting = seat;
    const int turn = ++asked;
    const bool lost = options.lost && options.lost(turn, seat);
    std::vector<Emit> out;
    if (!lost) out.push_back(ToSeat(options.message_ms, seat, text));
    if (!lost && !unread[seat].empty()) {  // a line it wrote ahead is read at once
      const std::string line = unread[seat].front();
      unread[seat].erase(unread[seat].begin());
      for (Emit& e : Read(self, line)) out.push_back(std::move(e));
      return out;
    }
    out.push_back(After(options.message_ms + options.answer_ms, [self, turn, seat] {
      if (self->over || self->asked != turn || self->waiting != seat) return std::vector<Emit>();
      return self->PutOut(self, seat);
    }));
    return out;
  }

  std::vector<Emit> Read(const std::shared_ptr<BotsReferee>& self, std::string line) {
    waiting = -1;
    state->ApplyLine(options.misread ? options.misread(std::move(line), answers) : line);
    ++answers;
    if (options.end_after_answers >= 0 && answers >= options.end_after_answers) return End();
    return Ask(self);
  }

  // A line from `seat`'s bot: its handshake, its answer, or one ahead.
  std::vector<Emit> Line(const std::shared_ptr<BotsReferee>& self, int seat, std::string line) {
    if (over || !alive[seat]) return {};
    if (!ready[seat]) {  // lines before the handshake are ignored
      if (line != *game->ready_line) return {};
      ready[seat] = true;
      for (const bool r : ready)
        if (!r) return {};
      return Ask(self);
    }
    if (seat != waiting) {
      unread[seat].push_back(std::move(line));
      return {};
    }
    return Read(self, std::move(line));
  }
};

}  // namespace

FakeScript EngineBotsReferee(const GameInfo& game, EngineRefereeOptions options,
                             const std::vector<std::string>& argv) {
  auto r = std::make_shared<BotsReferee>();
  r->game = &game;
  r->options = std::move(options);
  for (size_t i = 0; i + 1 < argv.size(); ++i)
    if (argv[i] == "-s") r->seed = std::strtoull(argv[i + 1].c_str(), nullptr, 10);
  std::string error;
  r->state = game.new_game(r->seed, r->options.rules, error);
  FakeScript s;
  s.on_eof = {};  // it reads no stdin of its own
  if (!r->state) {
    s.on_start = {Err(1, "engine-bots-referee: " + error + "\n"), Exit(2, 2)};
    return s;
  }
  const size_t seats = static_cast<size_t>(r->state->num_players());
  r->ready.assign(seats, !game.ready_line);
  r->alive.assign(seats, true);
  r->started.assign(seats, false);
  r->unread.assign(seats, {});
  r->pending.assign(seats, "");
  if (!game.ready_line) s.on_start = {After(1, [r] { return r->Ask(r); })};
  s.on_seat_answer = [r](int seat, const std::string& bytes) {
    std::vector<Emit> out;
    std::string& pending = r->pending.at(static_cast<size_t>(seat));
    pending += bytes;
    for (size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
      std::string line = pending.substr(0, nl);
      pending.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      for (Emit& e : r->Line(r, seat, std::move(line))) out.push_back(std::move(e));
    }
    return out;
  };
  s.on_seat_gone = [r](int seat) -> std::vector<Emit> {
    if (r->over || !r->alive[seat]) return {};
    if (seat != r->waiting) {
      r->alive[seat] = false;
      return {};
    }
    return r->PutOut(r, seat);
  };
  return s;
}

}  // namespace arbiter::harness::testing
