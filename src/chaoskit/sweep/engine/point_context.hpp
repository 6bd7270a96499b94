#pragma once
// Everything one point needs before integrating: its model (rebuilt only when a parameter is
// swept), its input schedule (constant moments and release times may be coordinates) and its
// initial state (fixed components, swept components, and the rate solved from the energy). The one
// place where a point's index becomes a point, for every PointSource (../job/job.hpp): a grid's
// coordinates, the row of a point list that the `point` axis's coordinate names, or the state a
// [sample]'s level sampler draws for the (energy, sample) indices.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/sweep/job/job.hpp"

namespace chaoskit::sweep {

struct PointContext {
  AnyModel model;
  InputSchedule inputs;
  std::vector<double> x0;
  bool admissible = true;  ///< false: no state exists here (energy below the potential); status invalid_point
};

/// The context of the point with coordinates axes[k].values[index[k]] (for the `point` axis of a
/// point list: its row index[k]; for a [sample]: sample index[1] of level index[0]).
PointContext point_context(const Job& job, std::span<const std::size_t> index);

}  // namespace chaoskit::sweep
