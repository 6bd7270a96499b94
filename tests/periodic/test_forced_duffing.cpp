// Forced flows (the period fixed by the forcing): the stroboscopic map of a forced linear
// oscillator against its closed-form steady state and multipliers, its monodromy matrix against
// central differences of the flow map, and the folds of a forced Duffing oscillator's response,
// located by continuation in the forcing amplitude, against an independent computation.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <numbers>

#include <Eigen/Dense>

#include "chaoskit/periodic/continuation.hpp"
#include "chaoskit/periodic/model_flow.hpp"
#include "periodic/periodic_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::periodic;
using chaoskit::test::vec2;

namespace {

FlowOptions forced_options(const test::ForcedDuffing& d) {
  FlowOptions o;
  o.integrator.stepper = StepperKind::rkf78;
  o.integrator.rtol = o.integrator.atol = 1e-12;
  o.forcing_period = d.forcing_period();
  return o;
}

/// The reference folds: x'' + delta x' + alpha x + beta x^3 = gamma cos(omega t) solved by Fourier
/// collocation at M equispaced points of one forcing period (the periodic differentiation matrix of
/// Trefethen, "Spectral Methods in MATLAB", SIAM 2000, ch. 3, for odd M), and the fold as the
/// solution of the extended system R(x, gamma) = 0, R_x v = 0, c.v = 1 by Newton's method. Nothing
/// here integrates: the answer is the collocation equations', spectrally accurate for this analytic
/// orbit (its harmonics fall off geometrically).
double spectral_fold(const test::ForcedDuffing& d, double amplitude_guess, double gamma_guess) {
  const int M = 63;
  const double T = d.forcing_period();
  Matrix D = Matrix::Zero(M, M);
  for (int j = 0; j < M; ++j)
    for (int k = 0; k < M; ++k)
      if (j != k)
        D(j, k) = (std::numbers::pi / T) * ((j - k) % 2 ? -1.0 : 1.0) / std::sin(std::numbers::pi * (j - k) / M);
  const Matrix L = D * D + d.delta * D + d.alpha * Matrix::Identity(M, M);
  Vector t(M);
  for (int j = 0; j < M; ++j) t(j) = j * T / M;
  // One-harmonic guess: x = A cos(omega t - phi), v = dx/dA.
  const double A = amplitude_guess;
  const double phi = std::atan2(d.delta * d.omega, d.alpha - d.omega * d.omega + 0.75 * d.beta * A * A);
  Vector x(M), v(M);
  for (int j = 0; j < M; ++j) x(j) = A * std::cos(d.omega * t(j) - phi), v(j) = std::cos(d.omega * t(j) - phi);
  const Vector c = v;
  double gamma = gamma_guess;
  const Vector cosine = (d.omega * t.array()).cos();
  for (int it = 0; it < 50; ++it) {
    const Vector R = L * x + d.beta * x.array().cube().matrix() - gamma * cosine;
    Matrix Jx = L;
    Jx.diagonal() += (3.0 * d.beta * x.array().square()).matrix();
    Vector F(2 * M + 1);
    F << R, Jx * v, c.dot(v) - 1.0;
    if (F.cwiseAbs().maxCoeff() < 1e-13) break;
    Matrix J = Matrix::Zero(2 * M + 1, 2 * M + 1);
    J.topLeftCorner(M, M) = Jx;
    J.block(0, 2 * M, M, 1) = -cosine;
    J.block(M, 0, M, M) = (6.0 * d.beta * x.array() * v.array()).matrix().asDiagonal();
    J.block(M, M, M, M) = Jx;
    J.block(2 * M, M, 1, M) = c.transpose();
    const Vector step = J.fullPivLu().solve(-F);
    x += step.head(M);
    v += step.segment(M, M);
    gamma += step(2 * M);
  }
  return gamma;
}

}  // namespace

