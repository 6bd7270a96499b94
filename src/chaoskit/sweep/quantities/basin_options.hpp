#pragma once
// basin's own options, read by basin.cpp, used by basin.hpp and by the job reader (a rest basin
// refuses joint moments, which the reader knows of only once every table is read).
#include <cmath>

#include "chaoskit/basins/basin_kind.hpp"
#include "chaoskit/sweep/job.hpp"

namespace chaoskit::sweep {

struct BasinEntry : QuantityOptions {
  basins::BasinKind kind = basins::BasinKind::rest;  ///< rest (damped: winding label) | flip | task
  double threshold = NAN;                            ///< task: endpoint speed counted as success [m/s]
};

}  // namespace chaoskit::sweep
