// Ψ(T,0) from the variational equations (AutoDiff Jacobians) against central finite differences of
// the flow (Richardson-extrapolated), for every model at a regular and a chaotic state; the AutoDiff Jacobians
// themselves against finite differences of the rhs; Liouville's theorem for the conservative mechanical models. The
// same checks for Ψ as the tangent flow [x | Ψ] (indicators/state_transition.hpp: the model's tangent rhs, what the
// sweep's stm, ftle and endpoint_sensitivity entries integrate).
#include <catch2/catch.hpp>

#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "support/integrate_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

template <Model M>
void check_stm_against_fd(const M& model, const Vec<double, M::state_dim>& x0, double T, const char* label,
                          const InputSchedule& in = InputSchedule(0)) {
  const auto var = propagate_variational(model, x0, in, 0.0, T, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(var.report.ok());
  const auto fd = fd_stm(model, x0, in, T, tight());
  const double err = max_column_rel_error(var.stm, fd);
  const double lambda_max = ftle(model, x0, var.xT, var.stm, T, FtleMetric::euclidean)(0);
  CAPTURE(label, T, lambda_max, err);
  WARN(label << "\n  Psi vs FD, worst column rel. error " << err << "\n  FTLE_max " << lambda_max << " 1/s");
  CHECK(err < 1e-6);
  // Ψ as the tangent flow: the same matrix, from the other right-hand side and its own step sizes.
  const auto tangent = state_transition_matrix(model, x0, in, T, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(tangent.report.ok());
  CHECK(tangent.T == T);
  CHECK(tangent.report.t == T);
  const double err_tangent = max_column_rel_error(tangent.stm, fd);
  CAPTURE(err_tangent);
  CHECK(err_tangent < 1e-6);
  CHECK(max_column_rel_error(tangent.stm, var.stm) < 1e-8);
  CHECK((tangent.xT - var.xT).norm() <= 1e-9 * (1.0 + var.xT.norm()));
}

}  // namespace

TEST_CASE("AutoDiff Jacobians df/dx and df/du match central differences of the rhs", "[variational]") {
  const auto golf = shipped_model<GolfModel>("golf");
  const Vec<double, 4> x(0.3, -1.1, 2.0, -3.0);
  const Vec<double, 2> u(1.5, -0.7);
  const auto J = rhs_jacobians(golf, x, u, 0.0);
  Mat<double, 4, 4> fx;
  Mat<double, 4, 2> fu;
  const double h = 1e-6;
  for (int j = 0; j < 4; ++j) {
    Vec<double, 4> e = Vec<double, 4>::Zero();
    e(j) = h;
    fx.col(j) = (golf.rhs(Vec<double, 4>(x + e), u, 0.0) - golf.rhs(Vec<double, 4>(x - e), u, 0.0)) / (2 * h);
  }
  for (int j = 0; j < 2; ++j) {
    Vec<double, 2> e = Vec<double, 2>::Zero();
    e(j) = h;
    fu.col(j) = (golf.rhs(x, Vec<double, 2>(u + e), 0.0) - golf.rhs(x, Vec<double, 2>(u - e), 0.0)) / (2 * h);
  }
  CHECK(max_column_rel_error(J.fx, fx) < 1e-8);
  CHECK(max_column_rel_error(J.fu, fu) < 1e-8);
  // Structure: dq/dt = qdot exactly, and df/du = [0; M^-1 B].
  CHECK(J.fx.topLeftCorner<2, 2>().isZero(0.0));
  CHECK(J.fx.topRightCorner<2, 2>().isIdentity(0.0));
  const Mat<double, 2, 2> Minv = golf.mass_matrix(Vec<double, 2>(x.head<2>())).inverse();
  CHECK((J.fu.bottomRows<2>() - Minv).norm() < 1e-12);
}

TEST_CASE("AutoDiff Jacobians match central differences of the rhs for every model", "[variational]") {
  auto check = [](const auto& model, const auto& x, const auto& u, const char* label) {
    using M = std::decay_t<decltype(model)>;
    constexpr int n = M::state_dim, m = M::input_dim;
    const auto J = rhs_jacobians(model, x, u, 0.0);
    Mat<double, n, n> fx;
    Mat<double, n, m> fu;
    const double h = 1e-6;
    for (int j = 0; j < n; ++j) {
      Vec<double, n> e = Vec<double, n>::Zero();
      e(j) = h;
      fx.col(j) = (model.rhs(Vec<double, n>(x + e), u, 0.0) - model.rhs(Vec<double, n>(x - e), u, 0.0)) / (2 * h);
    }
    if constexpr (m > 0) {
      for (int j = 0; j < m; ++j) {
        Vec<double, m> e = Vec<double, m>::Zero();
        e(j) = h;
        fu.col(j) = (model.rhs(x, Vec<double, m>(u + e), 0.0) - model.rhs(x, Vec<double, m>(u - e), 0.0)) / (2 * h);
      }
    }
    CAPTURE(label);
    CHECK((J.f - model.rhs(x, u, 0.0)).norm() <= 1e-14 * J.f.norm());
    CHECK((J.fx - fx).norm() < 1e-7 * fx.norm());
    if constexpr (m > 0) CHECK((J.fu - fu).norm() < 1e-7 * fu.norm());
  };
  check(shipped_model<LimbModel>("limb"), Vec<double, 4>(0.4, -0.9, 1.5, 2.5), Vec<double, 2>(3.0, -1.0), "limb");
  Vec<double, 6> c;
  c << 0.3, -0.6, 1.1, 0.7, -1.2, 2.0;
  check(shipped_model<ChainModel<3>>("chain"), c, Vec<double, 3>(1.0, 0.5, -0.25), "chain3 (Cholesky path)");
  Vec<double, 10> c5;
  c5 << 0.3, -0.6, 1.1, 0.2, -0.4, 0.7, -1.2, 2.0, 0.1, -0.3;
  const std::string five = temp_file("chain5.toml",
                                     "model = \"chain\"\n[values]\nL = [1.0, 0.9, 0.8, 0.7, 0.6]\n"
                                     "m = [1.0, 0.9, 0.8, 0.7, 0.6]\nr = [0.5, 0.45, 0.4, 0.35, 0.3]\n"
                                     "I = [0.08, 0.06, 0.04, 0.03, 0.02]\nb = [0.1, 0.0, 0.2, 0.0, 0.05]\ng = 9.81\n");
  check(shipped_model<ChainModel<5>>("chain", five), c5, Vec<double, 5>(1, -1, 0.5, 0.2, 0.1), "chain5 damped");
  std::filesystem::remove(five);
  check(shipped_model<LorenzModel>("lorenz"), Vec<double, 3>(-8, 7, 27), Vec<double, 0>(), "lorenz");
  check(shipped_model<HenonHeilesModel>("henon_heiles"), Vec<double, 4>(0.1, -0.2, 0.3, 0.05), Vec<double, 0>(),
        "henon_heiles");
}

TEST_CASE("Psi of golf equals Psi of chain N = 2 built from the golf parameters", "[variational][cross-model]") {
  const auto golf = shipped_model<GolfModel>("golf");
  const auto chain = shipped_model<ChainModel<2>>("chain", "golf_manufactured");
  const Vec<double, 4> x0(150 * deg, -70 * deg, 0.5, -1.0);
  InputSchedule in = InputSchedule::constant({-8.0, -1.5});
  in.set_release({InputSchedule::never, 0.2});
  const auto a = propagate_variational(golf, x0, in, 0.0, 0.5, tight(StepperKind::rkf78, 1e-12));
  const auto b = propagate_variational(chain, x0, in, 0.0, 0.5, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(a.report.ok());
  REQUIRE(b.report.ok());
  CHECK(max_column_rel_error(b.stm, a.stm) < 1e-9);
  CHECK(max_column_rel_error(b.d_release.rightCols<1>(), a.d_release.rightCols<1>()) < 1e-9);
  CHECK(max_column_rel_error(b.d_amplitude, a.d_amplitude) < 1e-9);
}

TEST_CASE("Psi(T,0) matches central finite differences of the flow: limb", "[variational][fd]") {
  const auto m = shipped_model<LimbModel>("limb");
  check_stm_against_fd(m, Vec<double, 4>(20 * deg, 10 * deg, 0, 0), 3.0, "limb regular (20,10) deg");
  check_stm_against_fd(m, Vec<double, 4>(110 * deg, 160 * deg, 0, 0), 2.0, "limb chaotic (110,160) deg");
}

TEST_CASE("Psi(T,0) matches central finite differences of the flow: golf", "[variational][fd]") {
  const auto m = shipped_model<GolfModel>("golf");
  check_stm_against_fd(m, Vec<double, 4>(10 * deg, 5 * deg, 0, 0), 3.0, "golf regular (10,5) deg");
  check_stm_against_fd(m, Vec<double, 4>(150 * deg, 120 * deg, 0, 0), 2.0, "golf chaotic (150,120) deg");
}

TEST_CASE("Psi(T,0) matches central finite differences of the flow: chain N = 3", "[variational][fd]") {
  const auto m = shipped_model<ChainModel<3>>("chain", "chain3_uniform_rods");
  Vec<double, 6> reg, cha;
  reg << 10 * deg, -5 * deg, 5 * deg, 0, 0, 0;
  cha << 90 * deg, 90 * deg, 90 * deg, 0, 0, 0;
  check_stm_against_fd(m, reg, 3.0, "chain3 regular (10,-5,5) deg");
  check_stm_against_fd(m, cha, 2.0, "chain3 chaotic (90,90,90) deg");
}

TEST_CASE("Psi(T,0) matches central finite differences of the flow: lorenz", "[variational][fd]") {
  const auto chaotic = shipped_model<LorenzModel>("lorenz");
  check_stm_against_fd(chaotic, Vec<double, 3>(-8.0, 7.0, 27.0), 2.0, "lorenz rho=28 on the attractor");
  const std::string rho10 = temp_file("lorenz_rho10.toml",
                                      "model = \"lorenz\"\ndescription = \"stable foci\"\n[values]\n"
                                      "sigma = 10.0\nrho = 10.0\nbeta = 2.6666666666666665\n");
  const auto regular = shipped_model<LorenzModel>("lorenz", rho10);
  check_stm_against_fd(regular, Vec<double, 3>(1.0, 2.0, 3.0), 3.0, "lorenz rho=10 (regular)");
  std::filesystem::remove(rho10);
}

TEST_CASE("Psi(T,0) stays correct with an explicitly time-dependent input", "[variational][fd]") {
  // A torque table varying within the horizon: A(t) must be evaluated with u(t) at every stage.
  const auto m = shipped_model<GolfModel>("golf");
  const InputSchedule in =
      InputSchedule::table({0.0, 0.3, 0.7, 1.2}, {{2.0, -1.0}, {-3.0, 0.5}, {1.0, 2.0}, {0.0, 0.0}});
  check_stm_against_fd(m, Vec<double, 4>(60 * deg, -30 * deg, 1.0, 0.0), 1.5, "golf with torque table");
  auto chain = shipped_model<ChainModel<3>>("chain");
  InputSchedule c = InputSchedule::constant({1.0, -0.5, 0.25});
  c.set_release({0.8, InputSchedule::never, 0.4});
  Vec<double, 6> x0;
  x0 << 30 * deg, 20 * deg, -10 * deg, 0.5, 0, 0;
  check_stm_against_fd(chain, x0, 1.5, "chain3 with released moments");
}

TEST_CASE("Liouville: det Psi in (q, qdot) equals det M(q0) / det M(q(T)) over 10 s", "[variational][liouville]") {
  auto check = [](const auto& model, const auto& x0, const char* label) {
    using M = std::decay_t<decltype(model)>;
    constexpr int d = M::dof;
    const auto r = propagate_variational(model, x0, InputSchedule(0), 0.0, 10.0, tight(StepperKind::rkf78, 1e-12));
    REQUIRE(r.report.ok());
    const double expected = model.mass_matrix(Vec<double, d>(x0.template head<d>())).determinant() /
                            model.mass_matrix(Vec<double, d>(r.xT.template head<d>())).determinant();
    const double det = r.stm.determinant();
    const double sum_kinetic = ftle(model, x0, r.xT, r.stm, 10.0, FtleMetric::kinetic).sum() * 10.0;
    WARN(label << "\n  det Psi " << det << " vs det M0/det MT " << expected << "\n  rel. diff "
               << std::abs(det / expected - 1) << "\n  sum of kinetic-metric log sigma " << sum_kinetic);
    CHECK_THAT(det, WithinRel(expected, 1e-9));
    // In the kinetic-energy metric the same statement is det = 1: the exponents sum to zero.
    CHECK_THAT(sum_kinetic, WithinAbs(0.0, 1e-9));
  };
  check(shipped_model<LimbModel>("limb"), Vec<double, 4>(40 * deg, -20 * deg, 0.5, 0), "limb");
  check(shipped_model<GolfModel>("golf"), Vec<double, 4>(30 * deg, 40 * deg, 0, 1), "golf");
  Vec<double, 6> c0;
  c0 << 20 * deg, -10 * deg, 15 * deg, 0, 0, 0;
  check(shipped_model<ChainModel<3>>("chain"), c0, "chain3");
}

TEST_CASE("Lorenz: det Psi equals exp(T tr A) exactly (constant divergence)", "[variational]") {
  const auto m = shipped_model<LorenzModel>("lorenz");
  const auto r =
      propagate_variational(m, Vec<double, 3>(1, 1, 1), InputSchedule(0), 0.0, 1.0, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(r.report.ok());
  CHECK_THAT(r.stm.determinant(), WithinRel(std::exp(m.divergence() * 1.0), 1e-9));
}

TEST_CASE("All three steppers give the same Psi", "[variational][steppers]") {
  const auto m = shipped_model<GolfModel>("golf");
  const Vec<double, 4> x0(150 * deg, -70 * deg, 0, 0);
  InputSchedule in = InputSchedule::constant({-8.0, -1.5});
  in.set_release({InputSchedule::never, 0.2});
  const auto ref = propagate_variational(m, x0, in, 0.0, 0.4, tight(StepperKind::rkf78, 1e-12));
  for (auto k : {StepperKind::dopri5, StepperKind::bulirsch_stoer}) {
    const auto r = propagate_variational(m, x0, in, 0.0, 0.4, tight(k, 1e-12));
    CAPTURE(stepper_name(k));
    REQUIRE(r.report.ok());
    CHECK(max_column_rel_error(r.stm, ref.stm) < 1e-8);
    CHECK(max_column_rel_error(r.d_release, ref.d_release) < 1e-7);
  }
}

TEST_CASE("Kinetic-metric FTLEs do not depend on the angle convention, Euclidean ones do", "[variational][ftle]") {
  // The same physical double pendulum as `golf` (relative θ2) and as `limb` (absolute angles,
  // built from the golf parameters through the conversion maps): α = A q, α̇ = A q̇.
  const auto golf = shipped_model<GolfModel>("golf");
  const auto limb = shipped_model<LimbModel>("limb", "golf_manufactured");
  const Vec<double, 4> xg(150 * deg, 120 * deg, 0.3, -0.2);
  const Vec<double, 4> xl(xg(0), xg(0) + xg(1), xg(2), xg(2) + xg(3));
  const double T = 2.0;
  const auto rg = propagate_variational(golf, xg, InputSchedule(0), 0.0, T, tight(StepperKind::rkf78, 1e-12));
  const auto rl = propagate_variational(limb, xl, InputSchedule(0), 0.0, T, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(rg.report.ok());
  REQUIRE(rl.report.ok());
  CHECK_THAT(rl.xT(1), WithinRel(rg.xT(0) + rg.xT(1), 1e-9));
  const Vec<double, 4> kg = ftle(golf, xg, rg.xT, rg.stm, T, FtleMetric::kinetic);
  const Vec<double, 4> kl = ftle(limb, xl, rl.xT, rl.stm, T, FtleMetric::kinetic);
  const Vec<double, 4> eg = ftle(golf, xg, rg.xT, rg.stm, T, FtleMetric::euclidean);
  const Vec<double, 4> el = ftle(limb, xl, rl.xT, rl.stm, T, FtleMetric::euclidean);
  CAPTURE(kg.transpose(), kl.transpose(), eg.transpose(), el.transpose());
  CHECK((kg - kl).norm() < 1e-7 * kg.norm());
  CHECK((eg - el).norm() > 1e-3 * eg.norm());
}

TEST_CASE("Psi composes: Psi(T,0) = Psi(T,s) Psi(s,0) across a release", "[variational]") {
  const auto golf = shipped_model<GolfModel>("golf");
  const Vec<double, 4> x0(150 * deg, 70 * deg, 0, 0);
  InputSchedule in = InputSchedule::constant({-20.0, -8.0});
  in.set_release({InputSchedule::never, 0.2});
  const auto opt = tight(StepperKind::rkf78, 1e-12);
  const auto whole = propagate_variational(golf, x0, in, 0.0, 0.295, opt);
  const auto first = propagate_variational(golf, x0, in, 0.0, 0.15, opt);
  const auto second = propagate_variational(golf, first.xT, in, 0.15, 0.295, opt);
  CHECK(max_column_rel_error(Mat<double, 4, 4>(second.stm * first.stm), whole.stm) < 1e-9);
  // Release sensitivity: only the second piece contains the release, so it carries it all.
  CHECK(max_column_rel_error(second.d_release.rightCols<1>(), whole.d_release.rightCols<1>()) < 1e-9);
}