TEST_CASE("forced flows: a forced linear oscillator's steady state and multipliers in closed form",
          "[periodic][forced]") {
  test::ForcedDuffing d;
  d.beta = 0.0;  // linear: x'' + delta x' + alpha x = gamma cos(omega t)
  d.gamma = 0.7;
  const double w2 = d.alpha - d.omega * d.omega, den = w2 * w2 + d.delta * d.delta * d.omega * d.omega;
  const double A = d.gamma * w2 / den, B = d.gamma * d.delta * d.omega / den;  // x = A cos + B sin
  const PeriodicProblem problem = model_flow_problem(d, forced_options(d), vec2(0.0, 0.0));
  REQUIRE(problem.kind == ProblemKind::periodic_flow);
  for (int segments : {1, 3}) {
    CAPTURE(segments);
    OrbitOptions opt;
    opt.segments = segments;
    const PeriodicOrbit o = find_periodic_orbit(problem, {{vec2(0.0, 0.0)}, NAN}, opt);
    REQUIRE(o.converged());
    CHECK(o.iterations <= 3);  // a linear map: one Newton step, then the check
    CHECK(std::abs(o.points.front()(0) - A) < 1e-10);
    CHECK(std::abs(o.points.front()(1) - d.omega * B) < 1e-10);
    CHECK(std::abs(o.period - d.forcing_period()) < 1e-15);
    // mu = exp(lambda T), lambda = -delta/2 +- i sqrt(alpha - delta^2/4).
    const std::complex<double> lambda(-d.delta / 2.0, std::sqrt(d.alpha - d.delta * d.delta / 4.0));
    const std::complex<double> mu = std::exp(lambda * o.period);
    const auto m = test::nontrivial(o.floquet);
    REQUIRE(m.size() == 2);
    CHECK(test::trivial_count(o.floquet) == 0);
    const std::complex<double> upper = mu.imag() > 0 ? mu : std::conj(mu);  // listed first
    CHECK(std::abs(m[0] - upper) < 1e-10);
    CHECK(std::abs(m[1] - std::conj(upper)) < 1e-10);
    CHECK(o.floquet.stability == Stability::asymptotically_stable);
  }
}

TEST_CASE("forced flows: the stroboscopic map's monodromy agrees with central differences of the flow map",
          "[periodic][forced]") {
  test::ForcedDuffing d;
  d.gamma = 0.3;
  const PeriodicProblem problem = model_flow_problem(d, forced_options(d), vec2(0.0, 0.0));
  const PeriodicOrbit o = find_periodic_orbit(problem, {{vec2(-0.3, 0.05)}, NAN}, {});
  REQUIRE(o.converged());
  const double T = d.forcing_period(), h = 1e-5;
  Matrix J(2, 2);
  for (int j = 0; j < 2; ++j) {
    Vector e = Vector::Zero(2);
    e(j) = h;
    J.col(j) = (problem.advance(o.points.front() + e, 0.0, T, false).x -
                problem.advance(o.points.front() - e, 0.0, T, false).x) /
               (2.0 * h);
  }
  CHECK((J - o.monodromy).cwiseAbs().maxCoeff() < 1e-7 * o.monodromy.cwiseAbs().maxCoeff());
  Eigen::EigenSolver<Matrix> es(J);
  for (const auto& m : test::nontrivial(o.floquet)) {
    double best = INFINITY;
    for (int k = 0; k < 2; ++k) best = std::min(best, std::abs(m - std::complex<double>(es.eigenvalues()(k))));
    CHECK(best < 1e-7);
  }
}

TEST_CASE("forced flows: continuation in the forcing amplitude finds the Duffing oscillator's two folds",
          "[periodic][forced][continuation]") {
  // delta = 0.1, alpha = beta = 1, omega = 1.4: above resonance the hardening response is S-shaped in
  // gamma, with a fold near gamma = 0.43 (the low branch ends) and one near 0.16 (the high branch
  // begins) by one-harmonic balance; the reference values are spectral_fold's.
  const test::ForcedDuffing base;
  ParameterFamily fam;
  fam.name = "gamma";
  fam.start = 0.1;
  fam.at = [base](double g) {
    test::ForcedDuffing d = base;
    d.gamma = g;
    return model_flow_problem(d, forced_options(d), vec2(0.0, 0.0));
  };
  ContinuationOptions opt;
  opt.ds = 0.05;
  opt.ds_max = 0.1;
  opt.parameter_max = 0.6;
  opt.max_points = 300;
  const ContinuationResult r = continue_orbits(fam, {{vec2(-0.1, 0.02)}, NAN}, opt);
  REQUIRE(r.branches.size() == 1);
  INFO(r.branches.front().end_reason);
  std::vector<const BranchPoint*> folds;
  for (const auto& p : r.points)
    if (p.type == PointType::fold) folds.push_back(&p);
  REQUIRE(folds.size() == 2);
  const double upper = spectral_fold(base, 0.66, 0.43), lower = spectral_fold(base, 1.13, 0.16);
  INFO("spectral folds " << upper << ", " << lower);
  REQUIRE(std::abs(upper - 0.43) < 0.03);  // the collocation found the fold it was aimed at
  REQUIRE(std::abs(lower - 0.16) < 0.03);
  CHECK(folds[0]->located);
  CHECK(std::abs(folds[0]->parameter - upper) < 1e-6);
  CHECK(std::abs(folds[1]->parameter - lower) < 1e-6);
  for (const auto* f : folds) {
    double nearest = INFINITY;
    for (const auto& m : test::nontrivial(f->floquet)) nearest = std::min(nearest, std::abs(m - 1.0));
    CHECK(nearest < 1e-5);
  }
  CHECK(r.points.back().type == PointType::end);
  CHECK(std::abs(r.points.back().parameter - 0.6) < 1e-9);
}
