// Parse results as values: a parser returns either what it read or a precise
// error (line, column, message), never throws and never aborts. Bad input from
// a bot, a referee or a user is data to report, not a failure of arbiter.
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

struct ParseError {
  int line = 0;    // 1-based; 0 when not about a line
  int column = 0;  // 1-based; 0 when not about a column
  std::string message;
  std::string ToString() const;
};

template <class T>
class Parsed {
 public:
  Parsed(T value) : value_(std::move(value)) {}           // NOLINT: implicit on purpose
  Parsed(ParseError error) : error_(std::move(error)) {}  // NOLINT
  bool ok() const { return value_.has_value(); }
  const T& value() const { return *value_; }
  T& value() { return *value_; }
  const ParseError& error() const { return error_; }

 private:
  std::optional<T> value_;
  ParseError error_;
};

// Reads a whole decimal integer in canonical form: optional '-', no leading
// zeros, no '+', not "-0". Returns nullopt otherwise or when out of range.
std::optional<long long> ParseCanonicalInt(std::string_view text);

// `s` with its ASCII letters in upper (or lower) case; other bytes as they are.
std::string AsciiUpper(std::string_view s);
std::string AsciiLower(std::string_view s);

// Splits `s` at every `sep`: n separators give n + 1 fields, empty ones
// included (so a strict parser sees doubled or trailing separators).
std::vector<std::string_view> SplitOn(std::string_view s, char sep);

// Escapes bytes for a one-line report: printable ASCII as is, \n \r \t \\ and
// \xHH for everything else.
std::string EscapeBytes(std::string_view bytes);
// The inverse of EscapeBytes; nullopt for a malformed escape.
std::optional<std::string> UnescapeBytes(std::string_view text);

}  // namespace arbiter
