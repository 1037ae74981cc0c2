// The bots protocol's driver (referee_driver.h): a referee that launches its
// bots itself, {bot0}, {bot1}, ... being arbiter's relays
// (Env::OpenRelay). Bytes the referee writes to a seat are that seat's
// input, framed into requests (by the game's messages on an engine) and
// served in the order they left the referee; answers go back through the
// relay, at once, line by line, or late while the other seats play on. The
// game ends when the referee exits (its ranking: a "RESULT W" line, a JSON
// line with "ranks", as psyleague's referees print, or the scores a referee
// built on the CodinGame SDK prints, started as cg-brutaltester starts it).
// Made by MakeRefereeDriver; nothing else names this class.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/referee_driver.h"

namespace arbiter::harness {

class BotsDriver final : public RefereeDriver {
 public:
  BotsDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed);
  ~BotsDriver() override { Finish(); }

  void NoAnswer() override;
  void AnswerAfter(const std::vector<std::string_view>& lines,
                   std::chrono::milliseconds delay) override;
  bool Stall() override;
  void Stream(const std::string& line) override;
  void Answered() override;
  void Handshake(int seat, const std::string& line) override;
  void Drop(int seat) override;
  std::string MoreInput(int seat) override;
  bool Moved() const override;
  bool OthersWaiting() const override;
  bool SeatClosed(int seat) const override;
  bool SeatStopped(int seat) const override;
  int Connections(int seat) const override;
  const std::vector<std::string>& result_lines() const override { return result_lines_; }

 private:
  bool OpenSeats(std::vector<std::string>& bots, SpawnOptions& options) override;
  void Begin() override {}
  bool HasQueued() const override { return false; }
  std::optional<RefereeRequest> Await(Clock::time_point deadline, int expected) override;
  void Deliver(const std::string& bytes) override;
  void StopSeats(bool all) override;
  void KeepLastOutput() override;
  bool IsOwnProcess(std::string_view name) const override;

  // The length of the complete message at the front of `seat`'s input
  // (0: none yet).
  size_t Complete(int seat);
  // While waiting: the referee's stdout kept, handshakes answered, relays
  // whose input closed stopped, a late answer sent when due.
  void Tend();
  void KeepStdout();
  // The complete seat whose bytes came first; the expected seat's, when it
  // comes within reorder_patience.
  int Pick(int expected);
  RefereeRequest Take(int seat, bool queued);
  // Every seat's input closed, nothing complete left in it.
  bool AllClosed();
  // The relays still carrying messages after the referee's exit.
  void Drain();
  void ResultFromStdout();

  std::unique_ptr<SeatRelay> relay_;
  // Its last lines that may be a result (RESULT ..., or JSON with "ranks"),
  // kept whatever followed them (a board printed after the result).
  std::vector<std::string> result_lines_;
  std::vector<std::string> stdout_tail_;  // its last stdout lines (kTailKept)
  std::vector<int> readied_;              // per seat, the connections answered
  struct Late {
    int seat = -1;
    std::string bytes;
    Clock::time_point due;
  };
  std::optional<Late> late_;  // AnswerAfter's answer, until it is sent
  // What the current request's streamed answer needs of its mutation
  // (Family): the lines held back (late), its first line (extra lines follow
  // the answer), whether its one mutated line went.
  std::string held_, first_line_;
  bool mutated_sent_ = false;
  bool drained_ = false;
  // When the current request came: the seats closed, and what was waiting
  // for each (Moved).
  std::vector<bool> ended_at_request_;
  std::vector<size_t> inbox_at_request_;
};

}  // namespace arbiter::harness
