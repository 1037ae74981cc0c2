// RapidCheck properties over arbitrary grids and placements (model.h): the
// legal-action list agrees with the engine and with the independent model,
// and no push scores, even where played games rarely go.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"
#include "spec-tests/wondev/model.h"

namespace arbiter::wondev {

using namespace testing;

CITES(ArbitraryStates, TheLegalListIsExactlyTheSetOfActionsTheEngineAccepts,
      "wondev.protocol.input.legal", "wondev.move.climb", "wondev.move.removed",
      "wondev.build.adjacent", "wondev.push.destination", "wondev.fog.build", "wondev.fog.push");
RC_GTEST_PROP(ArbitraryStates, TheLegalListIsExactlyTheSetOfActionsTheEngineAccepts, ()) {
  const State s = ArbitraryState();
  std::set<std::string> listed;
  for (const std::string& t : ViewFor(s, s.current_player()).actions) listed.insert(t);
  for (const Action& a : AllActions()) {
    State after = s;
    const Result r = after.Apply(Answer{Answer::kAction, a}).result;
    const bool accepted =
        r != Result::kIllegal && r != Result::kNoLegalOut && r != Result::kNoLegalPass;
    RC_ASSERT(listed.count(ActionText(a)) == (accepted ? 1u : 0u));
    RC_ASSERT(ModelLegal(s, a) == accepted);
  }
}

CITES(ArbitraryStates, PushingNeverScoresEvenOntoLevelThree, "wondev.push.build",
      "wondev.score.climb");
RC_GTEST_PROP(ArbitraryStates, PushingNeverScoresEvenOntoLevelThree, ()) {
  const State s = ArbitraryState();
  for (const Action& a : s.LegalActions()) {
    if (a.type != ActionType::kPushBuild) continue;
    State after = s;
    after.Apply(Answer{Answer::kAction, a});
    RC_ASSERT(after.score(0) == 0);
    RC_ASSERT(after.score(1) == 0);
  }
}

}  // namespace arbiter::wondev
