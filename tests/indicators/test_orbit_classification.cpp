// The agreed classification (λ_max and SALI from one integration, MEGNO beside them): its parts
// equal the separate indicators where they must, its λ_max reproduces a published exponent, and
// the verdict is "undecided" whenever the two deciders disagree.
#include <catch2/catch.hpp>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;
using chaoskit::test::with_tolerance;

namespace {
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
  const OrbitClassification r = classify_orbit(golf(), x0, InputSchedule(2), o, with_tolerance(1e-10));
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
  const LyapunovResult l = lyapunov_exponents<1>(golf(), x0, InputSchedule(2), lo, with_tolerance(1e-10));
  CHECK(std::abs(r.lambda_max - l.exponents[0]) < 3 * std::hypot(r.lambda_error, l.errors[0]) + 0.02);
  // MEGNO of a chaotic orbit grows like λ t / 2.
  CHECK(2 * r.megno / o.time == Approx(r.lambda_max).epsilon(0.5));
}

TEST_CASE("a small golf oscillation is regular by every vote, MEGNO near 2 as the separate integration says",
          "[indicators][classification][golf]") {
  const Vec<double, 4> x0(0.3, -0.2, 0, 0);
  OrbitClassOptions o;
  o.time = 1000;
  const OrbitClassification r = classify_orbit(golf(), x0, InputSchedule(2), o, with_tolerance(1e-10));
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
  const MegnoResult m = megno(golf(), x0, InputSchedule(2), fo, with_tolerance(1e-10));
  CHECK(std::abs(r.megno - 2.0) < 0.15);
  CHECK(std::abs(m.megno - 2.0) < 0.15);
}

TEST_CASE("the classifier's lambda_max reproduces the Lorenz benchmark 0.9056",
          "[indicators][classification][lorenz]") {
  // Lorenz (sigma 10, rho 28, beta 8/3): λ1 = 0.9056 (Sprott, Chaos and Time-Series Analysis, 2003,
  // table of exponents). Dissipative, so no SALI "regular" is possible here, but both vectors align
  // with the most unstable direction just the same.
  const LorenzModel lorenz(lorenz_params(read_param_file("lorenz_classic")));
  const Vec<double, 3> x0(1.0, 1.0, 20.0);
  OrbitClassOptions o;
  o.time = 2000;
  const OrbitClassification r = classify_orbit(lorenz, x0, InputSchedule(0), o, with_tolerance(1e-10));
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
  CHECK_THROWS_WITH(classify_orbit(golf(), x0, InputSchedule(2), o, with_tolerance(1e-10)), Catch::Contains("renorm"));
  o.renorm = 1;
  o.blocks = 20;
  CHECK_THROWS_WITH(classify_orbit(golf(), x0, InputSchedule(2), o, with_tolerance(1e-10)), Catch::Contains("blocks"));
}

// ---- adaptive classification (max_time) ---------------------------------------------------------

TEST_CASE("adaptive classification: the regular-verdict time follows from the exponent floor",
          "[indicators][classification][adaptive]") {
  OrbitClassOptions o;
  o.time = 250;
  CHECK_FALSE(o.adaptive());
  // Fixed mode: the floor T implies, ln(sqrt(2)/1e-8)/T.
  CHECK(o.floor() == Approx(std::log(std::sqrt(2.0) * 1e8) / 250).epsilon(1e-14));
  o.max_time = 1e4;
  CHECK(o.adaptive());
  CHECK(o.floor() == OrbitClassOptions::kDefaultLambdaFloor);
  CHECK(o.regular_time() == Approx(18.7673 / 0.01).epsilon(1e-5));
  o.lambda_floor = 0.005;
  CHECK(o.regular_time() == Approx(2 * 1876.73).epsilon(1e-5));
  CHECK_NOTHROW(o.validate());
}

