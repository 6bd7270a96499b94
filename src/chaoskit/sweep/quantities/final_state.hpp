#pragma once
// final_state for a model: x(T) of the trajectory (its reader, variables and fingerprint are in
// final_state.cpp).
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// final_state's variable (n values).
namespace final_state_slot {
inline constexpr Slot<double> state{0, "final_state"};
}

template <Model M>
void evaluate_final_state(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  IntegrationReport report;
  const Vec<double, M::state_dim> xT = flow(p.model, p.x0, p.inputs, 0.0, c.time, p.trajectory_io, &report);
  if (!out.note(report)) return;
  for (int i = 0; i < xT.size(); ++i) out[final_state_slot::state][i] = xT(i);
}

}  // namespace chaoskit::sweep
