// Lyapunov exponents: a linear system with known exponents, Lorenz-63 against the published
// spectrum and the exact sum rule, Hamiltonian pairing for the pendulum models and Hénon–Heiles,
// regular orbits decaying toward zero, and a chaotic golf orbit stable between T and 2T.
#include <catch2/catch.hpp>
#include <numbers>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using chaoskit::test::with_tolerance;

namespace {

/// ẋ = diag(a) x + coupling that keeps the exponents a (upper-triangular): exponents are exactly a.
struct TriangularLinearModel {
  static constexpr int state_dim = 3;
  static constexpr int input_dim = 0;
  std::vector<std::string> state_names() const { return {"x", "y", "z"}; }
  template <class S>
  Vec<S, 3> rhs(const Vec<S, 3>& x, const Vec<S, 0>&, S) const {
    return Vec<S, 3>(S(0.5) * x(0) + S(2.0) * x(1), S(-0.2) * x(1) + x(2), S(-1.5) * x(2));
  }
};

}  // namespace

TEST_CASE("lyapunov: triangular linear system has exactly its diagonal as exponents", "[lyapunov]") {
  LyapunovOptions lo;
  lo.time = 400;
  lo.renorm = 0.5;
  const auto r = lyapunov_exponents<3>(TriangularLinearModel{}, Vec<double, 3>(1, 1, 1), InputSchedule(0), lo,
                                       with_tolerance(1e-10));
  REQUIRE(r.report.ok());
  // Transient effects of the coupling decay like 1/T.
  CHECK_THAT(r.exponents[0], WithinAbs(0.5, 0.01));
  CHECK_THAT(r.exponents[1], WithinAbs(-0.2, 0.01));
  CHECK_THAT(r.exponents[2], WithinAbs(-1.5, 0.01));
  CHECK_THAT(r.exponents[0] + r.exponents[1] + r.exponents[2], WithinAbs(-1.2, 1e-8));
}

TEST_CASE("lyapunov: Lorenz-63 spectrum matches the published values", "[lyapunov][lorenz][published]") {
  const LorenzModel lorenz(lorenz_params(read_param_file("lorenz_classic")));
  LyapunovOptions lo;
  lo.time = 3000;
  lo.transient = 50;
  lo.renorm = 0.5;
  const auto r = lyapunov_exponents<3>(lorenz, Vec<double, 3>(1, 1, 20), InputSchedule(0), lo, with_tolerance(1e-10));
  REQUIRE(r.report.ok());
  // Sprott: (0.9056, 0, −14.5723); sum rule −(σ + 1 + β) exactly.
  CHECK_THAT(r.exponents[0], WithinAbs(0.9056, 0.02));
  CHECK_THAT(r.exponents[1], WithinAbs(0.0, 0.02));
  CHECK_THAT(r.exponents[2], WithinAbs(-14.5723, 0.02));
  CHECK_THAT(r.exponents[0] + r.exponents[1] + r.exponents[2], WithinAbs(-(10.0 + 1.0 + 8.0 / 3.0), 1e-3));
  CHECK(r.converged);
  CHECK(r.errors[0] > 0.0);
  CHECK(r.errors[0] < 0.05);
  // The largest exponent alone (one tangent vector) agrees with the spectrum's first.
  const auto m = lyapunov_exponents<1>(lorenz, Vec<double, 3>(1, 1, 20), InputSchedule(0), lo, with_tolerance(1e-10));
  CHECK_THAT(m.exponents[0], WithinAbs(r.exponents[0], 3 * (r.errors[0] + m.errors[0]) + 0.01));
}

TEST_CASE("lyapunov: Hamiltonian pairing for golf at a chaotic and a regular state", "[lyapunov][golf]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  LyapunovOptions lo;
  lo.time = 400;
  lo.transient = 20;
  lo.renorm = 0.5;
  for (const Vec<double, 4>& x0 : {Vec<double, 4>(2.0, -1.0, 0, 0), Vec<double, 4>(0.1, 0.1, 0, 0)}) {
    INFO("x0 = " << x0.transpose());
    const auto r = lyapunov_exponents<4>(golf, x0, InputSchedule(2), lo, with_tolerance(1e-10));
    REQUIRE(r.report.ok());
    const double tol = 3 * (r.errors[0] + r.errors[3]) + 1e-3;
    CHECK_THAT(r.exponents[0] + r.exponents[3], WithinAbs(0.0, tol));
    CHECK_THAT(r.exponents[1], WithinAbs(0.0, 3 * r.errors[1] + 1e-2));
    CHECK_THAT(r.exponents[2], WithinAbs(0.0, 3 * r.errors[2] + 1e-2));
    CHECK(r.energy_drift < 1e-7);
  }
}

