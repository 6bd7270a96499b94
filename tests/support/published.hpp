#pragma once
// Checks a computed value against a number printed in a document, to the printed precision:
// |computed − printed| ≤ half a unit of the last printed digit. This is stricter than a relative
// tolerance and says exactly what "reproduced" means.
#include <cmath>
#include <string>

#include <catch2/catch.hpp>

namespace chaoskit::test {

struct Printed {
  std::string what;
  double value;
  int decimals;
};

inline void check_printed(const Printed& p, double computed) {
  INFO(p.what << ": printed " << p.value << ", computed " << computed);
  const double half_unit = 0.5 * std::pow(10.0, -p.decimals);
  CHECK(std::abs(computed - p.value) <= half_unit * (1.0 + 1e-9));
}

}  // namespace chaoskit::test