TEST_CASE("adaptive classification: options are refused with the key named", "[indicators][classification][adaptive]") {
  OrbitClassOptions o;
  o.time = 200;
  o.lambda_floor = 0.01;  // without max_time
  CHECK_THROWS_WITH(o.validate(), Catch::Contains("lambda_floor"));
  o.max_time = 100;  // below time
  CHECK_THROWS_WITH(o.validate(), Catch::StartsWith("max_time") && Catch::Contains(">= time"));
  o.max_time = 1000;  // below the 1877 s a regular verdict needs at the 0.01 1/s floor
  CHECK_THROWS_WITH(o.validate(), Catch::StartsWith("max_time") && Catch::Contains("1877"));
  o.lambda_floor = 0.02;  // 938 s: now 1000 s suffices
  CHECK_NOTHROW(o.validate());
  o.lambda_floor = -1;
  CHECK_THROWS_WITH(o.validate(), Catch::Contains("lambda_floor"));
}

TEST_CASE(
    "adaptive classification: a chaotic orbit is decided at the first check, a regular one only after the "
    "regular-verdict time",
    "[indicators][classification][adaptive][golf]") {
  OrbitClassOptions o;
  o.time = 250;
  o.max_time = 4000;  // stages 250, 500, 1000, 2000, 4000; regular allowed from 1877 s
  const OrbitClassification chaotic =
      classify_orbit(golf(), Vec<double, 4>(2.0, -1.0, 0, 0), InputSchedule(2), o, with_tolerance(1e-10));
  REQUIRE(chaotic.report.ok());
  CHECK(chaotic.verdict == OrbitClass::chaotic);
  CHECK(chaotic.time == 250);
  const OrbitClassification regular =
      classify_orbit(golf(), Vec<double, 4>(0.3, -0.2, 0, 0), InputSchedule(2), o, with_tolerance(1e-10));
  REQUIRE(regular.report.ok());
  INFO("regular orbit decided at " << regular.time << " s");
  CHECK(regular.verdict == OrbitClass::regular);
  CHECK(regular.time == 2000);  // the first stage end past 1877 s
  CHECK(regular.report.t == 2000);
  // Work is summed over the stages: more than the first stage alone.
  OrbitClassOptions first = o;
  first.max_time = NAN;
  const OrbitClassification at250 =
      classify_orbit(golf(), Vec<double, 4>(0.3, -0.2, 0, 0), InputSchedule(2), first, with_tolerance(1e-10));
  CHECK(regular.report.accepted > 4 * at250.report.accepted);
}

TEST_CASE("adaptive classification: the first stage is the fixed-time classification bit for bit",
          "[indicators][classification][adaptive][golf]") {
  // With max_time = time there is one stage: every value equals the fixed run's; only the verdict
  // may differ, because a regular agreement before the regular-verdict time is undecided.
  for (const Vec<double, 4>& x0 : {Vec<double, 4>(0.3, -0.2, 0, 0), Vec<double, 4>(2.0, -1.0, 0, 0)}) {
    OrbitClassOptions fixed;
    fixed.time = 300;
    OrbitClassOptions adaptive = fixed;
    adaptive.max_time = 300;
    adaptive.lambda_floor = 0.1;  // regular_time 188 s <= 300 s
    const OrbitClassification a = classify_orbit(golf(), x0, InputSchedule(2), fixed, with_tolerance(1e-10));
    const OrbitClassification b = classify_orbit(golf(), x0, InputSchedule(2), adaptive, with_tolerance(1e-10));
    CHECK(a.lambda_max == b.lambda_max);
    CHECK(a.lambda_error == b.lambda_error);
    CHECK(a.lambda_half == b.lambda_half);
    CHECK(a.sali == b.sali);
    CHECK(a.sali_min == b.sali_min);
    CHECK(a.megno == b.megno);
    CHECK(a.time == 300);
    CHECK(b.time == 300);
    CHECK(a.verdict == b.verdict);
  }
}

