// Lyapunov exponents of an event model through the saltation matrices: the limb with its knee
// stop (data/models/limb_knee_stop.toml), a conservative flow between impacts.
//   - Liouville across impacts: the flow's phase volume in (q, q') changes by det M(q(0)) / det M(q),
//     and each impact with restitution e multiplies it by e² (the normal rate is scaled by −e, and the
//     impact time's shift by −e again), so det Ψ(T) = e^(2N) det M(q(0)) / det M(q(T)) exactly;
//   - with an elastic stop (e = 1) the system is Hamiltonian with impacts: the spectrum pairs
//     (λ, 0, 0, −λ) and sums to zero. (λ_max against two nearby orbits, which know nothing of
//     saltation, is tests/indicators/test_event_indicators.cpp's, on the wedge billiard: here the
//     phase space is mixed, and finite-time estimates from different integrations differ widely.)
#include <catch2/catch.hpp>

#include <cmath>
#include <map>

#include <Eigen/LU>

#include "../support/model_files.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "support/event_models.hpp"
#include "support/walker_physics.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

FileModel<4> knee_stop_with(double e_knee) {
  const std::map<std::string, double> values{{"e_knee", e_knee}};
  return file_model_with<4>(shipped_model_file("limb_knee_stop"), values);
}

// A swing from far up, the shank hitting the stop again and again.
const Vec<double, 4> kHighSwing(2.2, 1.2, 0.0, 0.0);

}  // namespace

TEST_CASE("event lyapunov: the knee stop's phase volume is e^(2N) det M(q0) / det M(q(T))",
          "[model_events][event_lyapunov]") {
  for (const double e : {1.0, 0.6}) {
    const FileModel<4> leg = knee_stop_with(e);
    const double T = 3.0;
    const auto v = propagate_variational(leg, kHighSwing, InputSchedule(), 0.0, T, tight_events());
    REQUIRE(v.report.ok());
    REQUIRE(v.report.events >= 2);
    const double expected = std::pow(e, 2 * v.report.events) * leg.mass_matrix(kHighSwing.head<2>()).determinant() /
                            leg.mass_matrix(v.xT.head<2>()).determinant();
    // det Ψ's first-order sensitivity: δdet / det = tr(Ψ⁻¹ δΨ), at most κ(Ψ) ‖δΨ‖ / ‖Ψ‖ with the
    // condition number κ = ‖Ψ‖ ‖Ψ⁻¹‖ and the flow's tolerance 1e-13 as ‖δΨ‖ / ‖Ψ‖.
    const double kappa = v.stm.norm() * v.stm.inverse().norm();
    const double det_tolerance = std::min(1.0, std::max(1e-13 * kappa, 1e-12));
    CAPTURE(e, v.report.events, kappa, v.stm.determinant(), expected, det_tolerance);
    CHECK(v.stm.determinant() == Approx(expected).epsilon(det_tolerance));
  }
}

TEST_CASE("event lyapunov: the elastic knee stop's spectrum pairs and sums to zero", "[model_events][event_lyapunov]") {
  const FileModel<4> leg = knee_stop_with(1.0);
  const IntegratorOptions io = tight_events(1e-12);
  LyapunovOptions lo;
  lo.time = 400.0;
  const LyapunovResult r = lyapunov_exponents<4>(leg, kHighSwing, InputSchedule(), lo, io);
  REQUIRE(r.report.ok());
  CAPTURE(r.exponents, r.errors);
  // The stop is struck again and again (a trajectory of 30 s from the same start).
  const auto tr = simulate(leg, kHighSwing, InputSchedule(), 0.0, 30.0, {0.0, 30.0}, io);
  REQUIRE(tr.report.ok());
  CHECK(tr.events.size() >= 3);
  CHECK(r.exponents[0] > 10 * r.errors[0]);  // chaotic
  // Symplectic pairing λ1 = −λ4; the flow direction's and the energy's zeros. The sum is
  // (1/T) log det Ψ(T) = (1/T) log(det M(q0) / det M(q(T))): zero up to that bounded term.
  CHECK(r.exponents[0] + r.exponents[3] == Approx(0.0).margin(0.02 * r.exponents[0]));
  CHECK(std::abs(r.exponents[1]) < 0.02 * r.exponents[0]);
  CHECK(std::abs(r.exponents[2]) < 0.02 * r.exponents[0]);
  double sum = 0.0;
  for (double l : r.exponents) sum += l;
  // det M = A I2 - (m2 L1 C2 cos(th1 - th2))^2 lies between its values at th1 - th2 = 0 and pi/2.
  const double det_min = leg.mass_matrix(Vec<double, 2>(0.0, 0.0)).determinant();
  const double det_max = leg.mass_matrix(Vec<double, 2>(M_PI / 2, 0.0)).determinant();
  CHECK(std::abs(sum) <= std::log(det_max / det_min) / lo.time + 1e-9);
}
