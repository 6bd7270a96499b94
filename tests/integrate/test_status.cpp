// Failure is a status, never a crash or a hang: finite-time blow-up, an unmeetable tolerance, an
// exhausted step budget and a non-finite start each end promptly with their status.
#include <chrono>

#include <catch2/catch.hpp>

#include "chaoskit/indicators/state_transition.hpp"
#include "support/integrate_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

/// ẋ = x², x(0) = 1: x = 1/(1 − t) blows up at t = 1.
struct BlowUp {
  static constexpr int state_dim = 1;
  static constexpr int input_dim = 0;
  std::vector<std::string> state_names() const { return {"x"}; }
  template <class S>
  Vec<S, 1> rhs(const Vec<S, 1>& x, const Vec<S, 0>&, S) const {
    return Vec<S, 1>(x(0) * x(0));
  }
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("A finite-time blow-up returns a failure status just before the singularity", "[status]") {
  for (auto k : {StepperKind::dopri5, StepperKind::rkf78, StepperKind::bulirsch_stoer}) {
    CAPTURE(stepper_name(k));
    const auto start = std::chrono::steady_clock::now();
    const auto tr = simulate(BlowUp{}, Vec<double, 1>(1.0), InputSchedule(0), 0.0, 2.0, output_grid(0.0, 2.0, 0.3),
                             tight(k, 1e-10));
    CHECK_FALSE(tr.report.ok());
    CHECK((tr.report.status == IntegrationStatus::step_underflow || tr.report.status == IntegrationStatus::non_finite));
    CHECK(tr.report.t < 1.0 + 1e-9);
    CHECK(tr.report.t > 0.99);
    // Samples stop at the failure.
    CHECK(tr.t.back() < 1.0);
    const auto var = propagate_variational(BlowUp{}, Vec<double, 1>(1.0), InputSchedule(0), 0.0, 2.0, tight(k, 1e-10));
    CHECK_FALSE(var.report.ok());
    // Ψ as the tangent flow (the sweep's stm and ftle) fails the same way, at the same place.
    const auto psi = state_transition_matrix(BlowUp{}, Vec<double, 1>(1.0), InputSchedule(0), 2.0, tight(k, 1e-10));
    CHECK(
        (psi.report.status == IntegrationStatus::step_underflow || psi.report.status == IntegrationStatus::non_finite));
    CHECK(psi.report.t < 1.0 + 1e-9);
    CHECK(psi.report.t > 0.99);
    CHECK(seconds_since(start) < 10.0);
  }
}

TEST_CASE("An unmeetable tolerance ends in step_underflow", "[status]") {
  const auto golf = shipped_model<GolfModel>("golf");
  for (auto k : {StepperKind::dopri5, StepperKind::rkf78, StepperKind::bulirsch_stoer}) {
    CAPTURE(stepper_name(k));
    const auto start = std::chrono::steady_clock::now();
    const auto tr = simulate(golf, Vec<double, 4>(2.0, 1.0, 0, 0), InputSchedule(0), 0.0, 1.0, {1.0}, tight(k, 1e-30));
    CHECK(tr.report.status == IntegrationStatus::step_underflow);
    CHECK(seconds_since(start) < 10.0);
  }
}

TEST_CASE("The step budget ends in max_steps", "[status]") {
  const auto chain = shipped_model<ChainModel<3>>("chain");
  Vec<double, 6> x0;
  x0 << 1, 1, 1, 0, 0, 0;
  auto opt = tight(StepperKind::dopri5, 1e-10);
  opt.max_steps = 50;
  const auto tr = simulate(chain, x0, InputSchedule(0), 0.0, 100.0, output_grid(0.0, 100.0, 1.0), opt);
  CHECK(tr.report.status == IntegrationStatus::max_steps);
  CHECK(tr.report.accepted + tr.report.rejected == 50);
  CHECK(tr.report.t < 100.0);
}

TEST_CASE("A non-finite start or an overflowing input is non_finite", "[status]") {
  const auto golf = shipped_model<GolfModel>("golf");
  const auto a = simulate(golf, Vec<double, 4>(NAN, 0, 0, 0), InputSchedule(0), 0.0, 1.0, {1.0}, IntegratorOptions{});
  CHECK(a.report.status == IntegrationStatus::non_finite);
  const auto b = simulate(golf, Vec<double, 4>(0, 0, 0, 0), InputSchedule::constant({1e308, 0.0}), 0.0, 1.0, {1.0},
                          IntegratorOptions{});
  CHECK(b.report.status == IntegrationStatus::non_finite);
}

TEST_CASE("Integrator options are validated and named", "[status][options]") {
  IntegratorOptions o;
  o.rtol = -1;
  REQUIRE_THROWS_AS(o.validate(), InputError);
  try {
    o.validate();
  } catch (const InputError& e) { CHECK(e.field() == "integrator.rtol"); }
  // valid(), what the driver asserts, is validate() without the exception.
  CHECK_FALSE(o.valid());
  CHECK(IntegratorOptions{}.valid());
  o = IntegratorOptions{};
  o.max_steps = 0;
  CHECK_FALSE(o.valid());
  CHECK(parse_stepper("rkf78") == StepperKind::rkf78);
  CHECK(parse_stepper("bs") == StepperKind::bulirsch_stoer);
  CHECK_THROWS_AS(parse_stepper("euler"), InputError);
  for (auto s : {IntegrationStatus::ok, IntegrationStatus::step_underflow, IntegrationStatus::non_finite,
                 IntegrationStatus::max_steps})
    CHECK_FALSE(status_explanation(s).empty());
}
