// Trajectories: energy conservation with τ = 0, the power balance E(T) − E(0) = ∫ τᵀq̇ dt under a
// torque history (work integrated as a quadrature state), exact stops at release times, and
// agreement of the three steppers.
#include <catch2/catch.hpp>

#include "support/integrate_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

template <Model M>
double max_relative_energy_drift(const Trajectory<M>& tr) {
  double drift = 0.0;
  for (double e : tr.energy) drift = std::max(drift, std::abs(e - tr.energy.front()));
  return drift / std::abs(tr.energy.front());
}
}  // namespace

TEST_CASE("Energy is conserved to 1e-9 relative over 100 s with no input", "[trajectory][energy]") {
  const auto grid = output_grid(0.0, 100.0, 0.5);
  auto run = [&](const auto& model, const auto& x0, const char* label, StepperKind k) {
    const auto tr = simulate(model, x0, InputSchedule(0), 0.0, 100.0, grid, tight(k, 1e-12));
    REQUIRE(tr.report.ok());
    const double drift = max_relative_energy_drift(tr);
    WARN(label << " (" << stepper_name(k) << ")\n  max |E(t) - E(0)| / |E(0)| over 100 s = " << drift
               << ", E(0) = " << tr.energy.front() << " J, " << tr.report.accepted << " steps");
    CHECK(drift < 1e-9);
  };
  Vec<double, 6> c0;
  c0 << 90 * deg, 90 * deg, 90 * deg, 0, 0, 0;
  for (auto k : {StepperKind::rkf78, StepperKind::dopri5}) {
    run(shipped_model<LimbModel>("limb"), Vec<double, 4>(110 * deg, 160 * deg, 0, 0), "limb chaotic", k);
    run(shipped_model<GolfModel>("golf"), Vec<double, 4>(150 * deg, 120 * deg, 0, 0), "golf chaotic", k);
    run(shipped_model<ChainModel<3>>("chain"), c0, "chain3 chaotic", k);
  }
}

TEST_CASE("With a torque history, E(T) - E(0) equals the actuator work to 1e-8 relative", "[trajectory][power]") {
  // Piecewise-linear τ1 and τ2 with a release of τ2: the work is integrated with the state.
  const auto golf = shipped_model<GolfModel>("golf");
  InputSchedule in =
      InputSchedule::table({0.0, 0.1, 0.25, 0.4}, {{-12.0, -2.0}, {-18.0, -4.0}, {-10.0, 3.0}, {0.0, 0.0}});
  in.set_release({InputSchedule::never, 0.22});
  const auto tr = simulate(golf, Vec<double, 4>(150 * deg, -70 * deg, 0, 0), in, 0.0, 0.5, output_grid(0.0, 0.5, 0.01),
                           tight(StepperKind::rkf78, 1e-12));
  REQUIRE(tr.report.ok());
  const double dE = tr.energy.back() - tr.energy.front();
  const double W = tr.work.back();
  WARN("golf, table torques + release\n  E(T)-E(0) = " << dE << " J, work = " << W << " J, rel. diff "
                                                       << std::abs(dE / W - 1));
  CHECK_THAT(dE, WithinRel(W, 1e-8));
  // The same balance along the way, and independently by the trapezoid rule on the sampled power
  // as a coarse sanity check of the power column (O(dt²), so only 1e-3).
  for (std::size_t k = 0; k < tr.t.size(); ++k)
    CHECK_THAT(tr.energy[k] - tr.energy.front(), WithinAbs(tr.work[k], 1e-8 * std::abs(W)));
  double trap = 0.0;
  for (std::size_t k = 1; k < tr.t.size(); ++k) trap += 0.5 * (tr.power[k] + tr.power[k - 1]) * (tr.t[k] - tr.t[k - 1]);
  CHECK_THAT(trap, WithinRel(W, 1e-2));

  // Limb: hip and knee moments act on absolute angles through B = [[1,-1],[0,1]].
  const auto limb = shipped_model<LimbModel>("limb");
  const auto tl = simulate(limb, Vec<double, 4>(10 * deg, 0, 0, 0), InputSchedule::constant({5.0, -2.0}), 0.0, 2.0,
                           output_grid(0.0, 2.0, 0.1), tight(StepperKind::rkf78, 1e-12));
  REQUIRE(tl.report.ok());
  CHECK_THAT(tl.energy.back() - tl.energy.front(), WithinRel(tl.work.back(), 1e-8));

  // Chain with damping: E(T) − E(0) = work − dissipated.
  const std::string damped = temp_file("chain2_damped.toml",
                                       "model = \"chain\"\ndescription = \"damped\"\n[values]\nL = [1.0, 0.8]\n"
                                       "m = [1.0, 0.5]\nr = [0.5, 0.4]\nI = [0.08, 0.03]\nb = [0.2, 0.1]\ng = 9.81\n");
  const auto chain = shipped_model<ChainModel<2>>("chain", damped);
  const auto tc = simulate(chain, Vec<double, 4>(1.0, 0.5, 0, 0), InputSchedule::constant({2.0, 0.5}), 0.0, 5.0,
                           output_grid(0.0, 5.0, 0.1), tight(StepperKind::rkf78, 1e-12));
  REQUIRE(tc.report.ok());
  CHECK(tc.dissipated.back() > 0.1);
  CHECK_THAT(tc.energy.back() - tc.energy.front(), WithinRel(tc.work.back() - tc.dissipated.back(), 1e-8));
  std::filesystem::remove(damped);
}

