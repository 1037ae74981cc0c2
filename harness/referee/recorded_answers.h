// A game's seed-bot answers as fuzz-referee recorded them, for a reproduce
// command that plays them back in place of the seed bot (--seed-answers):
// a file "DIR/NAME.answers.json", {"game": ..., "answers": [[...], ...]},
// one list of strings a seat (arbiter.referee-fuzz.answers).
#pragma once

#include <string>
#include <vector>

namespace arbiter::harness {

// The recording at `path`, into `out`; false with `error` saying what is
// wrong with the file.
bool ReadRecordedAnswers(const std::string& path, std::vector<std::vector<std::string>>& out,
                         std::string& error);
// Writes `answers` of game `game` as DIR/NAME.answers.json (making DIR):
// its path, "" when it could not be written.
std::string WriteRecordedAnswers(const std::string& dir, const std::string& name,
                                 const std::string& game,
                                 const std::vector<std::vector<std::string>>& answers);

}  // namespace arbiter::harness
