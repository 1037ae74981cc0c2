// Serialize (serialize.h).
#include "island/serialize.h"

#include <cstdio>

namespace arbiter::island {
namespace {

const char* EndName(End e) {
  switch (e) {
    case End::kNone:
      return "none";
    case End::kRetreatEdge:
      return "retreat-edge";
    case End::kKnockedOff:
      return "knocked-off";
    case End::kInvalid:
      return "invalid";
    case End::kIllegal:
      return "illegal";
    case End::kDisqualified:
      return "disqualified";
    case End::kLimit:
      return "limit";
  }
  return "?";
}

std::string HandText(const Hand& h) {
  std::string out;
  for (int8_t t : h) out += t == kNoTile ? '?' : static_cast<char>('0' + t);
  return out;
}

}  // namespace

std::string Serialize(const State& s) {
  char rng[17];
  std::snprintf(rng, sizeof rng, "%016llx", static_cast<unsigned long long>(s.rng_state()));
  return "island turn=" + std::to_string(s.turn()) + " pos=" + std::to_string(s.pos(0)) + "," +
         std::to_string(s.pos(1)) + " hands=" + HandText(s.hand(0)) + "," + HandText(s.hand(1)) +
         " shuffles=" + std::to_string(s.shuffles(0)) + "," + std::to_string(s.shuffles(1)) +
         " fresh=" + std::to_string(s.fresh(0)) + "," + std::to_string(s.fresh(1)) +
         " end=" + EndName(s.end()) + " winner=" + std::to_string(s.Winner()) + " rng=" + rng +
         " rules=" + DescribeRules(s.rules());
}

}  // namespace arbiter::island
