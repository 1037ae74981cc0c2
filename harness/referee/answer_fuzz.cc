// The answer families of fuzz-referee without an engine (answer_fuzz.h):
// their names, the plan of each game, and the bytes a content family sends.
#include "referee/answer_fuzz.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/parse.h"

namespace arbiter::harness {
namespace {

constexpr std::array<std::string_view, kAnswerFamilies> kNames = {
    "garbage",     "empty", "huge",    "non-utf8", "cr",
    "extra-lines", "late",  "missing", "crash",    "near-valid"};

// splitmix64: a small seeded stream, the same on every machine.
uint64_t Next(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The families a protocol's referee can be given, in family order.
std::vector<AnswerFamily> Sendable(bool runner) {
  std::vector<AnswerFamily> out;
  for (int f = 0; f < kAnswerFamilies; ++f)
    if (!runner || RunnerCanSend(static_cast<AnswerFamily>(f)))
      out.push_back(static_cast<AnswerFamily>(f));
  return out;
}

// Every line of `answer` but its last newline: the first line is the one
// mutated, the others follow as they were.
std::pair<std::string, std::string> FirstAndRest(const std::string& answer) {
  const size_t nl = answer.find('\n');
  if (nl == std::string::npos) return {answer, ""};
  return {answer.substr(0, nl), answer.substr(nl + 1)};
}

}  // namespace

std::string_view FamilyName(AnswerFamily f) { return kNames[static_cast<size_t>(f)]; }

std::string_view FamilyWords(AnswerFamily f) {
  static constexpr std::array<std::string_view, kAnswerFamilies> kWords = {
      "garbage bytes",          "an empty line",
      "one 200 KB line",        "a line with bytes that are not UTF-8",
      "a line ending in CR",    "the answer and two more lines",
      "the answer, 3 s late",   "nothing (the bot stayed silent)",
      "nothing (the bot died)", "a near-valid answer (the bot's own, one token changed)"};
  return kWords[static_cast<size_t>(f)];
}

bool IsTimed(AnswerFamily f) {
  return f == AnswerFamily::kLate || f == AnswerFamily::kMissing || f == AnswerFamily::kCrash;
}

std::optional<AnswerFamily> FamilyNamed(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return static_cast<AnswerFamily>(i);
  return std::nullopt;
}

bool RunnerCanSend(AnswerFamily f) {
  // A CR before the newline never reaches the referee either
  // (RefereeDriver::DropsCrBeforeNewline).
  return f != AnswerFamily::kExtra && f != AnswerFamily::kLate && f != AnswerFamily::kMissing &&
         f != AnswerFamily::kCrash && f != AnswerFamily::kCr;
}

AnswerFuzzPlan PlanAnswerFuzz(uint64_t base_seed, int index, bool runner) {
  uint64_t state = base_seed * 0x2545f4914f6cdd1dULL + static_cast<uint64_t>(index) + 1;
  const std::vector<AnswerFamily> families = Sendable(runner);
  AnswerFuzzPlan plan;
  plan.salt = Next(state);
  const int n = static_cast<int>(families.size());
  if (index < n) {
    // Near-valid answers find parser bugs one variant at a time: their
    // game gives three.
    const int count = families[index] == AnswerFamily::kNearValid ? 3 : 1;
    while (static_cast<int>(plan.at.size()) < count)
      plan.at[2 + static_cast<int>(Next(state) % 18)] = families[index];
    return plan;
  }
  const int count = 1 + static_cast<int>(Next(state) % 3);
  for (int i = 0; i < count; ++i) {
    const int request = 1 + static_cast<int>(Next(state) % 119);
    // One in three a near-valid answer, the class that finds crashes and
    // hangs in parsers; the rest of the families alike.
    plan.at[request] =
        Next(state) % 3 == 0 ? AnswerFamily::kNearValid : families[Next(state) % families.size()];
  }
  return plan;
}

void NumberBounds::See(std::string_view answer) {
  const std::string_view line = answer.substr(0, answer.find('\n'));
  size_t index = 0;
  for (const std::string_view t : SplitOn(line, ' ')) {
    if (t.empty()) continue;
    if (const auto v = ParseCanonicalInt(t)) {
      if (by_token_.size() <= index) by_token_.resize(index + 1);
      auto& b = by_token_[index];
      b = b ? std::pair{std::min(b->first, *v), std::max(b->second, *v)} : std::pair{*v, *v};
    }
    ++index;
  }
}

std::optional<std::pair<long long, long long>> NumberBounds::At(size_t index) const {
  return index < by_token_.size() ? by_token_[index] : std::nullopt;
}

std::string MutateAnswer(AnswerFamily f, const std::string& answer, uint64_t salt,
                         const NumberBounds* seen) {
  auto [first, rest] = FirstAndRest(answer);
  switch (f) {
    case AnswerFamily::kGarbage: {
      static constexpr std::string_view kBytes = "#$%&*+-/<=>?@^_`{|}~0123456789qzQZ";
      std::string g;
      uint64_t state = salt;
      const int length = 1 + static_cast<int>(Next(state) % 40);
      for (int i = 0; i < length; ++i) g += kBytes[Next(state) % kBytes.size()];
      first = g;
      break;
    }
    case AnswerFamily::kEmpty:
      first.clear();
      break;
    case AnswerFamily::kHuge: {
      const std::string unit = first.empty() ? std::string("x") : first + " ";
      std::string huge;
      while (huge.size() < 200000) huge += unit;
      first = huge;
      break;
    }
    case AnswerFamily::kNonUtf8:
      first += " \xff\xfe\xc3\x28";
      break;
    case AnswerFamily::kCr:
      first += "\r";
      break;
    case AnswerFamily::kExtra:
      return answer + first + "\n" + first + "\n";
    case AnswerFamily::kNearValid: {
      const std::vector<std::string> near = NearValid(first, seen);
      if (!near.empty()) first = near[salt % near.size()];
      break;
    }
    default:
      return answer;
  }
  return first + "\n" + rest;
}

std::vector<std::string> NearValid(const std::string& line, const NumberBounds* seen) {
  std::vector<std::string> tokens;
  for (const std::string_view t : SplitOn(line, ' '))
    if (!t.empty()) tokens.emplace_back(t);
  const auto join = [](const std::vector<std::string>& ts, const std::string& sep) {
    std::string out;
    for (size_t i = 0; i < ts.size(); ++i) out += (i ? sep : "") + ts[i];
    return out;
  };
  const auto number = [](const std::string& t) {
    size_t i = t[0] == '-' ? 1 : 0;
    if (i >= t.size()) return false;
    for (; i < t.size(); ++i)
      if (t[i] < '0' || t[i] > '9') return false;
    return true;
  };
  std::vector<std::string> out;
  const auto add = [&](const std::string& s) {
    if (s != line && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  if (tokens.empty()) return out;
  int num = -1, word = -1;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (num < 0 && number(tokens[i])) num = static_cast<int>(i);
    if (word < 0 && !number(tokens[i])) word = static_cast<int>(i);
  }
  const auto with = [&](int at, const std::string& t) {
    std::vector<std::string> ts = tokens;
    ts[at] = t;
    return join(ts, " ");
  };
  if (num >= 0) {
    const std::string& n = tokens[num];
    add(with(num, n[0] == '-' ? "-0" : "+" + n));                // a sign
    add(with(num, n[0] == '-' ? "-0" + n.substr(1) : "0" + n));  // a leading zero
  }
  add(" " + join(tokens, "  ") + " ");  // spaces inside and around
  if (word >= 0) {                      // another case
    std::string t = tokens[word];
    for (char& c : t)
      c = std::islower(static_cast<unsigned char>(c)) ? std::toupper(c) : std::tolower(c);
    add(with(word, t));
  }
  if (tokens.size() > 1) {  // a token dropped
    std::vector<std::string> ts(tokens.begin(), tokens.end() - 1);
    add(join(ts, " "));
  }
  {  // a token repeated
    std::vector<std::string> ts = tokens;
    ts.push_back(tokens.back());
    add(join(ts, " "));
  }
  if (num >= 0) {  // out of bounds: one past those seen, and huge
    const auto bounds = seen ? seen->At(static_cast<size_t>(num)) : std::nullopt;
    const auto v = ParseCanonicalInt(tokens[num]);
    constexpr long long kFar = 1LL << 40;
    if (bounds && bounds->second < kFar && bounds->first > -kFar) {
      add(with(num, std::to_string(bounds->second + 1)));
      add(with(num, std::to_string(bounds->first - 1)));
    } else if (v && *v < kFar) {
      add(with(num, std::to_string(*v + 1)));
    }
    add(with(num, "99999999999999999999"));
  }
  if (tokens.size() > 1) {  // another separator
    add(join(tokens, ","));
    add(join(tokens, "\t"));
  }
  return out;
}

std::string FormatPlan(const AnswerFuzzPlan& plan) {
  std::string out;
  for (const auto& [request, family] : plan.at)
    out +=
        (out.empty() ? "" : ",") + std::to_string(request) + ":" + std::string(FamilyName(family));
  return out;
}

std::optional<AnswerFuzzPlan> ParsePlan(std::string_view text, std::string& error) {
  AnswerFuzzPlan plan;
  if (text.empty() || text == "none") return plan;
  for (const std::string_view entry : SplitOn(text, ',')) {
    const size_t colon = entry.find(':');
    const auto request =
        colon == std::string_view::npos ? std::nullopt : ParseCanonicalInt(entry.substr(0, colon));
    const auto family =
        colon == std::string_view::npos ? std::nullopt : FamilyNamed(entry.substr(colon + 1));
    if (!request || *request < 0 || *request >= 100000 || !family) {
      error = "'" + std::string(entry) +
              "' is not REQUEST:FAMILY (a request number from 0, and one of garbage, empty, "
              "huge, non-utf8, cr, extra-lines, late, missing, crash, near-valid)";
      return std::nullopt;
    }
    plan.at[static_cast<int>(*request)] = *family;
  }
  return plan;
}

}  // namespace arbiter::harness
