#pragma once
// The compiled models' kernels on lanes: the right-hand sides of the tangent flow [x | w_1 … w_K],
// of MEGNO's system and of the classifier's, which run the model's tangent_rhs_with on Lanes<W>
// with its parameter-only constants held per lane. Restates TangentSystem (indicators/
// tangent_flow.hpp), MegnoSystem (indicators/fast_indicators.hpp) and ClassifierSystem
// (indicators/orbit_classification.hpp) around the model's tangent_rhs (integrate/tangent_rhs.hpp).
// tests/simd/test_lane_kernels.cpp pins each kernel to its scalar system's operator(), bit for bit
// on random states, inputs, times and parameters, in every lane; the engine that integrates them
// is lane_engine.hpp, and simd/instances/lane_models.cpp.in makes one per model and system.
#include "chaoskit/core/types.hpp"
#include "chaoskit/simd/lane_megno.hpp"
#include "chaoskit/simd/lanes.hpp"

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

/// A model's parameter-only constants (M::lane_constants: golf's b, K2, …, Lorenz's σ, ρ, β), one
/// value per lane, so that lanes may integrate models with different parameters (a sweep over
/// them). The model's tangent_rhs_with reads them in place of its doubles: the same operations on
/// each lane's own values, so the bits are those of the scalar model with that lane's parameters.
template <class M, int W>
struct LaneConstants {
  static constexpr int count = M::lane_constant_count;
  Lanes<W> c[count > 0 ? count : 1];
  double base[count > 0 ? count : 1]{};  // the engine's model's, for a task that brings none
  /// Every lane from the same values (M::lane_constants, written in baseline code: lanes.hpp).
  explicit LaneConstants(const double* values) {
    for (int i = 0; i < count; ++i) c[i] = Lanes<W>(values[i]), base[i] = values[i];
  }
  /// Lane l's values, or the engine's model's for null.
  CHAOSKIT_LANE_INLINE void set(int l, const double* values) {
    if (values == nullptr) values = base;
    for (int i = 0; i < count; ++i) c[i].set(l, values[i]);
  }
};

/// The right-hand side of the tangent flow [x | w_1 … w_K] on lanes: the model's tangent_rhs_with,
/// as TangentSystem<M, K> calls tangent_rhs (K = 1 λ_max, 2 SALI, n the spectrum and Ψ(T, 0)).
template <class M, int W, int K>
struct TangentKernel {
  static constexpr int n = M::state_dim, m = M::input_dim, columns = 1 + K, size = n * columns;
  static constexpr int constant_count = M::lane_constant_count;
  using L = Lanes<W>;
  LaneConstants<M, W> constants;
  explicit TangentKernel(const double* values) : constants(values) {}
  CHAOSKIT_LANE_INLINE void set_constants(int l, const double* values) { constants.set(l, values); }
  CHAOSKIT_LANE_INLINE void operator()(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    // Beyond four states (chains of three links and more) the kernel is one out-of-line call:
    // inlined into the engine's thirteen stages, its N-by-N solves made the engine files compile
    // for minutes. The operations, and so the bits, are the same either way.
    if constexpr (n > 4)
      evaluate_out_of_line(X, dX, t, u);
    else
      evaluate(X, dX, t, u);
  }
  [[gnu::noinline]] void evaluate_out_of_line(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    evaluate(X, dX, t, u);
  }
  CHAOSKIT_LANE_INLINE void evaluate(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    Vec<L, n> x;
    Mat<L, n, K> w;
    for (int i = 0; i < n; ++i) {
      x(i) = X[i];
      for (int j = 0; j < K; ++j) w(i, j) = X[(1 + j) * n + i];
    }
    // f and J·W straight into dX, whose layout [f | Jw_1 … Jw_K] is an n × (1 + K) column-major
    // matrix (tangent_rhs takes any writable expression, as TangentSystem's blocks): no copy out.
    M::tangent_rhs_with(constants.c, x, u, t, w, Eigen::Map<Vec<L, n>>(dX), Eigen::Map<Mat<L, n, K>>(dX + n));
  }
};

/// [x | w_1 … w_K | (L, P, Q, 0, …)] on lanes: the tangent flow with K vectors and MEGNO's quadratures
/// along w_1. K = 1 is MegnoSystem (fast_indicators.hpp), K = 2 the classifier's ClassifierSystem
/// (indicators/orbit_classification.hpp); lane_file_kernels.hpp's FileMegnoKernel is the same for
/// model files.
template <class M, int W, int K>
struct TangentMegnoKernel {
  static constexpr int n = M::state_dim, m = M::input_dim, columns = K + 1 + megno_columns<n>, size = n * columns;
  static constexpr int constant_count = M::lane_constant_count;
  using L = Lanes<W>;
  TangentKernel<M, W, K> tangent;
  explicit TangentMegnoKernel(const double* values) : tangent(values) {}
  CHAOSKIT_LANE_INLINE void set_constants(int l, const double* values) { tangent.set_constants(l, values); }
  CHAOSKIT_LANE_INLINE void operator()(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    tangent(X, dX, t, u);
    megno_rates<W, n>(X + n, dX + n, X + (K + 1) * n, t, dX + (K + 1) * n);
  }
};
template <class M, int W>
using MegnoKernel = TangentMegnoKernel<M, W, 1>;
template <class M, int W>
using ClassifierKernel = TangentMegnoKernel<M, W, 2>;

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
