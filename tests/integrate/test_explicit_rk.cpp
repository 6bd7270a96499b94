// chaoskit's own explicit Runge–Kutta steppers (integrate/explicit_rk.hpp, dopri5_stepper.hpp,
// rkf78_stepper.hpp): their tableaus against the order conditions, the measured orders on the
// Kepler problem, and that restating Boost.Odeint's steppers changed nothing: the same accepted and
// rejected steps, the same states and the same dense output, bit for bit, as odeint's
// runge_kutta_dopri5 and runge_kutta_fehlberg78 under controlled_runge_kutta, on a chaotic golf
// tangent flow (where any difference would grow until it showed); and that Bulirsch–Stoer, which
// the driver runs on the state's coefficients as one run-time-sized vector (bulirsch_stoer.hpp),
// takes odeint's steps on the fixed-size state, bit for bit.
#include <catch2/catch.hpp>

#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/stepper/bulirsch_stoer.hpp>
#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/integrate/dopri5_stepper.hpp"
#include "chaoskit/integrate/driver.hpp"
#include "chaoskit/integrate/odeint_eigen.hpp"
#include "chaoskit/integrate/rkf78_stepper.hpp"
#include "support/butcher_trees.hpp"
#include "support/integrate_fixtures.hpp"
#include "support/kepler.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
namespace odeint = boost::numeric::odeint;

namespace {

using Kepler4 = Vec<double, 4>;

/// Fixed steps of an explicit method (A, c, w) over one Kepler orbit; the error at the end.
template <int S, const std::array<rk::Row<S>, S>& A, const rk::Row<S>& C, rk::Row<S> W>
double fixed_step_error(int steps) {
  Kepler sys;
  std::array<Kepler4, S> k;
  Kepler4 x = kepler_exact(0.0), xs;
  const double T = 2.0 * M_PI, h = T / steps;
  for (int s = 0; s < steps; ++s) {
    const double t = s * h;
    sys(x, k[0], t);
    rk::run_stages<1, S - 1, A, C>(sys, xs, x, k, t, h);
    rk::advance<S, W>(x, x, k, h);
  }
  return (x - kepler_exact(T)).cwiseAbs().maxCoeff();
}

template <int S, const std::array<rk::Row<S>, S>& A, const rk::Row<S>& C, rk::Row<S> W>
double observed_order(int steps) {
  return std::log2(fixed_step_error<S, A, C, W>(steps) / fixed_step_error<S, A, C, W>(2 * steps));
}

/// A chaotic golf orbit with one deviation vector, the state every indicator integrates.
struct GolfTangent {
  using State = TangentSystem<GolfModel, 1>::State;
  GolfModel golf = shipped_model<GolfModel>("golf");
  TangentSystem<GolfModel, 1> sys{golf};
  State x0;
  GolfTangent() {
    sys.set_segment(InputSchedule(2).segments(0.0, 1.0).front());
    x0.col(0) = Vec<double, 4>(2.3, -2.0, 0.0, 0.0);
    x0.col(1) = Vec<double, 4>(0.5, -0.5, 0.5, 0.5);
  }
};

/// odeint's step-adjuster interface around chaoskit's rkf78 rule.
struct OdeintRkf78Rule {
  rkf78::StepRule rule;
  double decrease_step(double dt, double err, int) { return rule.decrease_step(dt, err); }
  double increase_step(double dt, double err, int) { return rule.increase_step(dt, err); }
  bool check_step_size_limit(double) const { return true; }
  double get_max_dt() const { return 0.0; }
};

rk::StepResult as_step_result(odeint::controlled_step_result r) {
  return r == odeint::success ? rk::StepResult::accepted : rk::StepResult::rejected;
}

}  // namespace

TEST_CASE(
    "dopri5: the tableau satisfies the order conditions (5, 4 embedded) and the continuous extension is of order 4",
    "[steppers][dopri5]") {
  const auto trees = rooted_trees(6);
  const auto psi = stage_weights(trees, dopri5::a);
  CHECK(row_sum_residual(dopri5::a, dopri5::c) < 1e-14);
  rk::Row<dopri5::kStages> b4{};
  for (int i = 0; i < dopri5::kStages; ++i) b4[i] = dopri5::b[i] - dopri5::db[i];
  for (int q = 1; q <= 5; ++q) {
    CAPTURE(q);
    CHECK(order_residual(dopri5::b, trees, psi, q) < 1e-14);
    if (q <= 4) CHECK(order_residual(b4, trees, psi, q) < 1e-14);
  }
  CHECK(order_residual(dopri5::b, trees, psi, 6) > 1e-5);  // order 5 exactly
  CHECK(order_residual(b4, trees, psi, 5) > 1e-5);
  // The dense output's weights w(θ), read back from interpolate() on the states k_j = e_j.
  for (const double theta : {0.2, 0.5, 0.9}) {
    CAPTURE(theta);
    using S = Vec<double, dopri5::kStages>;
    IntegratorOptions opt;
    dopri5::Stepper<S> st(opt);
    for (int j = 0; j < dopri5::kStages; ++j) st.k[j] = S::Unit(j);
    S w;
    st.interpolate(theta, w, S::Zero(), 0.0, S::Zero(), 1.0);
    rk::Row<dopri5::kStages> weights{};
    for (int j = 0; j < dopri5::kStages; ++j) weights[j] = w(j);
    for (int q = 1; q <= 4; ++q) CHECK(order_residual(weights, trees, psi, q, theta) < 1e-14);
  }
}

