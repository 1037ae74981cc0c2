// Fuzzes the Wondev Woman turn-input parser, which reads other referees'
// output (wondev.protocol.input.*): ParseInput never crashes on any bytes,
// and for every text it accepts, FormatInput gives exactly that text back.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "wondev/codec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = arbiter::wondev::ParseInput(text);
  if (!parsed.ok()) return 0;
  const std::string again = arbiter::wondev::FormatInput(parsed.value());
  if (again != text) {
    std::fprintf(stderr,
                 "wondev_input_parser_fuzzer: accepted text does not format back\n--- accepted\n"
                 "%.*s--- formatted\n%s",
                 static_cast<int>(text.size()), text.data(), again.c_str());
    std::abort();
  }
  return 0;
}
