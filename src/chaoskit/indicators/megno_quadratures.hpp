#pragma once
// MEGNO's quadratures (Cincotta & Simó 2000), shared by the scalar systems (fast_indicators.hpp's
// MegnoSystem, orbit_classification.hpp's ClassifierSystem) and restated on lanes
// (simd/lane_megno.hpp). With h = w·(A w)/|w|² the stretching rate along a deviation vector w,
// Y(t) = (2/t) ∫₀ᵗ s h(s) ds and ⟨Y⟩(t) = (1/t) ∫₀ᵗ Y(s) ds.
//
// Integrated by parts, with L(t) = ∫₀ᵗ h = log|w(t)/w(0)| the deviation's log-stretch:
// ∫₀ᵗ s h ds = t L(t) − P(t) with P = ∫₀ᵗ L, so Y = 2 (L − P/t) and ⟨Y⟩ = 2 (P − Q)/t with
// Q = ∫₀ᵗ P(s)/s ds. Why not the textbook rows ȧ = t h, ḃ = 2a/t: a quadrature row is invisible to
// rkf78's error estimate (its 7th- and 8th-order weights differ only on stages that repeat the
// nodes c = 0 and 1), so its step does not resolve h, and in ȧ = t h a bias δ in the quadrature
// of h grows into an error δ t in ⟨Y⟩ (a regular limb orbit at T = 10⁴ s read −1.4 to 164
// instead of 1.96, depending on the tolerance and Δt). Here L is a row (L̇ = h) only between
// samples: at every sample it is replaced by the exact Σ log|w| the renormalisation measures
// anyway, so the bias cannot accumulate and the error in ⟨Y⟩ no longer grows with T; what is left
// is the row's error within one Δt (tests/indicators/test_fast_indicators.cpp measures it).
#include <cmath>

namespace chaoskit {

/// MEGNO's three quadratures (L, P, Q) follow the deviation vectors in the state, in one
/// column, or in two for a model of two states (three for one state).
constexpr int megno_columns_for(int n) { return (n + 2) / n; }
/// The same at compile time; -1 (Eigen::Dynamic: this header stays free of Eigen, the lanes include
/// it) for a state sized at run time.
template <int n>
inline constexpr int megno_columns = n > 0 ? megno_columns_for(n) : -1;

/// MEGNO's quadrature rates along a deviation vector w with A w at time t, given the quadratures
/// q = (L, P, Q): L̇ = h = w·(A w)/|w|², Ṗ = L, Q̇ = P/t (→ L at t = 0). Writes rates[0..3).
template <class W, class AW>
void megno_quadrature_rates(const W& w, const AW& Aw, const double* q, double t, double* rates) {
  rates[0] = w.dot(Aw) / w.squaredNorm();
  rates[1] = q[0];
  rates[2] = t > 0 ? q[1] / t : q[0];
}

/// At a sample at time t > 0: the row L takes the exact log-stretch `log_stretch` (the sum of the
/// renormalisations' log|w|), and ⟨Y⟩(t) = 2 (P − Q)/t is returned.
inline double megno_sample(double* q, double log_stretch, double t) {
  q[0] = log_stretch;
  return 2.0 * (q[1] - q[2]) / t;
}

/// The jump of MEGNO's deviation vector w and of its log-stretch L at an event with saltation
/// matrix S: w ← S w, L += log(|S w| / |w|) (h = d log|w|/dt holds a delta there; P and Q are
/// continuous).
template <class W, class S>
void megno_jump(W&& w, double& log_stretch, const S& saltation) {
  const double before = w.norm();
  w = (saltation * w).eval();
  log_stretch += std::log(w.norm() / before);
}

}  // namespace chaoskit
