#pragma once
// section's own options, read by section.cpp (the plane parsed once, there), used by section.hpp.
#include <string>

#include "chaoskit/core/expression.hpp"
#include "chaoskit/sweep/job.hpp"

namespace chaoskit::sweep {

struct SectionEntry : QuantityOptions {
  std::string plane;     ///< the surface "lhs = rhs" as written
  Expression surface;    ///< `plane` parsed (g = lhs − rhs over the state names)
  int direction = +1;    ///< +1 up, −1 down, 0 both
  long crossings = 100;  ///< crossings kept per point
};

}  // namespace chaoskit::sweep
