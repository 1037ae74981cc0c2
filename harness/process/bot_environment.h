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

// The entries of arbiter's environment that choose the runtime a bot's
// command starts, or locate it ("PYENV_VERSION=2.7.18", "JAVA_HOME=...",
// "ASDF_NODEJS_VERSION=20.1.0"): a bot gets them with the server's minimal
// environment, so that the interpreter a version manager's shim starts is
// the one the user's shell does (arbiter.process.environment).
// (It includes RuntimeHomes.)
std::vector<std::string> RuntimeChoices();
// Where a version manager would find its install under arbiter's HOME, no
// variable naming it ("RUSTUP_HOME=/home/u/.rustup", "CARGO_HOME=..."):
// under the bot's fresh HOME it would not (arbiter.process.environment).
std::vector<std::string> RuntimeHomes();

// The folders an LD_LIBRARY_PATH of `env` (a bot's, KEY=VALUE) names that
// exist: a contained bot is shown them read-only, as they are, so that the
// variable the user gave (--env) means there what it means outside.
std::vector<std::string> LibraryPathFolders(const std::vector<std::string>& env);

}  // namespace arbiter::harness
