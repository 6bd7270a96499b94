#pragma once
// The classifier's options of an orbit_class entry, built in one place: the job reader validates
// them, the layout describes the verdict rule they imply, the evaluator runs with them.
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/sweep/job.hpp"
#include "chaoskit/sweep/quantities/orbit_class_options.hpp"

namespace chaoskit::sweep {

inline OrbitClassOptions orbit_class_options(const ComputeSpec& c) {
  OrbitClassOptions o;
  o.time = c.time;
  o.renorm = c.renorm;
  o.blocks = c.blocks;
  const OrbitClassEntry& own = c.options_as<OrbitClassEntry>();
  o.max_time = own.max_time;
  o.lambda_floor = own.lambda_floor;
  return o;
}

}  // namespace chaoskit::sweep
