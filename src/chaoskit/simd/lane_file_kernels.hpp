#pragma once
// The lane kernels of model files (FileModel<N>, models/file_model.hpp): the tangent flow
// [x | w_1 … w_K] through the compiled program on lanes (lane_program.hpp), as FileModel's
// tangent_rhs computes it per trajectory (rhs_tangent with the directions W and no input
// directions), and MEGNO's and the classifier's systems on top of it (lane_megno.hpp's
// megno_rates). simd/instances/lane_files.cpp.in instantiates them for every FileModel<N> of the
// model list. Each kernel owns its register files, sized for its program once when the
// engine is made: no allocation per call.
#include <vector>

#include "chaoskit/simd/lane_megno.hpp"
#include "chaoskit/simd/lane_program.hpp"
#include "chaoskit/simd/lane_task.hpp"

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

/// f and ∂f/∂x · W of a model file on lanes; N states, N / 2 input slots (FileModel<N>'s).
template <int N, int W, int K>
struct FileTangentKernel {
  static constexpr int n = N, m = N / 2, columns = 1 + K, size = n * columns;
  using L = Lanes<W>;

  explicit FileTangentKernel(const ModelProgram::Layout& layout)
      : p(layout),
        reg(static_cast<std::size_t>(layout.registers)),
        der(static_cast<std::size_t>(layout.time_register + 1) * K),
        lane_constants(static_cast<std::size_t>(layout.constant_count)) {
    // The constants once: no instruction writes their registers (model_program_passes.hpp's layout).
    for (int i = 0; i < p.constant_count; ++i)
      reg[static_cast<std::size_t>(p.constants[i].first)] = L(p.constants[i].second);
  }

  /// Lane l's constants: its task's (a point of a sweep over the file's [values], whose program has
  /// this one's code: ModelProgram::same_code_as, checked by the sweep before it hands the point
  /// over), or the engine's program's when the task brings none.
  void load_constants(int l, const LaneTask& task) const {
    const int count = p.constant_count;
    const bool own = count > 0 && task.model_constants(lane_constants.data(), count) == count;
    for (int i = 0; i < count; ++i)
      reg[static_cast<std::size_t>(p.constants[i].first)].set(
          l, own ? lane_constants[static_cast<std::size_t>(i)] : p.constants[i].second);
  }

  // Not inlined into the engine's thirteen stage evaluations (as the built-in models' kernels are):
  // the interpreter is large, and one call per evaluation costs nothing beside it. It stays in this
  // instruction set's namespace, so its out-of-line copy is this instruction set's own.
  [[gnu::noinline]] void operator()(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    const int V = p.time_register, inputs = p.inputs;
    L* r = reg.data();
    L* d = der.data();
    // rhs_tangent's call: the state and its directions (dx row-major: state i, direction j), the
    // inputs without directions, the zero slot, time.
    for (int i = 0; i < n; ++i) {
      r[i] = X[i];
      for (int j = 0; j < K; ++j) d[i * K + j] = X[(1 + j) * n + i];
    }
    for (int j = 0; j < inputs; ++j) {
      r[n + j] = u(j);
      for (int k = 0; k < K; ++k) d[(n + j) * K + k] = L(0.0);
    }
    for (int j = 0; j < K; ++j) d[V * K + j] = L(0.0);
    r[V] = t;
    program_lanes::dual_pass<W, K>(p, r, d);
    if constexpr (n % 2 == 0) {  // an odd state count is never mechanical (the file reader's rule)
      if (p.mechanical) return mechanical_derivatives(X, dX, r, d);
    }
    for (int i = 0; i < n; ++i) {
      const int o = p.out[i];
      dX[i] = r[o];
      const L* slot = d + (o < V ? o : V) * K;
      for (int j = 0; j < K; ++j) dX[(1 + j) * n + i] = slot[j];
    }
  }

  /// The mechanical form: M(q) q̈ = f solved per lane (lane_program.hpp's solve_mechanical).
  CHAOSKIT_LANE_INLINE void mechanical_derivatives(const L* X, L* dX, const L* r, const L* d) const
      requires(n % 2 == 0) {
    L dx[n * K], f[n], df[n * K];
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < K; ++j) dx[i * K + j] = X[(1 + j) * n + i];
    program_lanes::solve_mechanical<W, K, n / 2>(p, r, d, X, dx, f, df);
    for (int i = 0; i < n; ++i) {
      dX[i] = f[i];
      for (int j = 0; j < K; ++j) dX[(1 + j) * n + i] = df[i * K + j];
    }
  }

  ModelProgram::Layout p;
  mutable std::vector<L> reg, der;
  mutable std::vector<double> lane_constants;  ///< load_constants's buffer, sized once
};

/// MEGNO's quadratures along the first tangent vector of a model file of N states: K = 1 is
/// MegnoSystem's [x | w | (L, P, Q, 0, …)], K = 2 the classifier's [x | w1 | w2 | (L, P, Q, 0, …)]
/// (lane_kernels.hpp's MegnoKernel and ClassifierKernel for the built-in models).
template <int N, int W, int K>
struct FileMegnoKernel {
  static constexpr int n = N, m = N / 2, columns = K + 1 + megno_columns<n>, size = n * columns;
  using L = Lanes<W>;
  explicit FileMegnoKernel(const ModelProgram::Layout& layout) : tangent(layout) {}
  void load_constants(int l, const LaneTask& task) const { tangent.load_constants(l, task); }
  CHAOSKIT_LANE_INLINE void operator()(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    tangent(X, dX, t, u);
    megno_rates<W, n>(X + n, dX + n, X + (K + 1) * n, t, dX + (K + 1) * n);
  }
  FileTangentKernel<N, W, K> tangent;
};

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
