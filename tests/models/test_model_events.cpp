// Events and modes of model files (data/models/README.md, "Events and modes"; models/model_events.cpp,
// model_constraints.cpp): a file without events is a one-mode hybrid model whose rhs is the smooth
// one bit for bit; the simplest walker's guard, condition and reset are the paper's formulas; every
// guard gradient and reset Jacobian of the shipped event files from the dual mode agrees with central
// differences; a constrained mode keeps its constraint's rate zero with its force the Lagrange
// multiplier; the kneed walker takes a limb parameter set through [values].
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>

#include "../support/model_files.hpp"
#include "chaoskit/models/hybrid_model.hpp"
#include "support/event_models.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

static_assert(HybridModel<FileModel<3>> && HybridModel<FileModel<4>> && HybridModel<FileModel<6>>);

TEST_CASE("model events: a file without events is a one-mode hybrid model with its rhs unchanged", "[model_events]") {
  const auto golf = shipped_file_model<4>("golf");
  CHECK(golf.event_count() == 0);
  const std::vector<std::string> one_mode{"default"};
  CHECK(golf.mode_names() == one_mode);
  CHECK_FALSE(golf.program->has_events());
  const auto lorenz = shipped_file_model<3>("lorenz");
  CHECK(lorenz.event_count() == 0);
  std::mt19937_64 rng(40);
  std::uniform_real_distribution<double> angle(-3, 3);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec<double, 4> x(angle(rng), angle(rng), angle(rng), angle(rng));
    const Vec<double, 2> u(angle(rng), angle(rng));
    const Vec<double, 4> f = golf.rhs(x, u, 0.0), f0 = golf.rhs(x, u, 0.0, 0);
    CHECK((f.array() == f0.array()).all());  // bit for bit
  }
  // The walkers and the knee stop are hybrid: the lanes must leave them to the event driver.
  for (const char* name : {"simplest_walker", "compass_gait", "limb_knee_stop"})
    CHECK(std::get<FileModel<4>>(make_model(shipped_model_file(name))).program->has_events());
  CHECK(shipped_file_model<6>("kneed_walker").program->has_events());
}

TEST_CASE("model events: the simplest walker's guard, condition and reset are the paper's", "[model_events]") {
  const auto w = shipped_file_model<4>("simplest_walker");
  REQUIRE(w.event_count() == 2);
  const EventInfo info = w.event_info(0);
  CHECK(info.name == "heel_strike");
  CHECK(info.direction == EventDirection::up);
  CHECK(info.from_mode == -1);
  CHECK(info.to_mode == -1);
  CHECK_FALSE(info.terminal);
  // The fall: the hip on the slope ends the orbit.
  CHECK(w.event_info(1).name == "fall");
  CHECK(w.event_info(1).terminal);
  CHECK(w.event_info(1).direction == EventDirection::down);
  const Vec<double, 2> u = Vec<double, 2>::Zero();
  // Just before a heel strike of the gait at gamma = 0.009: theta < 0, phi = 2 theta.
  const double th = -0.2003109004948, dth = -0.2170, ph = 2 * th + 1e-3, dph = 0.0004;
  const Vec<double, 4> x(th, ph, dth, dph);
  CHECK(w.event_guard(0, x, u, 0.0) == Approx(ph - 2 * th).epsilon(1e-15));
  CHECK(w.event_allowed(0, x, u, 0.0));
  CHECK_FALSE(w.event_allowed(0, Vec<double, 4>(0.2, 0.4, -0.2, 0.0), u, 0.0));  // a step's start
  // Garcia et al.: theta+ = -theta-, phi+ = -2 theta-, theta'+ = cos 2theta theta'-,
  // phi'+ = cos 2theta (1 - cos 2theta) theta'-.
  const Vec<double, 4> r = w.event_reset(0, x, u, 0.0);
  const double c = std::cos(2 * th);
  CHECK(r(0) == Approx(-th).epsilon(1e-15));
  CHECK(r(1) == Approx(-2 * th).epsilon(1e-15));
  CHECK(r(2) == Approx(c * dth).epsilon(1e-15));
  CHECK(r(3) == Approx(c * (1 - c) * dth).epsilon(1e-15));
  // Garcia's fixed point: just after heel strike phi = 2 theta, phi' = (1 - cos 2theta) theta'.
  const Vec<double, 4> after = w.event_reset(0, Vec<double, 4>(-0.2, -0.4, -0.19, 0.1), u, 0.0);
  CHECK(after(1) == Approx(2 * after(0)).epsilon(1e-15));
  CHECK(after(3) == Approx((1 - std::cos(2 * after(0))) * after(2)).epsilon(1e-14));
  // Its energy, conserved in a step: the stance leg's, 1/2 theta'^2 + cos(theta - gamma).
  CHECK(w.energy(x) == Approx(0.5 * dth * dth + std::cos(th - 0.009)).epsilon(1e-15));
}

