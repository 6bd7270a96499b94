// The libFuzzer entry point of one fuzz executable; CHAOSKIT_FUZZ_TARGET (set by
// tests/fuzz/CMakeLists.txt) names the entry of fuzz_entries.hpp it drives. An exception other than
// InputError leaves the entry, reaches std::terminate and is reported by libFuzzer as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz/fuzz_entries.hpp"

#ifndef CHAOSKIT_FUZZ_TARGET
#error "CHAOSKIT_FUZZ_TARGET must name a target of fuzz_entries.hpp"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const chaoskit::fuzz::Target* target = [] {
    const auto* t = chaoskit::fuzz::find_target(CHAOSKIT_FUZZ_TARGET);
    if (!t) {
      std::fprintf(stderr, "no fuzz target named %s\n", CHAOSKIT_FUZZ_TARGET);
      std::abort();
    }
    return t;
  }();
  (void)target->run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
