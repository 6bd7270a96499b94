#pragma once
// sali for a model: the smaller alignment index of two deviation vectors (its reader, variables and
// fingerprint are in sali.cpp).
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// sali's variable.
namespace sali_slot {
inline constexpr Slot<double> value{0, "sali"};
}

template <Model M>
void evaluate_sali(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  double* value = out[sali_slot::value];
  auto write = [=](const AlignmentResult& r) {
    if (out.note(r.report)) *value = r.sali;
  };
  if (p.to_lanes) {
    p.defer(simd::LaneSystem::tangent2, AlignmentTask<2, M>(p.x0, fast_indicator_options(c)), write);
    return;
  }
  write(alignment_indices<2>(p.model, p.x0, p.inputs, fast_indicator_options(c), p.tangent_io));
}

}  // namespace chaoskit::sweep
