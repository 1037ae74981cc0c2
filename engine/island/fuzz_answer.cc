// The referee fuzzer's answers for Save The Island. Swarm bits 0..5 enable
// the families of moves (forward, retreat, attack, shuffle, not allowed here,
// any legal); bits 6..8 enable the probes of the register's open questions:
// letter case (island.syntax.keywords), separators and tile characters
// (island.syntax.separators, island.syntax.tiles) and whitespace
// (island.syntax.whitespace). Under the default rules a probe or a move that
// is not allowed ends the game (island.invalid), so they are drawn one turn in six;
// `targeted` steers toward the rule edges: attacks at the distance with every
// tile, shuffles to the limit and past it, retreats past the edge.
#include <string>
#include <vector>

#include "island/codec.h"
#include "island/game.h"
#include "island/policies.h"

namespace arbiter::island {
namespace {

enum Family {
  kForward,
  kRetreat,
  kAttack,
  kShuffle,
  kNotAllowed,
  kAnyLegal,
  kCase,
  kSyntax,
  kBlank,
  kFamilies
};

std::string Pick(const std::vector<std::string>& options, Rng& rng) {
  return options[rng.Uniform(static_cast<uint32_t>(options.size()))];
}

std::string Held(const State& s, Rng& rng) {
  const Hand& h = s.hand(s.current_player());
  const int t = h[rng.Uniform(kHandSize)];
  return std::to_string(t == kNoTile ? 1 : t);
}

// `line` with its ASCII digits written as Arabic-Indic digits (U+0660..) or
// fullwidth digits (U+FF10..): a legal move for a tile_chars=unicode referee
// (island.syntax.tiles).
std::string NonAsciiDigits(const std::string& line, bool fullwidth) {
  std::string out;
  for (char c : line) {
    if (c < '0' || c > '9') {
      out += c;
    } else if (fullwidth) {  // U+FF10 + d: EF BC 90+d
      out += "\xef\xbc";
      out += static_cast<char>(0x90 + (c - '0'));
    } else {  // U+0660 + d: D9 A0+d
      out += "\xd9";
      out += static_cast<char>(0xA0 + (c - '0'));
    }
  }
  return out;
}

std::string Probe(Family f, const State& s, Rng& rng) {
  const std::string legal = ChooseAnswer(Policy::kRandom, s, rng);
  const std::string tile = Held(s, rng);
  switch (f) {
    case kCase: {
      std::string up = legal;
      for (char& c : up) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
      std::string title = legal;
      title[0] = static_cast<char>(title[0] - 32);
      return Pick({up, title}, rng);
    }
    case kSyntax:
      if (legal != "shuffle" && rng.Chance(2, 3)) return NonAsciiDigits(legal, rng.Chance(1, 2));
      return Pick(
          {"move;;" + tile, "move;" + tile + ";", "retreat;", "attack;", "move;" + tile + tile,
           "move;0", "move;5", "shuffle;", "move", "jump;" + tile, "", ";"},
          rng);
    case kBlank:
      return Pick(
          {" " + legal, legal + " ", "\t" + legal, legal + "\r", "move ;" + tile, "move; " + tile},
          rng);
    default:
      return legal;
  }
}

}  // namespace

std::string FuzzAnswer(const State& s, uint64_t swarm, bool targeted, Rng& rng);

std::string FuzzAnswer(const GameState& state, uint64_t swarm, bool targeted, Rng& rng) {
  return FuzzAnswer(*StateOf(state), swarm, targeted, rng);
}

std::string FuzzAnswer(const State& s, uint64_t swarm, bool targeted, Rng& rng) {
  std::vector<Family> on;
  for (int f = 0; f < kFamilies; ++f)
    if (swarm & (1ull << f)) on.push_back(static_cast<Family>(f));
  if (on.empty()) on.push_back(kAnyLegal);
  const int p = s.current_player(), d = s.distance();
  // A shuffle marathon (targeted, shuffles on, any-legal or retreats off:
  // about one game in six): both players shuffle to the limit first, so that
  // the game reaches it, then now and then once more.
  const uint64_t either = (1ull << kAnyLegal) | (1ull << kRetreat);
  if (targeted && (swarm & (1ull << kShuffle)) && (swarm & either) != either &&
      (s.shuffles(p) < s.rules().shuffle_limit || rng.Chance(1, 3)))
    return "shuffle";
  Family f = on[rng.Uniform(static_cast<uint32_t>(on.size()))];
  // Answers that end the game: one turn in six.
  if ((f == kNotAllowed || f >= kCase) && !rng.Chance(1, 6)) f = kAnyLegal;
  const std::vector<Move> legal = LegalMoves(s);
  auto legal_of = [&](MoveKind k) {
    std::vector<Move> out;
    for (const Move& m : legal)
      if (m.kind == k) out.push_back(m);
    return out;
  };
  switch (f) {
    case kForward: {
      const auto moves = legal_of(MoveKind::kMove);
      if (!moves.empty()) return MoveText(moves[rng.Uniform(static_cast<uint32_t>(moves.size()))]);
      break;
    }
    case kRetreat: {
      // Mostly a retreat that stays on the island; now and then (targeted:
      // often) one past the edge, which loses (island.retreat.edge).
      const bool edge = rng.Chance(1, targeted ? 3 : 15);
      for (int tries = 0; tries < 8; ++tries) {
        const int t = static_cast<int>(rng.Uniform(kMaxTile)) + 1;
        const int to = s.pos(p) - Forward(p) * t;
        if (s.Count(p, t) > 0 && ((to >= 0 && to < kIslandSize) != edge))
          return "retreat;" + std::to_string(t);
      }
      break;
    }
    case kAttack: {
      const auto attacks = legal_of(MoveKind::kAttack);
      if (!attacks.empty())
        return MoveText(targeted ? attacks.back()
                                 : attacks[rng.Uniform(static_cast<uint32_t>(attacks.size()))]);
      break;
    }
    case kShuffle:
      // Targeted: now and then the shuffle after the limit, which is not
      // allowed (island.shuffle.limit).
      if (s.shuffles(p) < s.rules().shuffle_limit || (targeted && rng.Chance(1, 4)))
        return "shuffle";
      break;
    case kNotAllowed: {
      std::vector<std::string> bad;
      for (int v = kMinTile; v <= kMaxTile; ++v) {
        if (s.Count(p, v) == 0) bad.push_back("move;" + std::to_string(v));
        if (v >= d && s.Count(p, v) > 0) bad.push_back("move;" + std::to_string(v));
        if (v != d && s.Count(p, v) > 0) bad.push_back("attack;" + std::to_string(v));
      }
      if (d <= kMaxTile) bad.push_back("attack;" + std::string(s.Count(p, d) + 1, '0' + d));
      if (!bad.empty()) return Pick(bad, rng);
      break;
    }
    case kCase:
    case kSyntax:
    case kBlank:
      return Probe(f, s, rng);
    default:
      break;
  }
  return ChooseAnswer(Policy::kRandom, s, rng);
}

}  // namespace arbiter::island
