#pragma once
// orbit_class's own options, read by orbit_class.cpp; the classifier's options are built from them
// and the entry's fields by classification_options.hpp. The layout reads max_time for the cost of
// an adaptive entry (result_layout.cpp).
#include <cmath>

#include "chaoskit/sweep/job.hpp"

namespace chaoskit::sweep {

struct OrbitClassEntry : QuantityOptions {
  double max_time = NAN;      ///< adaptive classification up to this time [s] (NaN: fixed at `time`)
  double lambda_floor = NAN;  ///< adaptive: the smallest exponent resolved [1/s] (NaN: default)
};

}  // namespace chaoskit::sweep