TEST_CASE("rkf78: Fehlberg's coefficients satisfy the order conditions (8, and 7 embedded)", "[steppers][rkf78]") {
  const auto trees = rooted_trees(8);
  const auto psi = stage_weights(trees, rkf78::a);
  CHECK(row_sum_residual(rkf78::a, rkf78::c) < 1e-14);
  for (int q = 1; q <= 8; ++q) {
    CAPTURE(q);
    CHECK(order_residual(rkf78::b, trees, psi, q) < 1e-13);
  }
  for (int q = 1; q <= 7; ++q) CHECK(order_residual(rkf78::b7, trees, psi, q) < 1e-13);
  CHECK(order_residual(rkf78::b7, trees, psi, 8) > 1e-7);
  for (int i = 0; i < rkf78::kStages; ++i) CHECK(rkf78::db[i] == rkf78::b[i] - rkf78::b7[i]);
}

TEST_CASE("explicit steppers: the measured orders on the Kepler problem", "[steppers][order]") {
  const double p5 = observed_order<dopri5::kStages, dopri5::a, dopri5::c, dopri5::b>(100);
  const double p8 = observed_order<rkf78::kStages, rkf78::a, rkf78::c, rkf78::b>(120);
  const double p7 = observed_order<rkf78::kStages, rkf78::a, rkf78::c, rkf78::b7>(120);
  WARN("observed orders: dopri5 " << p5 << ", rkf78 " << p8 << " (embedded " << p7 << ")");
  CHECK(std::abs(p5 - 5.0) < 0.4);
  CHECK(std::abs(p8 - 8.0) < 0.5);
  CHECK(std::abs(p7 - 7.0) < 0.5);
}

TEST_CASE("dopri5 equals Boost.Odeint's controlled runge_kutta_dopri5 bit for bit, dense output included",
          "[steppers][dopri5]") {
  GolfTangent g;
  using State = GolfTangent::State;
  const IntegratorOptions opt = tight(StepperKind::dopri5, 1e-9);
  auto reference = odeint::make_controlled(
      opt.atol, opt.rtol, odeint::runge_kutta_dopri5<State, double, State, double, odeint::vector_space_algebra>());
  dopri5::Stepper<State> mine(opt);

  State xa = g.x0, xb = g.x0, xa_new, xb_new, dxdt, dxdt_new, dense_a, dense_b;
  double ta = 0.0, tb = 0.0, dta = 1e-3, dtb = 1e-3;
  g.sys(xa, dxdt, ta);
  mine.start(g.sys, xb, tb);
  long accepted = 0, rejected = 0;
  while (ta < 10.0) {
    const double t_old = ta;
    const auto ra = as_step_result(reference.try_step(g.sys, xa, dxdt, ta, xa_new, dxdt_new, dta));
    const auto rb = mine.attempt(g.sys, xb, tb, xb_new, dtb);
    REQUIRE(ra == rb);
    REQUIRE(ta == tb);
    REQUIRE(dta == dtb);
    if (ra == rk::StepResult::rejected) {
      ++rejected;
      continue;
    }
    REQUIRE(xa_new == xb_new);
    REQUIRE(dxdt_new == mine.k[6]);
    for (const double theta : {0.25, 0.6}) {
      const double tq = t_old + theta * (ta - t_old);
      reference.stepper().calc_state(tq, dense_a, xa, dxdt, t_old, xa_new, dxdt_new, ta);
      mine.interpolate(tq, dense_b, xb, t_old, xb_new, tb);
      REQUIRE(dense_a == dense_b);
    }
    xa = xa_new;
    dxdt = dxdt_new;
    mine.accept();
    xb = xb_new;
    ++accepted;
  }
  WARN("dopri5 vs odeint over 10 s of a chaotic golf orbit: " << accepted << " accepted, " << rejected
                                                              << " rejected steps, identical");
  CHECK(accepted > 1000);
  CHECK(rejected > 10);  // the comparison covered rejections too
}