namespace {

/// Guard gradients and reset Jacobians of every event of `m` at states from `draw`, AutoDiff
/// against central differences; also the AutoDiff values against the double calls, bit for bit.
template <int N, class Draw>
void check_event_derivatives(const FileModel<N>& m, Draw&& draw, int trials) {
  std::mt19937_64 rng(4040);
  double worst_guard = 0.0, worst_reset = 0.0;
  for (int trial = 0; trial < trials; ++trial) {
    const EventPoint<N> p = draw(rng);
    for (int k = 0; k < m.event_count(); ++k) {
      double g_ad;
      const auto grad = guard_gradient_ad(m, k, p, &g_ad);
      CHECK(g_ad == m.event_guard(k, p.x, p.u, p.t));
      const auto grad_fd = central_differences<N, 1>(
          p, [&](const EventPoint<N>& q) { return Vec<double, 1>(m.event_guard(k, q.x, q.u, q.t)); });
      worst_guard = std::max(worst_guard, relative_error(grad, grad_fd));
      Vec<double, N> r_ad;
      const auto J = reset_jacobian_ad(m, k, p, &r_ad);
      const Vec<double, N> r = m.event_reset(k, p.x, p.u, p.t);
      CHECK((r_ad.array() == r.array()).all());
      const auto J_fd = central_differences<N, N>(
          p, [&](const EventPoint<N>& q) -> Vec<double, N> { return m.event_reset(k, q.x, q.u, q.t); });
      worst_reset = std::max(worst_reset, relative_error(J, J_fd));
    }
  }
  CAPTURE(m.source(), worst_guard, worst_reset);
  CHECK(worst_guard <= 1e-7);
  CHECK(worst_reset <= 1e-7);
}

template <int N>
EventPoint<N> uniform_point(std::mt19937_64& rng, double angle, double rate) {
  EventPoint<N> p;
  for (int i = 0; i < N; ++i) p.x(i) = std::uniform_real_distribution<double>(-1, 1)(rng) * (i < N / 2 ? angle : rate);
  for (int j = 0; j < N / 2; ++j) p.u(j) = std::uniform_real_distribution<double>(-2, 2)(rng);
  p.t = std::uniform_real_distribution<double>(0, 5)(rng);
  return p;
}

}  // namespace

TEST_CASE("model events: guard gradients and reset Jacobians agree with central differences", "[model_events]") {
  auto draw4 = [](std::mt19937_64& rng) { return uniform_point<4>(rng, 0.6, 2.0); };
  SECTION("simplest walker") { check_event_derivatives(shipped_file_model<4>("simplest_walker"), draw4, 20); }
  SECTION("compass gait") { check_event_derivatives(shipped_file_model<4>("compass_gait"), draw4, 20); }
  SECTION("kneed walker") {
    auto draw6 = [](std::mt19937_64& rng) {
      EventPoint<6> p = uniform_point<6>(rng, 0.5, 1.5);
      p.x(2) = p.x(1) - 0.3 * std::abs(p.x(2));  // a flexed knee
      return p;
    };
    check_event_derivatives(shipped_file_model<6>("kneed_walker"), draw6, 20);
  }
  SECTION("limb knee stop, plastic and with rebound") {
    auto draw = [](std::mt19937_64& rng) {
      EventPoint<4> p = uniform_point<4>(rng, 1.0, 3.0);
      p.x(1) = p.x(0) - 0.2 * std::abs(p.x(1));  // flexed, as the stop allows
      return p;
    };
    check_event_derivatives(shipped_file_model<4>("limb_knee_stop"), draw, 20);
    const std::map<std::string, double> rebound{{"e_knee", 0.6}};
    check_event_derivatives(file_model_with<4>(shipped_model_file("limb_knee_stop"), rebound), draw, 20);
  }
}

