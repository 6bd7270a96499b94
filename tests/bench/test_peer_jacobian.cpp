// The benchmark's Boost.Odeint peer (tools/bench/peer_odeint.cpp) carries its own hand-written golf
// equations and Jacobian (tools/bench/peer_golf_equations.hpp, free of chaoskit). Here they are
// checked against chaoskit's golf model and its AutoDiff Jacobian on random states, so the peer
// computes the same exponents for the same reason and the benchmark compares like with like.
#include <catch2/catch.hpp>
#include <random>

#include "../../tools/bench/peer_golf_equations.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/jacobians.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;

namespace {
peer_golf::Params peer_params(const GolfParams& g) { return {g.L1, g.m1, g.m2, g.r1, g.r2, g.I1, g.I2, g.g}; }
}  // namespace

TEST_CASE("bench peer: hard-coded golf parameters are golf_manufactured's", "[bench][peer]") {
  const GolfParams g = golf_params(read_param_file("golf_manufactured"));
  const peer_golf::Params p;
  CHECK(p.L1 == g.L1);
  CHECK(p.m1 == g.m1);
  CHECK(p.m2 == g.m2);
  CHECK(p.r1 == g.r1);
  CHECK(p.r2 == g.r2);
  CHECK(p.I1 == g.I1);
  CHECK(p.I2 == g.I2);
  CHECK(p.g == g.g);
}

TEST_CASE("bench peer: hand-written golf rhs and Jacobian equal chaoskit's model and AutoDiff Jacobian",
          "[bench][peer]") {
  // The shipped set and a second, unequal one (so no term can hide behind a coincidence).
  GolfParams other = golf_params(read_param_file("golf_manufactured"));
  other.L1 = 0.61, other.m1 = 3.7, other.m2 = 0.83, other.r1 = 0.29, other.r2 = 0.44, other.I1 = 0.051,
  other.I2 = 0.017, other.g = 9.5;
  for (const GolfParams& gp : {golf_params(read_param_file("golf_manufactured")), other}) {
    const GolfModel model(gp);
    const peer_golf::Constants k(peer_params(gp));
    std::mt19937_64 rng(20261130);
    std::uniform_real_distribution<double> angle(-7.0, 7.0), rate(-15.0, 15.0);
    for (int trial = 0; trial < 200; ++trial) {
      const Vec<double, 4> x(angle(rng), angle(rng), rate(rng), rate(rng));
      const RhsJacobians<GolfModel> ref = rhs_jacobians(model, x, Vec<double, 2>::Zero(), 0.0);
      double f[4], f_only[4], J[4][4];
      peer_golf::rhs_and_jacobian(k, x.data(), f, J);
      peer_golf::rhs(k, x.data(), f_only);
      const double fscale = 1.0 + ref.f.cwiseAbs().maxCoeff();
      const double jscale = 1.0 + ref.fx.cwiseAbs().maxCoeff();
      for (int i = 0; i < 4; ++i) {
        CHECK(std::abs(f[i] - ref.f(i)) <= 1e-12 * fscale);
        CHECK(std::abs(f_only[i] - ref.f(i)) <= 1e-12 * fscale);
        for (int j = 0; j < 4; ++j) {
          INFO("state " << x.transpose() << ", J(" << i << "," << j << ") peer " << J[i][j] << " vs AutoDiff "
                        << ref.fx(i, j));
          CHECK(std::abs(J[i][j] - ref.fx(i, j)) <= 1e-12 * jscale);
        }
      }
      // The tangent rhs is f and J·v.
      double X[8], dX[8];
      for (int i = 0; i < 4; ++i) X[i] = x(i), X[4 + i] = 0.1 * (i + 1) - 0.2;
      peer_golf::tangent_rhs(k, X, dX);
      const Vec<double, 4> Jv = ref.fx * Vec<double, 4>(X[4], X[5], X[6], X[7]);
      for (int i = 0; i < 4; ++i) CHECK(std::abs(dX[4 + i] - Jv(i)) <= 1e-12 * jscale);
    }
  }
}

TEST_CASE("bench peer: initial tangent vector is chaoskit's generic unit vector", "[bench][peer]") {
  double v[4];
  peer_golf::initial_tangent(v);
  const Vec<double, 4> ref = chaoskit::detail::generic_unit_vector<4>();
  for (int i = 0; i < 4; ++i) CHECK(std::abs(v[i] - ref(i)) <= 1e-15);
}
