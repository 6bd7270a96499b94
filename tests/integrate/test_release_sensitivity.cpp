// Input-parameter sensitivities from the variational equations against finite differences of
// whole simulations: the release time (with its jump term f(x, u⁻) − f(x, u⁺)) and the amplitude,
// mapped to the endpoint position and velocity.
#include <catch2/catch.hpp>

#include "support/integrate_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

Vec<double, 4> endpoint_at(const GolfModel& golf, const Vec<double, 4>& x0, double tr, double T) {
  InputSchedule in = InputSchedule::constant({-15.0, -3.0});
  in.set_release({InputSchedule::never, tr});
  return endpoint_task(golf, flow(golf, x0, in, 0.0, T, tight(StepperKind::rkf78, 1e-13)));
}
}  // namespace

TEST_CASE("Release-time sensitivity of the endpoint matches simulations shifted by +-1 ms", "[sensitivity][release]") {
  const auto golf = shipped_model<GolfModel>("golf");
  const Vec<double, 4> x0(150 * deg, -70 * deg, 0, 0);
  const double tr = 0.18, T = 0.3;
  InputSchedule in = InputSchedule::constant({-15.0, -3.0});
  in.set_release({InputSchedule::never, tr});
  const auto r = propagate_variational(golf, x0, in, 0.0, T, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(r.report.ok());
  const Vec<double, 4> dy = endpoint_task_jacobian(golf, r.xT) * r.d_release.col(1);
  const double h = 1e-3;
  const Vec<double, 4> fd = (endpoint_at(golf, x0, tr + h, T) - endpoint_at(golf, x0, tr - h, T)) / (2 * h);
  const double err = (dy - fd).norm() / fd.norm();
  WARN("d(p,v)/d t_r variational " << dy.transpose() << "\n  central FD (+-1 ms)      " << fd.transpose()
                                   << "\n  rel. difference " << err);
  // The ±1 ms central difference carries an O(h²) truncation error of its own.
  CHECK(err < 1e-3);
  // With a smaller shift the agreement tightens as h² (the sensitivity itself is exact).
  const double h2 = 1e-4;
  const Vec<double, 4> fd2 = (endpoint_at(golf, x0, tr + h2, T) - endpoint_at(golf, x0, tr - h2, T)) / (2 * h2);
  CHECK((dy - fd2).norm() / fd2.norm() < 1e-5);
  // Without the jump term the sensitivity would be zero: τ1 never releases, so its column is zero.
  CHECK(r.d_release.col(0).isZero(0.0));
}

TEST_CASE("Amplitude sensitivity matches a finite difference of the torque", "[sensitivity][amplitude]") {
  const auto golf = shipped_model<GolfModel>("golf");
  const Vec<double, 4> x0(150 * deg, -70 * deg, 0, 0);
  InputSchedule in = InputSchedule::constant({-15.0, -3.0});
  in.set_release({0.25, 0.18});
  const auto r = propagate_variational(golf, x0, in, 0.0, 0.3, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(r.report.ok());
  for (int i = 0; i < 2; ++i) {
    const double a = 1e-3;
    std::vector<double> up{-15.0, -3.0}, dn{-15.0, -3.0};
    up[i] += a;
    dn[i] -= a;
    InputSchedule p = InputSchedule::constant(up), m = InputSchedule::constant(dn);
    p.set_release({0.25, 0.18});
    m.set_release({0.25, 0.18});
    const auto opt = tight(StepperKind::rkf78, 1e-13);
    const Vec<double, 4> fd = (flow(golf, x0, p, 0.0, 0.3, opt) - flow(golf, x0, m, 0.0, 0.3, opt)) / (2 * a);
    CAPTURE(i);
    CHECK((r.d_amplitude.col(i) - fd).norm() < 1e-6 * fd.norm());
  }
}

TEST_CASE("Release sensitivity for simultaneous releases and a chain", "[sensitivity][release]") {
  auto chain = shipped_model<ChainModel<3>>("chain");
  Vec<double, 6> x0;
  x0 << 60 * deg, 10 * deg, -20 * deg, 0, 0, 0;
  InputSchedule in = InputSchedule::constant({3.0, -1.0, 0.5});
  in.set_release({0.3, 0.3, InputSchedule::never});  // two channels released at the same instant
  const auto r = propagate_variational(chain, x0, in, 0.0, 0.6, tight(StepperKind::rkf78, 1e-12));
  REQUIRE(r.report.ok());
  for (int i = 0; i < 2; ++i) {
    const double h = 1e-4;
    auto shifted = [&](double s) {
      InputSchedule v = InputSchedule::constant({3.0, -1.0, 0.5});
      std::vector<double> rel{0.3, 0.3, InputSchedule::never};
      rel[i] += s;
      v.set_release(rel);
      return flow(chain, x0, v, 0.0, 0.6, tight(StepperKind::rkf78, 1e-13));
    };
    const Vec<double, 6> fd = (shifted(h) - shifted(-h)) / (2 * h);
    CAPTURE(i);
    CHECK((r.d_release.col(i) - fd).norm() < 1e-5 * fd.norm());
  }
}
