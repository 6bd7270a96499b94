#pragma once
// spectrum for a model: every Lyapunov exponent by lyapunov_exponents<n> (its reader, the description of
// its variables and its fingerprint are in spectrum.cpp).
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// spectrum's variables (n values each; described in spectrum.cpp).
namespace spectrum_slot {
inline constexpr Slot<double> exponents{0, "spectrum"}, errors{1, "spectrum_error"};
}

template <Model M>
void evaluate_spectrum(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  constexpr int n = M::state_dim;
  double* exponents = out[spectrum_slot::exponents];
  double* errors = out[spectrum_slot::errors];
  auto write = [=](const LyapunovResult& r) {
    if (!out.note(r.report)) return;
    for (std::size_t i = 0; i < r.exponents.size(); ++i) exponents[i] = r.exponents[i], errors[i] = r.errors[i];
  };
  if (p.to_lanes) {
    p.defer(simd::LaneSystem::tangent_full, LyapunovTask<n, M>(p.lane_model(), p.x0, lyapunov_options(c), p.tangent_io),
            write);
    return;
  }
  write(lyapunov_exponents<n>(p.model, p.x0, p.inputs, lyapunov_options(c), p.tangent_io));
}

}  // namespace chaoskit::sweep
