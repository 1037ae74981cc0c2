// A Connect Four referee that launches its bots, on the fakes
// (harness/testing/fake_env.h), written after the organiser's Python one of
// examples/referees/connect4-py (its README is the game): a game arbiter has
// no engine for. Its own ways, as the Python one has them:
//   - its argv is "--seed N" (else the clock), "--bugs LIST", BOT0 BOT1;
//     who moves first is its own draw from the seed;
//   - a turn sends the player its id and the six rows, top first, and reads
//     one line within 1 s, parsed as Python's int() does (spaces around, a
//     sign and leading zeros are a number);
//   - an illegal column, no answer in time, or a bot that is gone puts the
//     player out (a line on stderr) and the other wins; "RESULT W" at the
//     end, W -1 for a draw; it closes both bots' input and exits 0.
// Planted bugs, several at once:
//   crash-on-empty       int() unguarded: any answer that is not a number
//                        is a ValueError traceback and exit 1;
//   hang-on-sign         a column not written as the referee writes it
//                        ("+3", "03", " 3 ") makes it read one line more
//                        with no time limit: the game hangs;
//   winner-disqualified  the player it put out is named the winner.
// Connect4FakeBot plays a random legal column from a generator seeded by
// the count of bots started in its world: no two runs play alike, as the
// unseeded random_bot.py does not.
#pragma once

#include <cctype>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "testing/fake_env.h"

