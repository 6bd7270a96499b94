// The agreed classification (λ_max and SALI from one integration, MEGNO beside them): its parts
// equal the separate indicators where they must, its λ_max reproduces a published exponent, and
// the verdict is "undecided" whenever the two deciders disagree.
#include <catch2/catch.hpp>

#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;

namespace {
IntegratorOptions tight() {
  IntegratorOptions o;
  o.rtol = o.atol = 1e-10;
  return o;
}
const GolfModel& golf() {
  static const GolfModel m(golf_params(read_param_file("golf_manufactured")));
  return m;
}
}  // namespace

TEST_CASE("the verdict needs lambda_max and SALI to agree", "[indicators][classification]") {
  using C = OrbitClass;
  CHECK(agreed_class(C::chaotic, C::chaotic) == C::chaotic);
  CHECK(agreed_class(C::regular, C::regular) == C::regular);
  CHECK(agreed_class(C::chaotic, C::regular) == C::undecided);
  CHECK(agreed_class(C::regular, C::chaotic) == C::undecided);
  CHECK(agreed_class(C::undecided, C::regular) == C::undecided);
  CHECK(agreed_class(C::chaotic, C::undecided) == C::undecided);
  // The codes are stored in results files (orbit_class, orbit_votes).
  CHECK(static_cast<int>(C::regular) == 0);
  CHECK(static_cast<int>(C::chaotic) == 1);
  CHECK(static_cast<int>(C::undecided) == 2);
}

TEST_CASE("a golf release from rest at (2, -1) is chaotic by every vote, with the lambda of a separate run",
          "[indicators][classification][golf]") {
  const Vec<double, 4> x0(2.0, -1.0, 0, 0);
  OrbitClassOptions o;
  o.time = 1000;
  const OrbitClassification r = classify_orbit(golf(), x0, InputSchedule(2), o, tight());
  REQUIRE(r.report.ok());
  INFO("lambda " << r.lambda_max << " +- " << r.lambda_error << ", SALI " << r.sali << ", MEGNO " << r.megno);
  CHECK(r.lambda_vote == OrbitClass::chaotic);
  CHECK(r.sali_vote == OrbitClass::chaotic);
  CHECK(r.megno_vote == OrbitClass::chaotic);
  CHECK(r.verdict == OrbitClass::chaotic);
  CHECK(r.sali < 1e-8);
  // The same exponent as lyapunov_exponents<1> from another initial vector: a chaotic orbit's
  // estimate forgets its vector, so they agree within their error bars.
  LyapunovOptions lo;
  lo.time = 1000;
  const LyapunovResult l = lyapunov_exponents<1>(golf(), x0, InputSchedule(2), lo, tight());
  CHECK(std::abs(r.lambda_max - l.exponents[0]) < 3 * std::hypot(r.lambda_error, l.errors[0]) + 0.02);
  // MEGNO of a chaotic orbit grows like λ t / 2.
  CHECK(2 * r.megno / o.time == Approx(r.lambda_max).epsilon(0.5));
}

TEST_CASE("a small golf oscillation is regular by every vote, MEGNO near 2 as the separate integration says",
          "[indicators][classification][golf]") {
  const Vec<double, 4> x0(0.3, -0.2, 0, 0);
  OrbitClassOptions o;
  o.time = 1000;
  const OrbitClassification r = classify_orbit(golf(), x0, InputSchedule(2), o, tight());
  REQUIRE(r.report.ok());
  INFO("lambda " << r.lambda_max << " +- " << r.lambda_error << " (T/2: " << r.lambda_half << "), SALI min "
                 << r.sali_min << ", MEGNO " << r.megno);
  CHECK(r.verdict == OrbitClass::regular);
  CHECK(r.megno_vote == OrbitClass::regular);
  CHECK(r.sali_min > 1e-4);
  // A regular orbit's estimate decays like log(t)/t: λ(T) below λ(T/2).
  CHECK(r.lambda_max < r.lambda_half);
  FastIndicatorOptions fo;
  fo.time = o.time;
  const MegnoResult m = megno(golf(), x0, InputSchedule(2), fo, tight());
  CHECK(std::abs(r.megno - 2.0) < 0.15);
  CHECK(std::abs(m.megno - 2.0) < 0.15);
}

TEST_CASE("the classifier's lambda_max reproduces the Lorenz benchmark 0.9056", "[indicators][classification][lorenz]") {
  // Lorenz (sigma 10, rho 28, beta 8/3): λ1 = 0.9056 (Sprott, Chaos and Time-Series Analysis, 2003,
  // table of exponents). Dissipative, so no SALI "regular" is possible here, but both vectors align
  // with the most unstable direction just the same.
  const LorenzModel lorenz(lorenz_params(read_param_file("lorenz_classic")));
  const Vec<double, 3> x0(1.0, 1.0, 20.0);
  OrbitClassOptions o;
  o.time = 2000;
  const OrbitClassification r = classify_orbit(lorenz, x0, InputSchedule(0), o, tight());
  REQUIRE(r.report.ok());
  INFO("lambda " << r.lambda_max << " +- " << r.lambda_error);
  CHECK(std::abs(r.lambda_max - 0.9056) < 3 * r.lambda_error + 0.01);
  CHECK(r.verdict == OrbitClass::chaotic);
}

TEST_CASE("classification options are validated with the field named", "[indicators][classification]") {
  const Vec<double, 4> x0(0.3, -0.2, 0, 0);
  OrbitClassOptions o;
  o.time = 10;
  o.renorm = 20;
  CHECK_THROWS_WITH(classify_orbit(golf(), x0, InputSchedule(2), o, tight()), Catch::Contains("renorm"));
  o.renorm = 1;
  o.blocks = 20;
  CHECK_THROWS_WITH(classify_orbit(golf(), x0, InputSchedule(2), o, tight()), Catch::Contains("blocks"));
}
