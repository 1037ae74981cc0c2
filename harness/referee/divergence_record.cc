// DivergenceRecord (divergence_record.h): what a game's result says diverged.
#include "referee/divergence_record.h"

#include <algorithm>

namespace arbiter::harness {

void DivergenceRecord::AddPlayedClauses(Divergence& d) const {
  auto add = [&](const std::string& clause) {
    if (clause.empty()) return;
    for (const auto& c : d.clauses)
      if (c == clause) return;
    d.clauses.push_back(clause);
  };
  for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t)
    for (const Event& e : t->events)
      if (e.kind == "end") add(e.clause);
  for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t)
    for (const Event& e : t->events) add(e.clause);
}

void DivergenceRecord::Record(LaterDivergence l) {
  last_ = l;
  if (!result_.divergence) {
    result_.divergence = std::move(l.divergence);
    result_.divergence_turn = l.turn;
    result_.divergence_seat = l.seat;
    result_.actual_text = std::move(l.actual_text);
    result_.expected_text = std::move(l.expected_text);
    return;
  }
  const std::string sig = Signature(l.divergence);
  for (const std::string& seen : Signatures(result_))
    if (seen == sig) return;
  result_.later.push_back(std::move(l));
}

void DivergenceRecord::RestoreDeviated() {
  if (deviated_.empty()) return;
  std::vector<LaterDivergence> all = deviated_;
  if (result_.divergence)
    all.push_back({*result_.divergence, result_.divergence_turn, result_.divergence_seat,
                   result_.expected_text, result_.actual_text});
  for (LaterDivergence& l : result_.later) all.push_back(std::move(l));
  std::stable_sort(all.begin(), all.end(), [](const LaterDivergence& a, const LaterDivergence& b) {
    return a.turn < b.turn;
  });
  result_.divergence.reset();
  result_.later.clear();
  const std::optional<LaterDivergence> last = last_;  // not these: the game's last, as it was
  for (LaterDivergence& l : all) Record(std::move(l));
  last_ = last;
}

}  // namespace arbiter::harness
