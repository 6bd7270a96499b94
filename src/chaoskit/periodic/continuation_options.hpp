#pragma once
// What a continuation is asked to do (continuation.hpp describes the step control, the detection
// and the branch switching these options steer). Its own header, so that the branch walk
// (branch_walk.hpp) lies below continuation.hpp rather than beside it.
#include <limits>

#include "chaoskit/periodic/orbit.hpp"

namespace chaoskit::periodic {

struct ContinuationOptions {
  OrbitOptions orbit;  ///< segments, forcing periods, Newton tolerance and iterations, threads, verdict margin
  double ds = 0.01;    ///< first step (weighted arclength)
  double ds_min = 1e-8;
  double ds_max = 0.1;
  int direction = +1;    ///< +1: the parameter increases first, −1: decreases
  int max_points = 200;  ///< per branch, special points not counted
  double parameter_min = -std::numeric_limits<double>::infinity();
  double parameter_max = std::numeric_limits<double>::infinity();
  bool detect_bifurcations = true;
  double locate_tolerance = 1e-10;  ///< on the arclength of a located point
  double max_turn_degrees = 25.0;   ///< largest angle between successive tangents
  int period_doubling_levels = 0;   ///< how many successive period doublings to switch onto
};

}  // namespace chaoskit::periodic
