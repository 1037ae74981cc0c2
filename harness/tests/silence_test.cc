// Tests of the silence diagnosis: "not flushed" only with the full evidence
// (jc2015.protocol.flush), and the other reasons a bot can be silent.
#include "checks/silence.h"

#include <gtest/gtest.h>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

SilenceEvidence Blocked() {
  SilenceEvidence e;
  e.waiting_for_input = true;
  e.cpu_advanced = false;
  return e;
}

SPEC_TEST(Silence, AnAnswerThatArrivesOnlyWhenStdinClosesWasNotFlushed, "jc2015.protocol.flush") {
  SilenceEvidence e = Blocked();
  e.answer_after_eof = true;
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kUnflushed);
}

SPEC_TEST(Silence, ABotStillComputingIsSlowNotUnflushedEvenIfItAnswersAtEof,
          "jc2015.protocol.flush", "jc2015.protocol.action.limit") {
  SilenceEvidence e;
  e.waiting_for_input = false;
  e.cpu_advanced = true;
  e.answer_after_eof = true;
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kTooSlow);
  e.waiting_for_input = true;  // polling reads while burning CPU: still not a flush problem
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kTooSlow);
}

SPEC_TEST(Silence, ABotNeitherComputingNorReadingIsStalled, "jc2015.protocol.action.limit") {
  SilenceEvidence e;
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kStalled);
  e.answer_after_eof = true;  // answered only once its input ended: not stalled
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kTooSlow);
}

SPEC_TEST(Silence, ABlockedBotWithNothingToSayAtEofWantsMoreInput, "jc2015.protocol.flush") {
  EXPECT_EQ(DiagnoseSilence(Blocked()), SilenceVerdict::kWaitingForMoreInput);
}

SPEC_TEST(Silence, BytesWithoutANewlineThatNeverEndAreAPartialLine, "jc2015.protocol.newline") {
  SilenceEvidence e = Blocked();
  e.partial_bytes = 1;
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kPartialLine);
  e.waiting_for_input = false;
  e.cpu_advanced = true;
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kPartialLine);
}

SPEC_TEST(Silence, ABotThatDiedIsReportedAsExitedWhateverElseIsTrue,
          "jc2015.protocol.action.timeout") {
  SilenceEvidence e = Blocked();
  e.exited_before_eof = true;
  e.answer_after_eof = true;
  EXPECT_EQ(DiagnoseSilence(e), SilenceVerdict::kExited);
}

SPEC_TEST(Silence, TheFlushAdviceCoversCCppPythonAndJava, "jc2015.protocol.flush") {
  const std::string_view advice = FlushAdvice();
  for (const char* fix : {"fflush(stdout)", "std::flush", "flush=True", "PrintWriter", "flush()"})
    EXPECT_NE(advice.find(fix), std::string_view::npos) << fix;
}

}  // namespace
}  // namespace arbiter::harness
