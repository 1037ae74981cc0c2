// Tests of the line framer: what counts as an answer line (jc2015.protocol.newline),
// partial and extra lines, bounded memory, and chunking independence.
#include "process/line_framer.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

std::vector<Line> Drain(LineFramer& f) {
  std::vector<Line> out;
  while (f.HasLine()) out.push_back(f.PopLine());
  return out;
}

SPEC_TEST(LineFramer, AnAnswerCountsOnlyOnceItsNewlineArrives, "jc2015.protocol.newline") {
  LineFramer f;
  f.Feed("U");
  EXPECT_FALSE(f.HasLine());
  EXPECT_EQ(f.partial(), "U");
  f.Feed("\n");
  ASSERT_TRUE(f.HasLine());
  EXPECT_EQ(f.PopLine().text, "U");
  EXPECT_EQ(f.partial_length(), 0u);
}

SPEC_TEST(LineFramer, TwoLinesInOneWriteAreTwoLinesAndTheTailStaysPartial,
          "jc2015.protocol.newline") {
  LineFramer f;
  f.Feed("U\nA\nN");
  const auto lines = Drain(f);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "U");
  EXPECT_EQ(lines[1].text, "A");
  EXPECT_EQ(f.partial(), "N");
  EXPECT_EQ(f.total_lines(), 2u);
}

SPEC_TEST(LineFramer, ACarriageReturnIsKeptAsPartOfTheLine, "jc2015.protocol.newline") {
  LineFramer f;
  f.Feed("U\r\n\n");
  const auto lines = Drain(f);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "U\r");
  EXPECT_EQ(lines[1].text, "");
}

SPEC_TEST(LineFramer, AHugeLineIsTruncatedButItsLengthIsCounted, "jc2015.protocol.newline") {
  LineFramer f(/*max_line_bytes=*/8);
  const std::string big(1'000'000, 'x');
  f.Feed(big);
  EXPECT_EQ(f.partial().size(), 8u);
  EXPECT_EQ(f.partial_length(), 1'000'000u);
  f.Feed(big + "\n");
  const Line line = f.PopLine();
  EXPECT_TRUE(line.truncated);
  EXPECT_EQ(line.length, 2'000'000u);
  EXPECT_EQ(line.text, "xxxxxxxx");
}

SPEC_TEST(LineFramer, LinesBeyondTheQueueCapAreCountedAndDropped, "jc2015.protocol.newline") {
  LineFramer f(/*max_line_bytes=*/16, /*max_queued_lines=*/3);
  f.Feed("a\nb\nc\nd\ne\n");
  EXPECT_EQ(f.queued(), 3u);
  EXPECT_EQ(f.dropped_lines(), 2u);
  EXPECT_EQ(f.total_lines(), 5u);
}

CITES(LineFramer, ChunkingNeverChangesTheLines, "jc2015.protocol.newline");
RC_GTEST_PROP(LineFramer, ChunkingNeverChangesTheLines, (const std::string& bytes)) {
  const size_t cap = *rc::gen::inRange<size_t>(1, 12);
  LineFramer whole(cap, 1 << 20);
  whole.Feed(bytes);
  LineFramer chunked(cap, 1 << 20);
  size_t at = 0;
  while (at < bytes.size()) {
    const size_t n = *rc::gen::inRange<size_t>(1, bytes.size() - at + 1);
    chunked.Feed(std::string_view(bytes).substr(at, n));
    at += n;
  }
  RC_ASSERT(Drain(whole) == Drain(chunked));
  RC_ASSERT(whole.partial() == chunked.partial());
  RC_ASSERT(whole.partial_length() == chunked.partial_length());
  RC_ASSERT(whole.total_bytes() == bytes.size());
}

}  // namespace
}  // namespace arbiter::harness