namespace arbiter::cli {

namespace connect4_fake {

using harness::testing::After;
using harness::testing::CloseSeat;
using harness::testing::Emit;
using harness::testing::Err;
using harness::testing::Exit;
using harness::testing::Out;
using harness::testing::ToSeat;

inline constexpr int kCols = 7, kRows = 6, kLimitMs = 1000;

// Python's int(text): surrounding whitespace, one sign, digits (nullopt:
// ValueError).
inline std::optional<long> PyInt(const std::string& text) {
  size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  size_t i = b;
  if (i < e && (text[i] == '+' || text[i] == '-')) ++i;
  if (i == e || e - i > 9) return std::nullopt;
  for (size_t k = i; k < e; ++k)
    if (!std::isdigit(static_cast<unsigned char>(text[k]))) return std::nullopt;
  return std::stol(text.substr(b, e - b));
}

// Python's repr of a short str, near enough: in single quotes.
inline std::string Repr(const std::string& text) {
  std::string out = "'";
  for (const char c : text.substr(0, 40)) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

struct Referee {
  std::set<std::string> bugs;
  std::vector<std::string> board = std::vector<std::string>(kRows, std::string(kCols, '.'));
  int first = 0, turn = 0, waiting = -1;  // the seat whose answer it reads, -1 none
  bool hanging = false, over = false;
  std::vector<std::vector<std::string>> unread = {{}, {}};  // lines a bot wrote ahead, by seat

  bool Has(const char* bug) const { return bugs.count(bug) > 0; }
  int Player() const { return (first + turn) % 2; }

  bool Wins(char p) const {
    const int dr[] = {0, 1, 1, 1}, dc[] = {1, 0, 1, -1};
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kCols; ++c)
        for (int d = 0; d < 4; ++d) {
          int k = 0;
          while (k < 4 && r + k * dr[d] >= 0 && r + k * dr[d] < kRows && c + k * dc[d] >= 0 &&
                 c + k * dc[d] < kCols && board[r + k * dr[d]][c + k * dc[d]] == p)
            ++k;
          if (k == 4) return true;
        }
    return false;
  }

  std::vector<Emit> Result(int winner, int out, std::vector<Emit> before = {}) {
    over = true;
    waiting = -1;
    if (Has("winner-disqualified") && out >= 0) winner = out;
    before.push_back(CloseSeat(1, 0));
    before.push_back(CloseSeat(1, 1));
    before.push_back(Out(2, "RESULT " + std::to_string(winner) + "\n"));
    before.push_back(Exit(3, 0));
    return before;
  }

  std::vector<Emit> PutOut(int p, const std::string& why) {
    return Result(1 - p, p, {Err(1, "player " + std::to_string(p) + " " + why + "\n")});
  }

  // Sends the next turn, with its 1 s timer.
  std::vector<Emit> Ask(std::shared_ptr<Referee> self) {
    if (turn == kCols * kRows) return Result(-1, -1);
    const int p = Player();
    std::string text = std::to_string(p) + "\n";
    for (const std::string& row : board) text += row + "\n";
    waiting = p;
    const int asked = turn;
    std::vector<Emit> out = {ToSeat(1, p, text)};
    if (!unread[static_cast<size_t>(p)].empty()) {  // a line it wrote ahead is read at once
      const std::string line = unread[static_cast<size_t>(p)].front();
      unread[static_cast<size_t>(p)].erase(unread[static_cast<size_t>(p)].begin());
      for (Emit& e : Read(self, p, line)) out.push_back(std::move(e));
      return out;
    }
    out.push_back(After(1 + kLimitMs, [self, asked, p]() -> std::vector<Emit> {
      if (self->over || self->hanging || self->turn != asked || self->waiting != p) return {};
      return self->PutOut(p, "timed out");
    }));
    return out;
  }

  // A line from seat `seat`'s bot: read now if it is that bot's turn, else
  // kept for its next one (the referee's pipe buffers it).
  std::vector<Emit> Answer(std::shared_ptr<Referee> self, int seat, const std::string& line) {
    if (over || hanging) return {};
    if (seat != waiting) {
      unread[static_cast<size_t>(seat)].push_back(line);
      return {};
    }
    return Read(self, seat, line);
  }

  std::vector<Emit> Read(std::shared_ptr<Referee> self, int seat, std::string line) {
    if (!line.empty() && line.back() == '\n') line.pop_back();
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::optional<long> parsed = PyInt(line);
    if (!parsed && Has("crash-on-empty"))
      return {Err(1,
                  "Traceback (most recent call last):\n"
                  "  File \"referee.py\", line 137, in <module>\n    main()\n"
                  "  File \"referee.py\", line 89, in play\n    col = int(text)\n"
                  "ValueError: invalid literal for int() with base 10: " +
                      Repr(line) + "\n"),
              Exit(2, 1)};
    const long col = parsed.value_or(-1);
    if (Has("hang-on-sign") && col >= 0 && line != std::to_string(col)) {
      hanging = true;  // reads one line more, with no limit: none comes
      return {};
    }
    if (col < 0 || col >= kCols || board[0][static_cast<size_t>(col)] != '.')
      return PutOut(seat, "disqualified: illegal move: " + Repr(line));
    int row = kRows - 1;
    while (board[static_cast<size_t>(row)][static_cast<size_t>(col)] != '.') --row;
    board[static_cast<size_t>(row)][static_cast<size_t>(col)] = static_cast<char>('0' + seat);
    if (Wins(static_cast<char>('0' + seat))) return Result(seat, -1);
    ++turn;
    return Ask(self);
  }
};

}  // namespace connect4_fake

// The referee process started as `argv`, the `clock`-th started in its
// world (its seed when it is given none).
inline harness::testing::FakeScript Connect4FakeReferee(const std::vector<std::string>& argv,
                                                        uint64_t clock) {
  auto r = std::make_shared<connect4_fake::Referee>();
  uint64_t seed = clock * 2654435761u;
  for (size_t i = 0; i + 1 < argv.size(); ++i) {
    if (argv[i] == "--seed") seed = std::stoull(argv[i + 1]);
    if (argv[i] == "--bugs") {
      std::stringstream list(argv[i + 1]);
      for (std::string b; std::getline(list, b, ',');) r->bugs.insert(b);
    }
  }
  r->first = static_cast<int>(std::mt19937_64(seed)() % 2);
  harness::testing::FakeScript s;
  s.on_start = {connect4_fake::After(5, [r] { return r->Ask(r); })};
  s.on_seat_answer = [r](int seat, const std::string& answer) {
    std::vector<connect4_fake::Emit> out;
    std::string pending = answer;
    for (size_t nl; (nl = pending.find('\n')) != std::string::npos; pending.erase(0, nl + 1))
      for (auto& e : r->Answer(r, seat, pending.substr(0, nl + 1))) out.push_back(std::move(e));
    return out;
  };
  s.on_seat_gone = [r](int seat) -> std::vector<connect4_fake::Emit> {
    if (r->over || r->hanging || seat != r->waiting) return {};
    return r->PutOut(seat, "crashed");
  };
  s.on_eof = {};  // it reads no stdin of its own
  return s;
}

// A random legal column a turn (its id, then six rows); exits at the end of
// its input.
inline harness::testing::FakeScript Connect4FakeBot(uint64_t clock) {
  struct Bot {
    std::mt19937_64 rng;
    std::vector<std::string> lines;
    std::string pending;
  };
  auto bot = std::make_shared<Bot>(Bot{std::mt19937_64(clock * 7919 + 17), {}, {}});
  harness::testing::FakeScript s;
  s.on_input = [bot](int, const std::string& bytes) {
    std::vector<connect4_fake::Emit> out;
    bot->pending += bytes;
    for (size_t nl; (nl = bot->pending.find('\n')) != std::string::npos;) {
      bot->lines.push_back(bot->pending.substr(0, nl));
      bot->pending.erase(0, nl + 1);
      if (bot->lines.size() < 1 + connect4_fake::kRows) continue;
      std::vector<int> legal;
      for (int c = 0; c < connect4_fake::kCols; ++c)
        if (bot->lines[1][static_cast<size_t>(c)] == '.') legal.push_back(c);
      bot->lines.clear();
      if (legal.empty()) continue;
      out.push_back(connect4_fake::Out(4, std::to_string(legal[bot->rng() % legal.size()]) + "\n"));
    }
    return out;
  };
  s.on_eof = {connect4_fake::Exit(1, 0)};
  return s;
}

}  // namespace arbiter::cli
