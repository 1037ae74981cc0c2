// The JavaChallenge2015 bot protocol as data for the harness: the handshake
// line, the timing profiles of the two rule texts, and what a turn without an
// answer means. Game-agnostic code reads these through the game's registration;
// nothing here touches a process or a clock.
#pragma once

#include <string_view>

#include "core/game.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

// jc2015.protocol.ready: the one line a bot prints when it is ready.
inline constexpr std::string_view kReadyLine = "READY";

// jc2015.protocol.ready.limit and jc2015.protocol.action.limit: the Japanese
// text gives 1 s for READY and 0.1 s per action; the English one 1 s for both.
inline constexpr TimingProfile kProfiles[] = {
    {"ja", 1000, 100, 100},    // default: jc2015-rules.ja.md
    {"en", 1000, 1000, 1000},  // jc2015-rules.en.txt
};
inline constexpr std::string_view kDefaultProfile = "ja";
const TimingProfile* FindProfile(std::string_view name);

// jc2015.protocol.action.timeout: a bot that gave no answer (late, crashed or
// stopped) does nothing on that turn; its player stays on the board.
inline constexpr Action kActionWhenSilent = Action::kNothing;

// Whether `line` (without '\n') is exactly the handshake.
inline bool IsReadyLine(std::string_view line) { return line == kReadyLine; }

}  // namespace arbiter::jc2015
