// Fuzzes the turn-input parser (jc2015/codec.h), which reads other referees'
// output: ParseInput must never crash on any bytes, and every text it accepts
// must be canonical, FormatInput(ParseInput(text)) == text byte for byte.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "jc2015/codec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter::jc2015;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = ParseInput(text);
  if (!parsed.ok()) {
    if (parsed.error().message.empty()) {
      std::fprintf(stderr, "input_parser_fuzzer: a rejection without a message\n");
      std::abort();
    }
    return 0;
  }
  const std::string again = FormatInput(parsed.value());
  if (again != text) {
    std::fprintf(stderr,
                 "input_parser_fuzzer: accepted a text FormatInput does not reproduce\n"
                 "--- input\n%.*s--- FormatInput\n%s",
                 static_cast<int>(text.size()), text.data(), again.c_str());
    std::abort();
  }
  return 0;
}