TEST_CASE("Integration stops exactly at a release: one run equals two runs joined at t_r", "[trajectory][events]") {
  const auto golf = shipped_model<GolfModel>("golf");
  const Vec<double, 4> x0(150 * deg, -70 * deg, 0, 0);
  const double tr = 0.2137;
  InputSchedule released = InputSchedule::constant({-15.0, -3.0});
  released.set_release({InputSchedule::never, tr});
  for (auto k : {StepperKind::dopri5, StepperKind::rkf78, StepperKind::bulirsch_stoer}) {
    CAPTURE(stepper_name(k));
    const auto opt = tight(k, 1e-12);
    const auto whole = flow(golf, x0, released, 0.0, 0.4, opt);
    const auto first = flow(golf, x0, InputSchedule::constant({-15.0, -3.0}), 0.0, tr, opt);
    const auto second = flow(golf, first, InputSchedule::constant({-15.0, 0.0}), tr, 0.4, opt);
    CHECK((whole - second).norm() < 1e-9 * second.norm());
    // The segments really are cut at t_r.
    const auto segs = released.segments(0.0, 0.4);
    REQUIRE(segs.size() == 2);
    CHECK(segs[0].tb == tr);
    CHECK(segs[1].ta == tr);
  }
}

TEST_CASE("Dense output of dopri5 agrees with step-to-output steppers", "[trajectory][steppers]") {
  const auto chain = shipped_model<ChainModel<3>>("chain");
  Vec<double, 6> x0;
  x0 << 40 * deg, -30 * deg, 20 * deg, 0, 0, 0;
  const auto grid = output_grid(0.0, 3.0, 0.013);
  const auto a = simulate(chain, x0, InputSchedule(0), 0.0, 3.0, grid, tight(StepperKind::dopri5, 1e-12));
  const auto b = simulate(chain, x0, InputSchedule(0), 0.0, 3.0, grid, tight(StepperKind::rkf78, 1e-12));
  const auto c = simulate(chain, x0, InputSchedule(0), 0.0, 3.0, grid, tight(StepperKind::bulirsch_stoer, 1e-12));
  REQUIRE(a.t.size() == grid.size());
  REQUIRE(b.t.size() == grid.size());
  REQUIRE(c.t.size() == grid.size());
  double worst = 0.0, worst_c = 0.0;
  for (std::size_t k = 0; k < grid.size(); ++k) {
    CHECK(a.t[k] == grid[k]);
    worst = std::max(worst, (a.x[k] - b.x[k]).norm());
    worst_c = std::max(worst_c, (c.x[k] - b.x[k]).norm());
  }
  // dopri5's continuous extension is 4th order; at rtol 1e-12 it interpolates to ~1e-9.
  CHECK(worst < 1e-8);
  CHECK(worst_c < 1e-8);
}