TEST_CASE("adaptive classification: without agreement by max_time the verdict is undecided, at max_time",
          "[indicators][classification][adaptive][golf]") {
  // The chaotic release (2, -1) has λ ≈ 1.1 1/s, but its estimate needs tens of seconds to settle:
  // at 19 s it has not yet made the 18.8 e-folds the λ vote asks for, so at max_time = 19 s the
  // orbit is undecided (not regular, although 19 s is past the regular-verdict time of its floor).
  const Vec<double, 4> x0(2.0, -1.0, 0, 0);
  OrbitClassOptions o;
  o.time = 19;
  o.max_time = 19;
  o.lambda_floor = 1.0;  // regular verdicts from 18.8 s: max_time is valid
  const OrbitClassification early = classify_orbit(golf(), x0, InputSchedule(2), o, with_tolerance(1e-10));
  REQUIRE(early.report.ok());
  INFO("lambda " << early.lambda_max << " at " << early.time << " s");
  CHECK(early.time == 19);
  CHECK(early.lambda_max * early.time < o.alignment_efolds());
  CHECK(early.lambda_vote != OrbitClass::chaotic);
  CHECK(early.verdict == OrbitClass::undecided);
  // Given longer, the same orbit is decided chaotic at a stage end where λT has passed 18.8.
  o.max_time = 160;
  const OrbitClassification later = classify_orbit(golf(), x0, InputSchedule(2), o, with_tolerance(1e-10));
  INFO("lambda " << later.lambda_max << " at " << later.time << " s");
  CHECK(later.verdict == OrbitClass::chaotic);
  CHECK(later.time > 19);
  CHECK(later.lambda_max * later.time >= o.alignment_efolds());
  CHECK(later.sali < o.sali_chaotic);
}

TEST_CASE("adaptive classification: stages double from time and the last is capped at max_time",
          "[indicators][classification][adaptive][golf]") {
  // A regular orbit with the default floor (1877 s) and max_time 1900 s: stages 300, 600, 1200 and
  // 1900 (not 2400), where the regular verdict is allowed.
  OrbitClassOptions o;
  o.time = 300;
  o.max_time = 1900;
  const OrbitClassification r =
      classify_orbit(golf(), Vec<double, 4>(0.3, -0.2, 0, 0), InputSchedule(2), o, with_tolerance(1e-10));
  REQUIRE(r.report.ok());
  CHECK(r.time == 1900);
  CHECK(r.report.t == Approx(1900).epsilon(1e-12));
  CHECK(r.verdict == OrbitClass::regular);
}

TEST_CASE("adaptive classification: a regular verdict needs MEGNO's consent",
          "[indicators][classification][adaptive]") {
  // adaptive_votes on hand-made indicator values: λ and SALI regular, MEGNO undecided or chaotic.
  OrbitClassOptions o;
  o.time = 250;
  o.max_time = 10000;
  LyapunovResult lr;
  lr.exponents = {0.001};
  lr.errors = {0.001};
  lr.half_time_estimate = 0.002;
  lr.converged = true;
  for (double megno : {1.9, 3.0, 9.0}) {
    OrbitClassification res;
    res.time = 2000;
    res.sali = 1e-3;
    res.sali_min = 1e-6;  // below 1e-4 but never below 1e-8: regular once T >= 1877 s
    res.megno = megno;
    res.growth_power = 1.0;
    adaptive_votes(res, lr, o);
    INFO("MEGNO " << megno);
    CHECK(res.lambda_vote == OrbitClass::regular);
    CHECK(res.sali_vote == OrbitClass::regular);
    CHECK(res.verdict == (megno < 2.5 ? OrbitClass::regular : OrbitClass::undecided));
    // Before the regular-verdict time the same values decide nothing.
    res.time = 1000;
    adaptive_votes(res, lr, o);
    CHECK(res.sali_vote == OrbitClass::undecided);
    CHECK(res.verdict == OrbitClass::undecided);
  }
}
