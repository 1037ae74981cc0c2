// Unknown options named with the nearest known one (option_names.h).
#include "cli/option_names.h"

#include <algorithm>

namespace arbiter::cli {

namespace {

// Optimal string alignment distance: insertions, deletions, substitutions
// and transpositions of two neighbours ("gmae" -> "game" is 1).
size_t Distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string_view Bare(std::string_view word) {
  while (!word.empty() && word.front() == '-') word.remove_prefix(1);
  return word.substr(0, word.find('='));
}

}  // namespace

std::string NearestName(std::string_view word, const std::vector<std::string>& names) {
  const std::string_view bare = Bare(word);
  if (bare.empty()) return "";
  std::string best;
  size_t best_distance = std::max<size_t>(2, bare.size() / 3) + 1;
  for (const std::string& name : names) {
    const std::string_view candidate = Bare(name);
    size_t distance = Distance(bare, candidate);
    if (bare.size() >= 3 && candidate.starts_with(bare)) distance = std::min<size_t>(distance, 1);
    if (distance < best_distance) best_distance = distance, best = name;
  }
  return best;
}

std::string FirstUnknownOption(const std::vector<std::string>& args,
                               const std::vector<OptionName>& options) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "--") return "";
    if (!word.starts_with("--")) {
      if (word.starts_with("-")) continue;  // a short option, or a negative number
      return "";                            // a positional word: a command may follow
    }
    const std::string name = word.substr(0, word.find('='));
    const auto known = std::find_if(options.begin(), options.end(),
                                    [&](const OptionName& o) { return o.name == name; });
    if (known == options.end()) return name;
    if (known->takes_value && word.find('=') == std::string::npos) ++i;  // its value
  }
  return "";
}

std::string UnknownOptionMessage(const std::string& word, const std::vector<OptionName>& options) {
  std::vector<std::string> names;
  for (const OptionName& o : options) names.push_back(o.name);
  const std::string nearest = NearestName(word, names);
  return "unknown option '" + word + "'" +
         (nearest.empty() ? std::string() : " (did you mean " + nearest + "?)");
}

}  // namespace arbiter::cli
