// SymptomShrinks and ClauseCaveats (run_memory.h): their words.
#include "referee/run_memory.h"

namespace arbiter::harness {

std::string SymptomShrinks::Note() {
  return "later divergences of kinds the shrinks of " + std::to_string(kEnough) +
         " games showed to follow from it are counted under it without a shrink of their own";
}

std::string ClauseCaveats::For(const std::string& clause, const std::string& kind) const {
  const std::string may =
      " that no deviation explains: the bug may be one the catalogue does not model, which this "
      "deviation only fits in the games it names";
  if (const auto it = first_.find(clause); it != first_.end())
    return "; but " + it->second + " showed a divergence under the same clause" + may;
  if (const auto it = first_of_kind_.find(kind); it != first_of_kind_.end())
    return "; but " + it->second.first + " showed a divergence of the same kind (" + kind +
           ", under " + it->second.second + ")" + may;
  return "";
}

}  // namespace arbiter::harness
