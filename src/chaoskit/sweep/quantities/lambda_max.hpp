#pragma once
// lambda_max for a model: λ_max by lyapunov_exponents<1> (its reader, the description of its
// variables and its fingerprint are in lambda_max.cpp).
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// lambda_max's variables (described in lambda_max.cpp).
namespace lambda_max_slot {
inline constexpr Slot<double> value{0, "lambda_max"}, error{1, "lambda_max_error"};
inline constexpr Slot<std::uint8_t> converged{2, "lambda_max_converged"};  ///< 1 if the estimate settled, else 0
}  // namespace lambda_max_slot

template <Model M>
void evaluate_lambda_max(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  double* value = out[lambda_max_slot::value];
  double* error = out[lambda_max_slot::error];
  std::uint8_t* converged = out[lambda_max_slot::converged];
  auto write = [=](const LyapunovResult& r) {
    if (!out.note(r.report)) return;
    *value = r.exponents[0];
    *error = r.errors[0];
    *converged = r.converged ? 1 : 0;
  };
  if (p.to_lanes) {
    p.defer(simd::LaneSystem::tangent1, LyapunovTask<1, M>(p.lane_model(), p.x0, lyapunov_options(c), p.tangent_io),
            write);
    return;
  }
  write(lyapunov_exponents<1>(p.model, p.x0, p.inputs, lyapunov_options(c), p.tangent_io));
}

}  // namespace chaoskit::sweep
