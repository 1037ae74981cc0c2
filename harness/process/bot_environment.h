// Internal to the harness: the environment a bot starts with (bot_process.h
// Environment), as KEY=VALUE strings for its exec.
#pragma once

#include <string>
#include <vector>

#include "process/bot_process.h"

namespace arbiter::harness {

// The environment of a bot; creates its HOME and TMPDIR (HOME returned in
// `home`, empty when inheriting) or says why it could not in `error`.
std::vector<std::string> BotEnvironment(const Environment& env, std::string& home,
                                        std::string& error);

}  // namespace arbiter::harness