TEST_CASE("rkf78 without the tableau's zeros equals Boost.Odeint's rkf78 bit for bit", "[steppers][rkf78]") {
  GolfTangent g;
  using State = GolfTangent::State;
  const IntegratorOptions opt = tight(StepperKind::rkf78, 1e-9);
  using Odeint = odeint::runge_kutta_fehlberg78<State, double, State, double, odeint::vector_space_algebra>;
  using Checker = odeint::default_error_checker<double, odeint::vector_space_algebra, odeint::default_operations>;
  odeint::controlled_runge_kutta<Odeint, Checker, OdeintRkf78Rule> reference(Checker(opt.atol, opt.rtol),
                                                                             OdeintRkf78Rule{});
  rkf78::Stepper<State> mine(opt);

  State xa = g.x0, xb = g.x0, xa_new, xb_new, dxdt;
  double ta = 0.0, tb = 0.0, dta = 1e-3, dtb = 1e-3;
  g.sys(xa, dxdt, ta);
  mine.start(g.sys, xb, tb);
  long accepted = 0, rejected = 0;
  while (ta < 10.0) {
    const auto ra = as_step_result(reference.try_step(g.sys, xa, dxdt, ta, xa_new, dta));
    const auto rb = mine.attempt(g.sys, xb, tb, xb_new, dtb);
    REQUIRE(ra == rb);
    REQUIRE(ta == tb);
    REQUIRE(dta == dtb);
    if (ra == rk::StepResult::rejected) {
      ++rejected;
      continue;
    }
    REQUIRE(xa_new == xb_new);
    xa = xa_new;
    g.sys(xa, dxdt, ta);
    mine.accept();
    xb = xb_new;
    ++accepted;
  }
  WARN("rkf78 vs odeint over 10 s of a chaotic golf orbit: " << accepted << " accepted, " << rejected
                                                             << " rejected steps, identical");
  CHECK(accepted > 300);
  CHECK(rejected > 10);
}

TEST_CASE("dopri5::integrate_between equals odeint's integrate_adaptive with a controlled dopri5",
          "[steppers][dopri5]") {
  GolfTangent g;
  using State = GolfTangent::State;
  const IntegratorOptions opt = tight(StepperKind::dopri5, 1e-9);
  for (const double t1 : {1e-4, 0.37, 3.0}) {
    CAPTURE(t1);
    State xa = g.x0, xb = g.x0;
    odeint::integrate_adaptive(
        odeint::make_controlled(
            opt.atol, opt.rtol,
            odeint::runge_kutta_dopri5<State, double, State, double, odeint::vector_space_algebra>()),
        g.sys, xa, 0.0, t1, std::min(0.05, t1));
    dopri5::integrate_between(g.sys, xb, 0.0, t1, std::min(0.05, t1), opt);
    CHECK(xa == xb);
  }
}

TEST_CASE(
    "Bulirsch-Stoer on the state's coefficients as one run-time-sized vector equals odeint's on the "
    "fixed-size state, bit for bit",
    "[steppers][bulirsch_stoer]") {
  // The driver's Bulirsch–Stoer (driver.hpp's BulirschStoerStepper over bulirsch_stoer.hpp's one
  // run-time-sized instance) against odeint's bulirsch_stoer instantiated on the 4 × 2 tangent
  // state itself: the same accepted and rejected steps, times, step sizes and states, across a
  // restart of the extrapolation (as at a segment boundary).
  GolfTangent g;
  using State = GolfTangent::State;
  const IntegratorOptions opt = tight(StepperKind::bulirsch_stoer, 1e-9);
  odeint::bulirsch_stoer<State, double, State, double, odeint::vector_space_algebra> reference(opt.atol, opt.rtol);
  detail::BulirschStoerStepper<State> mine(opt);

  State xa = g.x0, xb = g.x0, xa_new, xb_new;
  double ta = 0.0, tb = 0.0, dta = 1e-3, dtb = 1e-3;
  mine.start(g.sys, xb, tb);
  long accepted = 0, rejected = 0;
  bool restarted = false;
  while (ta < 10.0) {
    if (!restarted && ta > 5.0) {
      reference.reset();
      mine.start(g.sys, xb, tb);
      restarted = true;
    }
    const bool ra = reference.try_step(g.sys, xa, ta, xa_new, dta) == odeint::success;
    const auto rb = mine.attempt(g.sys, xb, tb, xb_new, dtb);
    REQUIRE(ra == (rb == rk::StepResult::accepted));
    REQUIRE(ta == tb);
    REQUIRE(dta == dtb);
    if (!ra) {
      ++rejected;
      continue;
    }
    REQUIRE(xa_new == xb_new);
    xa = xa_new;
    xb = xb_new;
    ++accepted;
  }
  WARN("Bulirsch-Stoer, run-time-sized vs odeint's fixed-size, over 10 s of a chaotic golf orbit: "
       << accepted << " accepted, " << rejected << " rejected steps, identical");
  CHECK(restarted);
  CHECK(accepted > 100);
  CHECK(rejected > 0);  // the comparison covered rejections too
}
