// The answer families of fuzz-referee without an engine (answer_fuzz.h):
// their names, the plan of each game, and the bytes a content family sends.
#include "answer_fuzz.h"

#include <array>

#include "core/parse.h"

namespace arbiter::harness {
namespace {

constexpr std::array<std::string_view, kAnswerFamilies> kNames = {
    "garbage", "empty", "huge", "non-utf8", "cr", "extra-lines", "late", "missing", "crash"};

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
      "garbage bytes",         "an empty line",
      "one 200 KB line",       "a line with bytes that are not UTF-8",
      "a line ending in CR",   "the answer and two more lines",
      "the answer, 3 s late",  "nothing (the bot stayed silent)",
      "nothing (the bot died)"};
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
  return f != AnswerFamily::kExtra && f != AnswerFamily::kLate && f != AnswerFamily::kMissing &&
         f != AnswerFamily::kCrash;
}

AnswerFuzzPlan PlanAnswerFuzz(uint64_t base_seed, int index, bool runner) {
  uint64_t state = base_seed * 0x2545f4914f6cdd1dULL + static_cast<uint64_t>(index) + 1;
  const std::vector<AnswerFamily> families = Sendable(runner);
  AnswerFuzzPlan plan;
  plan.salt = Next(state);
  const int n = static_cast<int>(families.size());
  if (index < n) {
    plan.at[2 + static_cast<int>(Next(state) % 18)] = families[index];
    return plan;
  }
  const int count = 1 + static_cast<int>(Next(state) % 3);
  for (int i = 0; i < count; ++i)
    plan.at[1 + static_cast<int>(Next(state) % 119)] = families[Next(state) % families.size()];
  return plan;
}

std::string MutateAnswer(AnswerFamily f, const std::string& answer, uint64_t salt) {
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
    default:
      return answer;
  }
  return first + "\n" + rest;
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
              "huge, non-utf8, cr, extra-lines, late, missing, crash)";
      return std::nullopt;
    }
    plan.at[static_cast<int>(*request)] = *family;
  }
  return plan;
}

}  // namespace arbiter::harness
