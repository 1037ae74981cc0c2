// A game's seed-bot answers as fuzz-referee recorded them (recorded_answers.h).
#include "referee/recorded_answers.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace arbiter::harness {

bool ReadRecordedAnswers(const std::string& path, std::vector<std::vector<std::string>>& out,
                         std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read '" + path + "'";
    return false;
  }
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("answers") || !j["answers"].is_array()) {
    error = "'" + path +
            "' is not a recording of answers (a JSON object with \"answers\", "
            "one list of strings a seat)";
    return false;
  }
  out.clear();
  for (const auto& seat : j["answers"]) {
    out.emplace_back();
    if (!seat.is_array()) {
      error = "'" + path + "': each seat's answers are a list of strings";
      return false;
    }
    for (const auto& a : seat) {
      if (!a.is_string()) {
        error = "'" + path + "': each seat's answers are a list of strings";
        return false;
      }
      out.back().push_back(a.get<std::string>());
    }
  }
  return true;
}

std::string WriteRecordedAnswers(const std::string& dir, const std::string& name,
                                 const std::string& game,
                                 const std::vector<std::vector<std::string>>& answers) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string path = (std::filesystem::path(dir) / (name + ".answers.json")).string();
  std::ofstream out(path, std::ios::binary);
  out << nlohmann::json{{"game", game}, {"answers", answers}}.dump() << "\n";
  out.close();
  return out ? path : "";
}

}  // namespace arbiter::harness
