#pragma once
// A model read from a TOML file at run time (model_program.hpp; how to write one:
// data/models/README.md), as the fixed-size value type every algorithm expects.
//
// Fixed sizes are compiled in for N = 3, 4 and 6 states only (model_registry.hpp says why); a file
// model has input_dim = N / 2 slots, of which it declares as many as it uses (the rest read zero).
// rhs<S> runs the compiled program on double, and on AutoDiffScalar by its dual-number mode (the
// same instructions, K directions at once); tangent_rhs gives ∂f/∂x · W the same way.
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "chaoskit/core/autodiff.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/model_program.hpp"

namespace chaoskit {

template <int N>
struct FileModel {
  static constexpr int state_dim = N;
  static constexpr int input_dim = N / 2;
  std::shared_ptr<const ModelProgram> program;  ///< shared and immutable: copies are cheap

  explicit FileModel(std::shared_ptr<const ModelProgram> p) : program(std::move(p)) {}

  std::vector<std::string> state_names() const { return program->state_names(); }
  std::vector<std::string> input_names() const { return program->input_names(); }
  const std::string& source() const { return program->source(); }
  /// The file's energy expression (or T + V of the mechanical form); NaN without one.
  double energy(const Vec<double, N>& x) const { return program->energy(x.data()); }

  template <class S>
  Vec<S, N> rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t) const {
    Vec<S, N> f;
    if constexpr (std::is_same_v<S, double>) {
      program->rhs(x.data(), u.data(), t, f.data());
    } else {
      // Eigen::AutoDiffScalar<Vec<double, K>>: values and K derivatives through the dual mode.
      constexpr int K = S::DerType::RowsAtCompileTime;
      static_assert(K > 0, "file models take fixed-size AutoDiff derivatives");
      double xv[N], dx[N * K], uv[input_dim + 1], du[(input_dim + 1) * K], fv[N], df[N * K];
      for (int i = 0; i < N; ++i) {
        xv[i] = x(i).value();
        for (int k = 0; k < K; ++k) dx[i * K + k] = derivative_or_zero(x(i), k);
      }
      for (int j = 0; j < input_dim; ++j) {
        uv[j] = u(j).value();
        for (int k = 0; k < K; ++k) du[j * K + k] = derivative_or_zero(u(j), k);
      }
      program->rhs_tangent(xv, uv, t.value(), dx, du, K, fv, df);
      for (int i = 0; i < N; ++i) {
        typename S::DerType d;
        for (int k = 0; k < K; ++k) d(k) = df[i * K + k];
        f(i) = S(fv[i], d);
      }
    }
    return f;
  }

  /// f and ∂f/∂x · W by the dual mode (integrate/tangent_rhs.hpp picks this over AutoDiff of rhs:
  /// one pass with K directions instead of state_dim + input_dim).
  template <class S, int K, class FOut, class JWOut>
    requires std::is_same_v<S, double>
  void tangent_rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t, const Mat<S, N, K>& W, FOut&& f,
                   JWOut&& JW) const {
    double dx[N * K], fv[N], df[N * K];
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < K; ++k) dx[i * K + k] = W(i, k);
    program->rhs_tangent(x.data(), u.data(), t, dx, nullptr, K, fv, df);
    for (int i = 0; i < N; ++i) {
      f(i) = fv[i];
      for (int k = 0; k < K; ++k) JW(i, k) = df[i * K + k];
    }
  }

 private:
  // An AutoDiffScalar built from a plain value has an empty derivative vector in Eigen's dynamic
  // case; fixed-size ones are always full. Read the k-th entry or zero.
  template <class S>
  static double derivative_or_zero(const S& s, int k) {
    return k < s.derivatives().size() ? s.derivatives()(k) : 0.0;
  }
};

}  // namespace chaoskit
