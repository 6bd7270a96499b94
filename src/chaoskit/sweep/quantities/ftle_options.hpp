#pragma once
// ftle's own options, read by ftle.cpp, used by ftle.hpp.
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/sweep/job.hpp"

namespace chaoskit::sweep {

struct FtleEntry : QuantityOptions {
  FtleMetric metric = FtleMetric::euclidean;
};

}  // namespace chaoskit::sweep