TEST_CASE("model events: a constrained mode keeps its constraint's rate zero, its force the multiplier",
          "[model_events]") {
  SECTION("the locked knee of the limb") {
    const auto leg = shipped_file_model<4>("limb_knee_stop");
    const std::vector<std::string> modes{"free", "locked"}, knee{"knee"};
    REQUIRE(leg.mode_names() == modes);
    REQUIRE(leg.program->constraint_names(1) == knee);
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 20; ++trial) {
      EventPoint<4> p = uniform_point<4>(rng, 1.5, 3.0);
      p.x(1) = p.x(0);  // locked straight,
      p.x(3) = p.x(2);  // moving as one body
      const Vec<double, 4> f = leg.rhs(p.x, p.u, p.t, 1);
      CHECK(std::abs(f(2) - f(3)) <= 1e-13 * std::max(1.0, f.cwiseAbs().maxCoeff()));  // d/dt (dth1 - dth2) = 0
      // M q'' - f = A^T lambda with A = (1, -1): the multiplier is the knee's moment.
      const auto lambda = leg.constraint_forces(1, p.x, p.u, p.t);
      REQUIRE(lambda.size() == 1);
      const Mat<double, 2, 2> M = leg.mass_matrix(p.x.head<2>());
      const Vec<double, 4> free = leg.rhs(p.x, p.u, p.t);
      const Vec<double, 2> force = M * free.tail<2>();  // f = M q''_free
      const Vec<double, 2> residual = M * f.tail<2>() - force;
      CHECK(residual(0) == Approx(lambda[0]).epsilon(1e-11).margin(1e-11));
      CHECK(residual(1) == Approx(-lambda[0]).epsilon(1e-11).margin(1e-11));
      // The guard knee_unlock reads that force.
      CHECK(leg.event_guard(2, p.x, p.u, p.t) == Approx(lambda[0]).epsilon(1e-13).margin(1e-13));
      // The mode's tangent: AutoDiff values bit for bit, derivatives against central differences.
      constexpr int K = 4;
      using AD = Eigen::AutoDiffScalar<Vec<double, K>>;
      Vec<AD, 4> xa;
      Vec<AD, 2> ua(AD(p.u(0), Vec<double, K>::Zero()), AD(p.u(1), Vec<double, K>::Zero()));
      for (int i = 0; i < 4; ++i) xa(i) = AD(p.x(i), K, i);
      const Vec<AD, 4> fa = leg.rhs(xa, ua, AD(p.t, Vec<double, K>::Zero()), 1);
      Mat<double, 4, 4> J, J_fd;
      for (int i = 0; i < 4; ++i) {
        CHECK(fa(i).value() == f(i));
        J.row(i) = fa(i).derivatives().transpose();
      }
      for (int c = 0; c < 4; ++c) {
        Vec<double, 4> hi = p.x, lo = p.x;
        hi(c) += 1e-6, lo(c) -= 1e-6;
        J_fd.col(c) = (leg.rhs(hi, p.u, p.t, 1) - leg.rhs(lo, p.u, p.t, 1)) / 2e-6;
      }
      CHECK(relative_error(J, J_fd) <= 1e-7);
    }
  }
  SECTION("the latched knee of the kneed walker") {
    const auto w = shipped_file_model<6>("kneed_walker");
    const Vec<double, 6> x(0.1, -0.2, -0.2, -1.1, 0.3, 0.3);
    const Vec<double, 3> u = Vec<double, 3>::Zero();
    const Vec<double, 6> f = w.rhs(x, u, 0.0, 1);
    CHECK(std::abs(f(4) - f(5)) <= 1e-13);
    const Vec<double, 6> unlocked = w.rhs(x, u, 0.0, 0);
    CHECK(std::abs(unlocked(4) - unlocked(5)) > 1e-3);  // free, the knee would flex
  }
}

