#pragma once
// The arithmetic shared by chaoskit's explicit Runge–Kutta steppers (dopri5_stepper.hpp,
// rkf78_stepper.hpp): linear combinations of a fixed-size Eigen state and its stage derivatives
// k_j with the rows of a constexpr Butcher tableau, and the error norm of the step-size control.
//
// Why not Boost.Odeint's steppers: odeint's generic Runge–Kutta multiplies every tableau entry,
// zeros included (more than a third of Fehlberg's 7(8) tableau; its error estimate uses 4 of 13
// stages), and its Boost.Fusion stage machinery and nested Eigen expressions made the tangent
// systems the most expensive code in chaoskit to compile (several seconds per system and stepper,
// far more under the sanitizers). Here a row is a template argument, its nonzero entries are
// found at compile time, and a combination is a sequence of `acc += c_j k_j` on the fixed-size
// state: one small Eigen expression type per state, vectorised by Eigen. (A plain loop over the
// components compiled to scalar code: steps 15–25 % slower.)
//
// Bit-compatibility: per component, a row is summed left to right as
//   x_i + (a_j1 h) k_j1,i + (a_j2 h) k_j2,i + …
// which is the order in which odeint sums a row (it forms each coefficient as a_j·h and adds a zero
// term as an exact 0). So for finite stages the results equal odeint's to the last bit;
// tests/integrate/test_explicit_rk.cpp checks that against odeint's own steppers.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <utility>

#include <Eigen/Core>

namespace chaoskit::rk {

// The stage sums are short Eigen statements that GCC may leave as calls (the constant-times-state
// expression and its assignment loop were 6 % of a golf λ_max run as separate functions): flatten
// inlines everything they call. Not under the sanitizers, where it would only slow the build.
#if defined(__SANITIZE_ADDRESS__)  // GCC
#define CHAOSKIT_RK_FLATTEN
#elif defined(__has_feature)  // Clang
#if __has_feature(address_sanitizer)
#define CHAOSKIT_RK_FLATTEN
#endif
#endif
#ifndef CHAOSKIT_RK_FLATTEN
#define CHAOSKIT_RK_FLATTEN [[gnu::flatten]]
#endif

template <int N>
using Row = std::array<double, N>;

template <int N, Row<N> R>
constexpr std::size_t nonzero_count() {
  std::size_t n = 0;
  for (double v : R) n += v != 0.0;
  return n;
}

/// The positions of the nonzero entries of R, in order.
template <int N, Row<N> R>
constexpr auto nonzero_indices() {
  std::array<int, nonzero_count<N, R>()> idx{};
  std::size_t m = 0;
  for (int j = 0; j < N; ++j)
    if (R[j] != 0.0) idx[m++] = j;
  return idx;
}

/// out = x + Σ_j (R_j h) k_j over the nonzero R_j, per component left to right. `out` may be x but
/// none of the k_j. Each term is one small Eigen statement on the fixed-size state (vectorised by
/// Eigen, cheap to compile); the accumulator keeps the order of the sum.
template <int N, Row<N> R, class State>
CHAOSKIT_RK_FLATTEN inline void advance(State& out, const State& x, const std::array<State, N>& k, double h) {
  static constexpr auto idx = nonzero_indices<N, R>();
  [&]<std::size_t... J>(std::index_sequence<J...>) {
    State acc = x;
    ((acc += (R[idx[J]] * h) * k[idx[J]]), ...);
    out = acc;
  }
  (std::make_index_sequence<idx.size()>{});
}

/// out = Σ_j (R_j h) k_j over the nonzero R_j (R must have one), per component left to right.
template <int N, Row<N> R, class State>
CHAOSKIT_RK_FLATTEN inline void weighted(State& out, const std::array<State, N>& k, double h) {
  static constexpr auto idx = nonzero_indices<N, R>();
  static_assert(idx.size() > 0, "a row with no nonzero entry");
  [&]<std::size_t J0, std::size_t... J>(std::index_sequence<J0, J...>) {
    State acc = (R[idx[J0]] * h) * k[idx[J0]];
    ((acc += (R[idx[J]] * h) * k[idx[J]]), ...);
    out = acc;
  }
  (std::make_index_sequence<idx.size()>{});
}

/// The stages First..Last of a step from (t, x) of size h, in order: stage i is
/// k_i = f(t + c_i h, x + h Σ_j a_ij k_j), its state built in `xs` (k_0 = f(t, x) must be set).
template <int First, int Last, const auto& A, const auto& C, class Sys, class State, std::size_t N>
inline void run_stages(Sys& sys, State& xs, const State& x, std::array<State, N>& k, double t, double h) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    ((advance<static_cast<int>(N), A[First + I]>(xs, x, k, h), sys(xs, k[First + I], t + C[First + I] * h)), ...);
  }
  (std::make_integer_sequence<int, Last - First + 1>{});
}

/// The error of a step for the controller (odeint's default error checker, restated):
///   max_i |err_i| / (atol + rtol (|x_i| + |h| |f_i(x)|)),
/// x and f(x) at the step's start. A NaN term makes the result NaN, whatever its position: Eigen's
/// maxCoeff leaves that to the packet instructions, and the vector lanes (simd/) must decide such a
/// step exactly as this does. Each term is formed in the order of the expression above.
template <class State>
CHAOSKIT_RK_FLATTEN inline double error_norm(const State& err, const State& x, const State& dxdt, double h, double atol,
                                             double rtol) {
  const double abs_h = std::abs(h);
  double e = 0.0;
  for (Eigen::Index i = 0; i < err.size(); ++i) {
    const double v =
        std::abs(err.data()[i]) / (atol + rtol * (std::abs(x.data()[i]) + abs_h * std::abs(dxdt.data()[i])));
    if (v > e || v != v) e = v;  // a NaN, once met, stays: v > NaN is false for every v
  }
  return e;
}

/// Gives the stage and scratch states the size of x: a no-op for fixed sizes; a state sized at run
/// time (core/types.hpp) is written by the system block by block, so it must have its size first.
template <class State, std::size_t N, class... Scratch>
inline void size_like(const State& x, std::array<State, N>& k, Scratch&... scratch) {
  if constexpr (State::SizeAtCompileTime == Eigen::Dynamic) {
    for (State& kj : k) kj.resizeLike(x);
    (scratch.resizeLike(x), ...);
  }
}

/// The outcome of one attempted step.
enum class StepResult { accepted, rejected };

}  // namespace chaoskit::rk
