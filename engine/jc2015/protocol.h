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

// The official 2015 referee (AI-comp/JavaChallenge2015 on GameAIArena
// 2.0.6), as observed with probe bots: each of its readings is a rule option
// documented on its clause of the register.
inline constexpr std::pair<std::string_view, std::string_view> kOfficial2015Rules[] = {
    {"position_order", "col-row"},         // jc2015.protocol.input.position
    {"stun_count", "own-turns"},           // jc2015.protocol.input.stun
    {"fallen_players_get_input", "true"},  // jc2015.fallen.turns
    {"extra_lines", "queue"},              // jc2015.protocol.action.extra-lines
    {"restore_turns", "19"},               // jc2015.restore.delay
    {"action_parsing", "first-word"},      // jc2015.protocol.action.whitespace
    {"zero_alive", "turn-limit"},          // jc2015.end.simultaneous
    {"fallen_stun", "frozen"},             // jc2015.protocol.input.fallen-fields
};

// jc2015.protocol.ready.limit and jc2015.protocol.action.limit: the Japanese
// text gives 1 s for READY and 0.1 s per action; the English one 1 s for both.
// official-2015 is the Japanese timing with the official referee's readings
// and its handshake, which skips lines until a trimmed READY
// (jc2015.protocol.ready).
inline constexpr Profile kProfiles[] = {
    {"ja", 1000, 100, 100},    // default: jc2015-rules.ja.md
    {"en", 1000, 1000, 1000},  // jc2015-rules.en.txt
    {"official-2015", 1000, 100, 100, kOfficial2015Rules, /*ready_scan=*/true,
     "the official 2015 server"},
};
inline constexpr std::string_view kDefaultProfile = "ja";
const Profile* FindProfile(std::string_view name);

// jc2015.protocol.action.timeout: a bot that gave no answer (late, crashed or
// stopped) does nothing on that turn; its player stays on the board.
inline constexpr Action kActionWhenSilent = Action::kNothing;

// Whether `line` (without '\n') is exactly the handshake.
inline bool IsReadyLine(std::string_view line) { return line == kReadyLine; }

}  // namespace arbiter::jc2015