TEST_CASE("model events: the kneed walker takes a limb parameter set through [values]", "[model_events]") {
  // The leg of data/params/limb_deleva_male.toml: same names, same meaning (I1 about the hip, I2
  // about the knee, C1 and C2 from the proximal joint).
  const ParamFile set = read_param_file("limb_deleva_male");
  std::map<std::string, double> values;
  for (const char* name : {"L1", "L2", "m1", "C1", "I1", "m2", "C2", "I2", "g"})
    values[name] = *set.table["values"][name].value<double>();
  const auto w = file_model_with<6>(shipped_model_file("kneed_walker"), values);
  const double L1 = values["L1"], L2 = values["L2"], m1 = values["m1"], C1 = values["C1"], I1 = values["I1"],
               m2 = values["m2"], C2 = values["C2"], I2 = values["I2"], l = L1 + L2, mH = 0.5;
  const Vec<double, 3> q(0.2, -0.1, -0.4);
  const Mat<double, 3, 3> M = w.mass_matrix(q);
  // The stance leg about its foot: each segment's inertia about its centre of mass moved there.
  const double J_st = (I1 - m1 * C1 * C1) + m1 * (l - C1) * (l - C1) + (I2 - m2 * C2 * C2) + m2 * (L2 - C2) * (L2 - C2);
  CHECK(M(0, 0) == Approx(J_st + (mH + m1 + m2) * l * l).epsilon(1e-14));
  CHECK(M(1, 1) == Approx(I1 + m2 * L1 * L1).epsilon(1e-14));
  CHECK(M(2, 2) == Approx(I2).epsilon(1e-14));
  CHECK(M(1, 2) == Approx(m2 * L1 * C2 * std::cos(q(1) - q(2))).epsilon(1e-14));
  // The swing leg alone is the limb model's double pendulum: the same M block (absolute angles,
  // hinge inertias) as limb.toml with these values.
  const auto limb = file_model_with<4>(shipped_model_file("limb"), values);
  const Mat<double, 2, 2> Ml = limb.mass_matrix(q.tail<2>());
  CHECK(relative_error(M.bottomRightCorner<2, 2>(), Ml) <= 1e-14);
  // Its gravity on the swing segments too.
  const Vec<double, 3> G = w.gravity(q);
  const Vec<double, 2> Gl = limb.gravity(q.tail<2>());
  CHECK(relative_error(G.tail<2>(), Gl) <= 1e-14);
}

TEST_CASE("model events: the hybrid files' vector fields conserve their energy in every mode", "[model_events]") {
  // dE/dt = ∇E · f = 0 between events: the forces (Coriolis and centrifugal terms included) belong
  // to the mass matrix and potential, and a constrained mode's force does no work.
  std::mt19937_64 rng(99);
  auto check = [&](const auto& m, auto draw) {
    using M = std::decay_t<decltype(m)>;
    constexpr int N = M::state_dim;
    for (int mode = 0; mode < static_cast<int>(m.mode_names().size()); ++mode)
      for (int trial = 0; trial < 20; ++trial) {
        Vec<double, N> x = draw(rng);
        if (m.program->constraint_count(mode) > 0) x(N / 2 - 1) = x(N / 2 - 2), x(N - 1) = x(N - 2);  // locked
        const Vec<double, N / 2> u = Vec<double, N / 2>::Zero();
        const Vec<double, N> f = m.rhs(x, u, 0.0, mode);
        const double h = 1e-6;
        const double rate = (m.energy(x + h * f) - m.energy(x - h * f)) / (2 * h);
        const double scale = std::abs(m.energy(x)) + f.cwiseAbs().maxCoeff();
        CAPTURE(m.source(), mode, rate, scale);
        CHECK(std::abs(rate) <= 1e-7 * scale);
      }
  };
  auto angles4 = [](std::mt19937_64& r) {
    std::uniform_real_distribution<double> a(-0.8, 0.8);
    return Vec<double, 4>(a(r), a(r), 2 * a(r), 2 * a(r));
  };
  check(shipped_file_model<4>("simplest_walker"), angles4);  // the stance leg's energy
  check(shipped_file_model<4>("compass_gait"), angles4);
  check(shipped_file_model<4>("limb_knee_stop"), angles4);
  check(shipped_file_model<6>("kneed_walker"), [](std::mt19937_64& r) {
    std::uniform_real_distribution<double> a(-0.8, 0.8);
    Vec<double, 6> x;
    for (int i = 0; i < 6; ++i) x(i) = (i < 3 ? 1.0 : 2.0) * a(r);
    return x;
  });
}