TEST_CASE("lyapunov: Hamiltonian pairing for limb and the triple chain", "[lyapunov][limb][chain]") {
  LyapunovOptions lo;
  lo.time = 400;
  lo.transient = 20;
  lo.renorm = 0.5;
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  // A chaotic high-energy leg state and the paper's Figure 4 state.
  for (const Vec<double, 4>& x0 : {Vec<double, 4>(2.0, -1.0, 0, 0), Vec<double, 4>(0.4363, 0.4363, 0.1, 0.1)}) {
    INFO("limb x0 = " << x0.transpose());
    const auto r = lyapunov_exponents<4>(limb, x0, InputSchedule(2), lo, with_tolerance(1e-10));
    REQUIRE(r.report.ok());
    CHECK_THAT(r.exponents[0] + r.exponents[3], WithinAbs(0.0, 3 * (r.errors[0] + r.errors[3]) + 1e-3));
    CHECK_THAT(r.exponents[1], WithinAbs(0.0, 3 * r.errors[1] + 1e-2));
    CHECK_THAT(r.exponents[2], WithinAbs(0.0, 3 * r.errors[2] + 1e-2));
  }
  // Three degrees of freedom: λ1 = −λ6, λ2 = −λ5, λ3 = λ4 = 0 (energy and the flow direction).
  const ChainModel<3> chain(chain_params(read_param_file("chain3_uniform_rods")));
  const auto r = lyapunov_exponents<6>(chain, Vec<double, 6>(1.5, 0.5, -0.5, 0, 0, 0), InputSchedule(3), lo,
                                       with_tolerance(1e-10));
  REQUIRE(r.report.ok());
  CHECK(r.exponents[0] > 0.5);
  CHECK_THAT(r.exponents[0] + r.exponents[5], WithinAbs(0.0, 3 * (r.errors[0] + r.errors[5]) + 1e-3));
  CHECK_THAT(r.exponents[1] + r.exponents[4], WithinAbs(0.0, 3 * (r.errors[1] + r.errors[4]) + 1e-3));
  CHECK_THAT(r.exponents[2], WithinAbs(0.0, 3 * r.errors[2] + 1e-2));
  CHECK_THAT(r.exponents[3], WithinAbs(0.0, 3 * r.errors[3] + 1e-2));
}

TEST_CASE("lyapunov: a small oscillation's estimate decays toward zero", "[lyapunov][limb]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const Vec<double, 4> x0(5 * std::numbers::pi / 100, 5 * std::numbers::pi / 100, 0.1, 0.1);  // Figure 3
  LyapunovOptions lo;
  lo.renorm = 1.0;
  lo.time = 100;
  const auto short_run = lyapunov_exponents<1>(limb, x0, InputSchedule(2), lo, with_tolerance(1e-10));
  lo.time = 1000;
  const auto long_run = lyapunov_exponents<1>(limb, x0, InputSchedule(2), lo, with_tolerance(1e-10));
  REQUIRE(long_run.report.ok());
  CHECK(long_run.exponents[0] < 0.5 * short_run.exponents[0]);
  CHECK(long_run.exponents[0] < 0.02);
  // Consistent with zero within its error bar, and still halving from T/2 to T (log(t)/t decay),
  // where a chaotic orbit's estimate would stay put.
  CHECK(long_run.exponents[0] < 3 * long_run.errors[0]);
  CHECK(long_run.exponents[0] / long_run.half_time_estimate < 0.75);
}

TEST_CASE("lyapunov: a high-energy golf orbit is chaotic and stable between T and 2T", "[lyapunov][golf]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const Vec<double, 4> x0(2.0, -1.0, 0, 0);
  LyapunovOptions lo;
  lo.renorm = 0.5;
  lo.transient = 20;
  lo.time = 1000;
  const auto a = lyapunov_exponents<1>(golf, x0, InputSchedule(2), lo, with_tolerance(1e-10));
  lo.time = 2000;
  const auto b = lyapunov_exponents<1>(golf, x0, InputSchedule(2), lo, with_tolerance(1e-10));
  REQUIRE(b.report.ok());
  CHECK(a.exponents[0] > 0.5);
  // Two finite-time estimates of a chaotic orbit agree within their block errors, not to a fixed
  // 5 %: shifting θ1 by 1e-12 rad moves b/a − 1 between −6 % and +4 % here (rounding-level changes
  // of the arithmetic do the same), while 3 combined standard errors are 8–25 %.
  CHECK_THAT(b.exponents[0], WithinAbs(a.exponents[0], 3 * std::hypot(a.errors[0], b.errors[0])));
  CHECK(b.converged);
  CHECK(b.exponents[0] > 10 * b.errors[0]);
  CHECK_THAT(b.exponents[0] / b.half_time_estimate, WithinAbs(1.0, 0.1));
}

TEST_CASE("lyapunov: early stop once settled", "[lyapunov]") {
  const LorenzModel lorenz(lorenz_params(read_param_file("lorenz_classic")));
  LyapunovOptions lo;
  lo.time = 5000;
  lo.transient = 20;
  lo.renorm = 0.5;
  lo.settle_tol = 0.02;
  const auto r = lyapunov_exponents<1>(lorenz, Vec<double, 3>(1, 1, 20), InputSchedule(0), lo, with_tolerance(1e-10));
  CHECK(r.stopped_early);
  CHECK(r.elapsed < 5000);
  CHECK(r.converged);
  CHECK_THAT(r.exponents[0], WithinAbs(0.9056, 0.05));
}

TEST_CASE("lyapunov: bad options are named", "[lyapunov][errors]") {
  const LorenzModel lorenz(lorenz_params(read_param_file("lorenz_classic")));
  LyapunovOptions lo;
  lo.renorm = 0;
  CHECK_THROWS_WITH(lyapunov_exponents<1>(lorenz, Vec<double, 3>(1, 1, 1), InputSchedule(0), lo, with_tolerance(1e-10)),
                    Catch::Matchers::StartsWith("renorm: "));
  lo = LyapunovOptions{};
  lo.time = -1;
  CHECK_THROWS_WITH(lyapunov_exponents<1>(lorenz, Vec<double, 3>(1, 1, 1), InputSchedule(0), lo, with_tolerance(1e-10)),
                    Catch::Matchers::StartsWith("time: "));
}
