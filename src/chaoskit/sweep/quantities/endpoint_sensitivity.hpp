#pragma once
// endpoint_sensitivity for a mechanical model: the endpoint's speed and the singular values of its
// position and velocity response to the initial state, from the point's one Ψ run at T (its reader,
// variables and fingerprint are in endpoint_sensitivity.cpp; the reader refuses other models).
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// endpoint_sensitivity's variables (gains: 2 values each; described in endpoint_sensitivity.cpp).
namespace endpoint_sensitivity_slot {
inline constexpr Slot<double> speed{0, "endpoint_speed"}, position_gain{1, "endpoint_position_gain"},
    velocity_gain{2, "endpoint_velocity_gain"};
}

template <Model M>
void evaluate_endpoint_sensitivity(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  if constexpr (MechanicalModel<M>) {
    constexpr int n = M::state_dim;
    namespace slot = endpoint_sensitivity_slot;
    double* speed = out[slot::speed];
    double* position_gain = out[slot::position_gain];
    double* velocity_gain = out[slot::velocity_gain];
    const M* model = p.writer_model();
    p.with_stm(c.time, [=](const typename PointEvaluation<M>::StmResult& r) {
      if (!out.note(r.report)) return;
      const EndpointSensitivity<n> s = endpoint_sensitivity(*model, r.xT, r.stm);
      *speed = s.y.template tail<2>().norm();
      for (int i = 0; i < 2; ++i) position_gain[i] = s.sigma_position(i), velocity_gain[i] = s.sigma_velocity(i);
    });
  }
}

}  // namespace chaoskit::sweep
