// A jc2015 bot for the command-level proofs on fakes (check_bot_fake_test.cc,
// play_fake_test.cc): READY after 20 ms, then on each turn (a turn's input
// ends with "EOD") the line and the time `turn` gives for that turn, by its
// number from 1; it exits when its stdin is closed.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "testing/fake_env.h"

namespace arbiter::cli {

inline harness::testing::FakeScript Jc2015FakeBot(
    std::function<std::pair<int, std::string>(int turn)> turn) {
  using harness::testing::Out;
  harness::testing::FakeScript s;
  s.on_start = {Out(20, "READY\n")};
  auto turns = std::make_shared<int>(0);
  s.on_input = [=](int, const std::string& in) {
    std::vector<harness::testing::Emit> out;
    for (size_t at = in.find("EOD\n"); at != std::string::npos; at = in.find("EOD\n", at + 4)) {
      const auto [ms, line] = turn(++*turns);
      out.push_back(Out(ms, line + "\n"));
    }
    return out;
  };
  s.on_eof = {harness::testing::Exit(1, 0)};
  return s;
}

}  // namespace arbiter::cli
