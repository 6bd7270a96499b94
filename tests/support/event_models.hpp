#pragma once
// Shared by the tests of model files with events (tests/models/test_model_events*.cpp,
// test_model_impacts.cpp): the shipped files as FileModel<N>, and a guard's gradient and a reset's
// Jacobian in (x, u, t) through the AutoDiff interface every integrator uses, beside the same from
// central differences of the double versions.
#include <algorithm>
#include <string>
#include <variant>

#include <catch2/catch.hpp>

#include "chaoskit/core/autodiff.hpp"
#include "model_files.hpp"
// The library's compiled instances (simulate, propagate_variational, the indicators) declared
// extern, so that a test of a model file calls them instead of compiling the integrators of
// FileModel<4> and <6> again (without this, six test files each did: test_model_event_lyapunov
// compiled in 30 CPU-s instead of 3).
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit::test {

template <int N>
FileModel<N> shipped_file_model(const std::string& name) {
  const AnyModel any = make_model(shipped_model_file(name));
  REQUIRE(std::holds_alternative<FileModel<N>>(any));
  return std::get<FileModel<N>>(any);
}

/// A file model with some [values] replaced (as a sweep's override does).
template <int N, class Values>
FileModel<N> file_model_with(const std::string& path, const Values& values) {
  ParamFile f = read_param_file(path);
  for (const auto& [name, value] : values) (*f.table["values"].as_table()).insert_or_assign(name, value);
  const AnyModel any = make_model(path, f);
  REQUIRE(std::holds_alternative<FileModel<N>>(any));
  return std::get<FileModel<N>>(any);
}

/// Derivatives of a function of (x, u, t): columns 0..N-1 by x, then the input slots, then t.
template <int N, int R>
using EventJacobian = Mat<double, R, N + N / 2 + 1>;

template <int N>
struct EventPoint {
  Vec<double, N> x;
  Vec<double, N / 2> u = Vec<double, N / 2>::Zero();
  double t = 0.0;
};

/// The point p as AutoDiff numbers seeded in the EventJacobian's column order: x, then u, then t.
template <int N>
struct SeededEventPoint {
  static constexpr int K = N + N / 2 + 1;
  using AD = Eigen::AutoDiffScalar<Vec<double, K>>;
  Vec<AD, N> x;
  Vec<AD, N / 2> u;
  AD t;
  explicit SeededEventPoint(const EventPoint<N>& p) : t(p.t, K, K - 1) {
    for (int i = 0; i < N; ++i) x(i) = AD(p.x(i), K, i);
    for (int j = 0; j < N / 2; ++j) u(j) = AD(p.u(j), K, N + j);
  }
};

/// ∂R_k/∂(x, u, t) (and R_k) from the model's AutoDiff event_reset.
template <int N>
EventJacobian<N, N> reset_jacobian_ad(const FileModel<N>& m, int k, const EventPoint<N>& p, Vec<double, N>* value) {
  const SeededEventPoint<N> s(p);
  const auto r = m.event_reset(k, s.x, s.u, s.t);
  EventJacobian<N, N> J;
  for (int i = 0; i < N; ++i) {
    J.row(i) = r(i).derivatives().transpose();
    if (value) (*value)(i) = r(i).value();
  }
  return J;
}

/// ∇g_k in (x, u, t) from the model's AutoDiff event_guard.
template <int N>
EventJacobian<N, 1> guard_gradient_ad(const FileModel<N>& m, int k, const EventPoint<N>& p, double* value) {
  const SeededEventPoint<N> s(p);
  const auto g = m.event_guard(k, s.x, s.u, s.t);
  if (value) *value = g.value();
  return g.derivatives().transpose();
}

/// Central differences of f(x, u, t) (R values) with steps h relative to each component's scale.
template <int N, int R, class F>
EventJacobian<N, R> central_differences(const EventPoint<N>& p, F&& f, double h = 1e-6) {
  constexpr int K = N + N / 2 + 1;
  EventJacobian<N, R> J;
  for (int c = 0; c < K; ++c) {
    EventPoint<N> hi = p, lo = p;
    double* component_hi = c < N ? &hi.x(c) : c < K - 1 ? &hi.u(c - N) : &hi.t;
    double* component_lo = c < N ? &lo.x(c) : c < K - 1 ? &lo.u(c - N) : &lo.t;
    const double step = h * std::max(1.0, std::abs(*component_hi));
    *component_hi += step;
    *component_lo -= step;
    J.col(c) = (f(hi) - f(lo)) / (2.0 * step);
  }
  return J;
}

/// ‖a − b‖max / max(‖b‖max, floor).
template <class A, class B>
double relative_error(const A& a, const B& b, double floor = 1.0) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(b.cwiseAbs().maxCoeff(), floor);
}

}  // namespace chaoskit::test
