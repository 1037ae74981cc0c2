// Bounded runs (arbiter.report.bounded): a run lists its matches with a
// finding in full, and its first passing matches as summary rows (their
// transcripts only on request); every later passing match is summed up in
// FoldedMatches, and its answer times join a bounded sample. Memory and the
// reports then depend on what was found, not on how many games were played.
#include <algorithm>

#include "report/run_report.h"

namespace arbiter::report {
namespace {

// A match that needs no row of its own: nothing found, not a reproducer, not
// an edge state (coverage names those), not cut short by an interrupt.
bool Foldable(const harness::MatchResult& m) {
  return m.findings.empty() && m.shrunk_from.empty() && m.kind != "edge" && !m.interrupted &&
         m.replayed.empty();
}

}  // namespace

void LatencySample::Add(double v) {
  ++count;
  max = std::max(max, v);
  if (values.size() < kCap) {
    values.push_back(v);
    return;
  }
  // Algorithm R: the count-th value replaces a kept one with chance kCap/count.
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  const uint64_t slot = (state >> 17) % static_cast<uint64_t>(count);
  if (slot < kCap) values[slot] = v;
}

void FoldedMatches::Add(const harness::MatchResult& m) {
  ++matches;
  turns += m.turns_played;
  bot_answers += static_cast<long long>(m.latencies_ms.size());
  for (double v : m.latencies_ms) latencies.Add(v);
  for (const harness::BotUsage& u : m.usage) {
    any_usage = true;
    peak_rss_kb = std::max(peak_rss_kb, u.peak_rss_kb);
    cpu_ms += u.cpu_ms;
  }
  if (std::find(variants.begin(), variants.end(), m.variant) == variants.end())
    variants.push_back(m.variant);
  for (const harness::SeatPlay& p : m.seat_plays)  // a folded match is never an edge state
    AddSeatCoverage(seats, {m.variant, p.seat, p.own_turns, p.own_turns, p.own_turn_limit,
                            m.kind == "whole", p.to_end});
  CountCompared(comparison, m);
}

void FoldedMatches::Merge(const FoldedMatches& o) {
  matches += o.matches;
  turns += o.turns;
  bot_answers += o.bot_answers;
  // The other's kept values join the sample; the count and maximum stay exact.
  for (double v : o.latencies.values) latencies.Add(v);
  latencies.count += o.latencies.count - static_cast<long long>(o.latencies.values.size());
  latencies.max = std::max(latencies.max, o.latencies.max);
  any_usage = any_usage || o.any_usage;
  peak_rss_kb = std::max(peak_rss_kb, o.peak_rss_kb);
  cpu_ms += o.cpu_ms;
  for (const std::string& v : o.variants)
    if (std::find(variants.begin(), variants.end(), v) == variants.end()) variants.push_back(v);
  for (const SeatCoverage& os : o.seats) AddSeatCoverage(seats, os);
  RefereeComparison& c = comparison;
  const RefereeComparison& d = o.comparison;
  c.games += d.games;
  c.messages += d.messages;
  c.alone += d.alone;
  c.chance_learnt += d.chance_learnt;
  c.games_compared += d.games_compared;
  c.games_alone += d.games_alone;
  c.games_blind += d.games_blind;
}

void RunReport::Add(harness::MatchResult m) {
  if (!Foldable(m)) return matches.push_back(std::move(m));
  if (keep_passing_replays && !m.turns.empty()) {
    bool seen = false;  // a row of this kind that kept its transcript
    for (const harness::MatchResult& x : matches)
      seen = seen || (x.kind == m.kind && x.findings.empty() && !x.turns.empty());
    if (!seen) return matches.push_back(std::move(m));
  }
  std::vector<harness::TurnRecord>().swap(m.turns);
  std::string().swap(m.initial_state);
  int rows = 0;
  if (folded.matches == 0)
    for (const harness::MatchResult& x : matches) rows += Foldable(x);
  if (folded.matches > 0 || rows >= kPassingRows) return folded.Add(m);
  matches.push_back(std::move(m));
}

void RunReport::FoldPassingRows() {
  int rows = 0;
  std::vector<harness::MatchResult> kept;
  for (harness::MatchResult& m : matches) {
    if (Foldable(m) && m.turns.empty() && ++rows > kPassingRows) {
      folded.Add(m);
    } else {
      kept.push_back(std::move(m));
    }
  }
  matches = std::move(kept);
}

}  // namespace arbiter::report
