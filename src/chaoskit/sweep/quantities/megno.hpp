#pragma once
// megno for a model: the mean exponential growth of nearby orbits <Y> at T (its reader, variables
// and fingerprint are in megno.cpp).
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// megno's variable.
namespace megno_slot {
inline constexpr Slot<double> value{0, "megno"};
}

template <Model M>
void evaluate_megno(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  double* value = out[megno_slot::value];
  auto write = [=](const MegnoResult& r) {
    if (out.note(r.report)) *value = r.megno;
  };
  if (p.to_lanes) {
    p.defer(simd::LaneSystem::megno, MegnoTask<M>(p.x0, fast_indicator_options(c)), write);
    return;
  }
  write(megno(p.model, p.x0, p.inputs, fast_indicator_options(c), p.tangent_io));
}

}  // namespace chaoskit::sweep
