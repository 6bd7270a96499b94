#pragma once
// Bit-for-bit equality of two doubles (NaN equals NaN only with the same payload, and 0 is not
// -0): the reproducibility tests compare datasets, lanes and reruns this way.
#include <cstring>

namespace chaoskit::test {

inline bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace chaoskit::test
