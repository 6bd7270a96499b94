// Tangent-flow indicators of hybrid models: every deviation vector crosses an event by the
// saltation matrix (integrate/saltation.hpp). The wedge billiard (tests/support/hybrid_fixtures.hpp)
// is a conservative, chaotic impact system whose reflections keep phase volume, so its spectrum
// pairs (λ, 0, 0, −λ); the elastic bouncing ball is integrable with a twist, so MEGNO → 2.
#include <catch2/catch.hpp>

#include <cmath>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "support/hybrid_fixtures.hpp"

using namespace chaoskit;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using chaoskit::test::tight;

namespace {

const Vec<double, 4> kWedgeStart(0.1, 1.0, 0.3, 0.0);

/// λ_max the old way, with no tangent flow: two orbits d0 apart, their separation renormalised every
/// Δt (Benettin's two-trajectory method). Its only contact with the events is the driver's
/// location of each orbit's own reflections.
template <class M>
double lambda_from_nearby_orbits(const M& model, Vec<double, M::state_dim> x, double T, double dt, double d0,
                                 const IntegratorOptions& io) {
  const Vec<double, M::state_dim> w = detail::generic_unit_vector<M::state_dim>();  // λ_max's first vector
  Vec<double, M::state_dim> y = x + d0 * w;
  double sum = 0.0;
  const long steps = std::lround(T / dt);
  for (long k = 0; k < steps; ++k) {
    const double t0 = static_cast<double>(k) * dt;
    x = flow(model, x, InputSchedule(), t0, t0 + dt, io);
    y = flow(model, y, InputSchedule(), t0, t0 + dt, io);
    const double d = (y - x).norm();
    sum += std::log(d / d0);
    y = x + (d0 / d) * (y - x);
  }
  return sum / T;
}

}  // namespace

TEST_CASE("event indicators: the wedge billiard's spectrum pairs and sums to zero", "[indicators][events]") {
  const test::WedgeBilliard wedge;
  LyapunovOptions lo;
  lo.time = 2000.0;
  lo.transient = 50.0;
  const LyapunovResult r =
      lyapunov_exponents<4>(wedge, kWedgeStart, InputSchedule(), lo, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(r.report.ok());
  CAPTURE(r.exponents, r.errors);
  CHECK(r.exponents[0] > 10 * r.errors[0]);  // chaotic
  // Hamiltonian pairing λ1 = −λ4, and the two zero exponents of the flow direction and the energy.
  CHECK_THAT(r.exponents[0] + r.exponents[3], WithinAbs(0.0, 1e-6));
  CHECK(std::abs(r.exponents[1]) < 0.02 * r.exponents[0]);
  CHECK(std::abs(r.exponents[2]) < 0.02 * r.exponents[0]);
  double sum = 0.0;
  for (double l : r.exponents) sum += l;
  CHECK_THAT(sum, WithinAbs(0.0, 1e-6));
}

TEST_CASE("event indicators: λ_max through saltation matches two nearby orbits", "[indicators][events]") {
  const test::WedgeBilliard wedge;
  LyapunovOptions lo;
  lo.time = 1000.0;
  const LyapunovResult r =
      lyapunov_exponents<1>(wedge, kWedgeStart, InputSchedule(), lo, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(r.report.ok());
  const double independent =
      lambda_from_nearby_orbits(wedge, kWedgeStart, lo.time, 1.0, 1e-9, tight(StepperKind::rkf78, 1e-12));
  CAPTURE(r.exponents[0], r.errors[0], independent);
  // Two estimates of the same exponent on shadowing orbits (the tangent flow's error control takes
  // other steps, so the orbits part after ~25 Lyapunov times): they agree within the error bars.
  CHECK(std::abs(independent - r.exponents[0]) <= 4.0 * r.errors[0]);
  CHECK(r.errors[0] < 0.05 * r.exponents[0]);
}

TEST_CASE("event indicators: SALI, MEGNO and orbit_class call the wedge chaotic", "[indicators][events]") {
  const test::WedgeBilliard wedge;
  FastIndicatorOptions fo;
  fo.time = 500.0;
  const AlignmentResult a =
      alignment_indices<2>(wedge, kWedgeStart, InputSchedule(), fo, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(a.report.ok());
  CHECK(a.sali_class == OrbitClass::chaotic);
  CHECK(a.gali_class == OrbitClass::chaotic);
  REQUIRE(a.gali.size() == 1);
  CHECK(a.gali[0] < 1e-8);  // GALI_2 of a chaotic orbit falls as exp(−(λ1 − λ2) t)
  const MegnoResult mg = megno(wedge, kWedgeStart, InputSchedule(), fo, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(mg.report.ok());
  CHECK(mg.megno_class == OrbitClass::chaotic);
  OrbitClassOptions oc;
  oc.time = 500.0;
  const OrbitClassification c =
      classify_orbit(wedge, kWedgeStart, InputSchedule(), oc, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(c.report.ok());
  CHECK(c.verdict == OrbitClass::chaotic);
}

TEST_CASE("event indicators: MEGNO of the elastic bouncing ball tends to 2 (a twist, no chaos)",
          "[indicators][events]") {
  const test::BouncingBall ball{9.81, 1.0};
  FastIndicatorOptions fo;
  fo.time = 2000.0;
  const MegnoResult mg = megno(ball, Vec<double, 2>(1.0, 0.0), InputSchedule(), fo, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(mg.report.ok());
  CAPTURE(mg.megno);
  // ⟨Y⟩ → 2 for linear growth of deviations: without the jump of log|w| at each bounce (MEGNO's
  // share of the saltation) it would not be.
  CHECK_THAT(mg.megno, WithinAbs(2.0, 0.05));
  CHECK(mg.megno_class == OrbitClass::regular);
}

TEST_CASE("event indicators: the wedge's FTLEs pair through its reflections (a symplectic STM)",
          "[indicators][events]") {
  // Elastic reflections keep the flow map symplectic, so the STM's singular values come in pairs
  // σ and 1/σ: the FTLEs sum pairwise to zero, after however many reflections, which only holds if
  // each reflection's saltation matrix is itself symplectic.
  const test::WedgeBilliard wedge;
  const double T = 30.0;
  const auto v = propagate_variational(wedge, kWedgeStart, InputSchedule(), 0.0, T, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(v.report.ok());
  REQUIRE(v.report.events > 10);
  const Vec<double, 4> l = ftle(wedge, v.x0, v.xT, v.stm, T, FtleMetric::euclidean);
  CAPTURE(l.transpose(), v.report.events);
  CHECK(l(0) > 0.1);
  CHECK_THAT(l(0) + l(3), WithinAbs(0.0, 1e-6));
  CHECK_THAT(l(1) + l(2), WithinAbs(0.0, 1e-6));
  // Phase volume: Σ l = log|det Φ| / T = 0. (Not Φ.determinant(): at a stretch of e^{0.42·30} the
  // 4×4 cofactor formula cancels terms of order σ₁⁴ and keeps no digit of the unit determinant.)
  CHECK_THAT(l.sum(), WithinAbs(0.0, 1e-6));
}
