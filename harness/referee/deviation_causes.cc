// DeviationCauses (deviation_causes.h): grouping and wording the deviation
// findings of a run, one per bug.
#include "referee/deviation_causes.h"

#include "core/deviations.h"
#include "referee/fuzz_findings.h"

namespace arbiter::harness {

std::string DeviationCauses::GroupOf(const Divergence& d, const std::string& cause,
                                     const RefereeGameResult& r) {
  if (d.deviation.empty()) return cause;
  std::set<std::string> allowed = {d.deviation};
  if (const auto it = r.deviation_alternatives.find(d.deviation);
      it != r.deviation_alternatives.end())
    allowed.insert(it->second.begin(), it->second.end());
  for (Cause& known : causes_) {
    std::set<std::string> both;
    for (const std::string& name : allowed)
      for (const std::string& kept : known.live)
        if (name == kept || RuleOf(name) == RuleOf(kept)) both.insert(kept), both.insert(name);
    if (both.empty()) continue;
    known.live = both;
    return known.key;
  }
  causes_.push_back({"deviation " + d.deviation, allowed, d.deviation});
  return causes_.back().key;
}

std::string DeviationCauses::RuleOf(const std::string& deviation) const {
  if (const Deviation* dev = FindDeviation(catalogue_, deviation))
    return std::string(dev->clause) + "|" + std::string(dev->rule);
  return deviation;
}

bool DeviationCauses::Join(const std::string& cause, const Divergence& d,
                           const RefereeGameResult& r, const std::string& id, const Lookup& seen) {
  const size_t known = causes_.size();
  const std::string key = GroupOf(d, cause, r);
  Finding* earlier = seen(key);
  if (!earlier) {
    if (causes_.size() > known) causes_.pop_back();  // registered when kept
    return false;
  }
  ++earlier->occurrences;
  if (d.deviation.empty()) return true;
  Cause* group = CauseOf(key);
  if (!group) return true;
  const std::string named = group->named;
  if (!group->live.count(named)) {
    // Named again, by the first deviation of the catalogue every game allows.
    for (const Deviation& dev : catalogue_) {
      if (!group->live.count(std::string(dev.name))) continue;
      group->words = DeviationMessage(
          dev, "every message of each game it touched; " + id + " ruled out " + named,
          group->showed);
      earlier->clause = dev.clause;
      group->named = dev.name;
      earlier->cause = ReportedCause(key);
      break;
    }
  } else if (named != d.deviation && RuleOf(named) == RuleOf(d.deviation) &&
             group->amounts.insert(d.deviation).second) {
    // Another amount of the bug, said once (by the first game that showed
    // it): the deviation's words without what showed it (that is a field).
    const Deviation* dev = FindDeviation(catalogue_, d.deviation);
    group->after += "; " + id + " showed it in another amount: " +
                    (d.showed.empty() || !dev ? d.message : DeviationMessage(*dev, kWholeGame, ""));
  }
  // Worded again: the game may have narrowed the bugs its games allow.
  earlier->message = Worded(*group);
  return true;
}

std::string DeviationCauses::ReportedCause(const std::string& cause) const {
  const Cause* c = CauseOf(cause);
  return c ? "deviation " + c->named : cause;
}

// Each other bug replays its game up to the message that showed the bug,
// where the named one replays it whole: the finding names one bug and says
// which others its games cannot tell from it, never more than they showed.
std::string DeviationCauses::AlsoFits(const Cause& c) const {
  std::vector<const Deviation*> others;
  for (const Deviation& dev : catalogue_) {
    const std::string name(dev.name);
    if (c.live.count(name) && RuleOf(name) != RuleOf(c.named)) others.push_back(&dev);
  }
  if (others.empty()) return "";
  return "; up to the message that showed it, its games cannot tell it from: " +
         DeviationsInWords(others, 3);
}

std::string DeviationCauses::Worded(const Cause& c) const {
  return c.before + c.words + c.after + c.caveat + AlsoFits(c);
}

DeviationCauses::Cause* DeviationCauses::CauseOf(const std::string& key) {
  for (Cause& each : causes_)
    if (each.key == key) return &each;
  return nullptr;
}

const DeviationCauses::Cause* DeviationCauses::CauseOf(const std::string& key) const {
  return const_cast<DeviationCauses*>(this)->CauseOf(key);
}

void DeviationCauses::First(const std::string& cause, const Divergence& d,
                            const std::string& before, Finding& f) {
  Cause* c = d.deviation.empty() ? nullptr : CauseOf(cause);
  if (!c) return;
  c->before = before;
  c->words = d.message;
  c->showed = d.showed;
  c->after = ": " + DivergenceField(d);
  c->kind = d.showed_kind;
  f.message = Worded(*c);
}

void DeviationCauses::SameClause(Finding& f, const Divergence& d, const std::string& cause,
                                 const Lookup& seen) {
  if (!d.deviation.empty()) {  // a deviation's: GroupOf gave its divergence a cause
    if (Cause* c = CauseOf(cause)) {
      if (std::string caveat = caveats_.For(f.clause, c->kind); !caveat.empty()) c->caveat = caveat;
      f.message = Worded(*c);
    }
    return;
  }
  caveats_.Unexplained(f.clause, f.match, d.kind);
  for (Cause& each : causes_)
    if (Finding* named = seen(each.key);
        named && (named->clause == f.clause || each.kind == d.kind)) {
      // A field: said once, whoever sets it again; its clause's first.
      each.caveat = caveats_.For(named->clause, each.kind);
      named->message = Worded(each);
    }
}

}  // namespace arbiter::harness
