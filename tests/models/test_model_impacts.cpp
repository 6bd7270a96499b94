// Impacts of model files ([events.impact], models/model_impact.cpp) against physics derived here
// independently of the files: the compass gait's heel strike is Goswami et al.'s (1998) impact
// (their closed-form Q⁺ q̇⁺ = Q⁻ q̇⁻, and the two angular momenta computed from the point masses);
// the kneed walker's knee strike and heel strike conserve the angular momenta they must, with
// distributed segments (a de Leva leg); the kinetic energy a plastic impact loses is the impulse's
// ½ bᵀ (J Mₑ⁻¹ Jᵀ)⁻¹ b; a stop with restitution e reverses the joint's rate by e and loses 1 − e²
// of the plastic loss.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>

#include <Eigen/LU>

#include "../support/model_files.hpp"
#include "support/event_models.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

const Vec<double, 2> u0 = Vec<double, 2>::Zero();
using P2 = Vec<double, 2>;
double cross(const P2& a, const P2& b) { return a(0) * b(1) - a(1) * b(0); }
/// The unit vector from a joint to the lower end of a segment at absolute angle a (from the downward
/// vertical, counterclockwise), and its derivative by a.
P2 dir(double a) { return P2(std::sin(a), -std::cos(a)); }
P2 ddir(double a) { return P2(std::cos(a), std::sin(a)); }

/// A planar rigid body's centre of mass, its velocity, mass, inertia about it and rotation rate.
struct Body {
  P2 r, v;
  double m, I, w;
};
/// Angular momentum about the fixed point P.
double momentum(const std::vector<Body>& bodies, const P2& P) {
  double L = 0.0;
  for (const Body& b : bodies) L += b.m * cross(b.r - P, b.v) + b.I * b.w;
  return L;
}

}  // namespace

TEST_CASE("impacts: the compass gait's heel strike is Goswami et al.'s angular-momentum impact",
          "[model_events][impacts]") {
  const auto cg = shipped_file_model<4>("compass_gait");
  const double m = 5, mH = 10, a = 0.5, b = 0.5, l = 1, gamma = 0.0525;
  std::mt19937_64 rng(1998);
  std::uniform_real_distribution<double> stance(-0.45, -0.1), rate(-2.5, 2.5);
  for (int trial = 0; trial < 20; ++trial) {
    // At heel strike: both feet on the slope, th_st + th_sw = -2 gamma, the swing foot ahead.
    const double st = stance(rng), sw = -2 * gamma - st, dst = rate(rng), dsw = rate(rng);
    REQUIRE(cg.event_guard(0, Vec<double, 4>(st, sw, dst, dsw), u0, 0.0) == Approx(0.0).margin(1e-15));
    const Vec<double, 4> xp = cg.event_reset(0, Vec<double, 4>(st, sw, dst, dsw), u0, 0.0);
    CHECK(xp(0) == sw);  // the legs swap roles
    CHECK(xp(1) == st);
    // Goswami et al. (1998), with q = (non-support, support) and alpha half the angle between the
    // legs: Q+(alpha) q'+ = Q-(alpha) q'-.
    const double c2 = std::cos(sw - st);  // cos 2 alpha
    Mat<double, 2, 2> Qm, Qp;
    Qm << -m * a * b, -m * a * b + (mH * l * l + 2 * m * a * l) * c2, 0, -m * a * b;
    Qp << m * b * (b - l * c2), m * l * (l - b * c2) + m * a * a + mH * l * l, m * b * b, -m * b * l * c2;
    const Vec<double, 2> after = Qp.inverse() * Qm * Vec<double, 2>(dsw, dst);
    CHECK(relative_error(Vec<double, 2>(xp(3), xp(2)), after) <= 1e-13);
    // The same from the point masses: about the new contact for the whole body, about the hip for
    // the trailing leg; after the impact the body turns about the new stance foot.
    auto bodies = [&](double s, double w, double ds, double dw, const P2& foot, std::vector<Body>& out) {
      const P2 hip = foot - l * dir(s), vhip = -l * ds * ddir(s);
      out = {{foot - a * dir(s), -a * ds * ddir(s), m, 0, ds},  // stance leg
             {hip, vhip, mH, 0, 0},                             // hip
             {hip + b * dir(w), vhip + b * dw * ddir(w), m, 0, dw}};
      return hip;
    };
    std::vector<Body> before, post;
    const P2 hip = bodies(st, sw, dst, dsw, P2::Zero(), before);
    const P2 contact = hip + l * dir(sw);
    bodies(xp(0), xp(1), xp(2), xp(3), contact, post);  // relabelled: the stance foot at the contact
    CHECK(momentum(post, contact) == Approx(momentum(before, contact)).epsilon(1e-13));
    CHECK(momentum({post[2]}, hip) == Approx(momentum({before[0]}, hip)).epsilon(1e-12).margin(1e-12));
  }
}

TEST_CASE("impacts: the kneed walker's knee strike and heel strike conserve the angular momenta they must",
          "[model_events][impacts]") {
  const ParamFile set = read_param_file("limb_deleva_male");  // distributed segments
  std::map<std::string, double> v;
  for (const char* name : {"L1", "L2", "m1", "C1", "I1", "m2", "C2", "I2", "g"})
    v[name] = *set.table["values"][name].value<double>();
  v["mH"] = 40.0;
  const auto w = file_model_with<6>(shipped_model_file("kneed_walker"), v);
  REQUIRE(w.event_info(0).name == "knee_strike");
  REQUIRE(w.event_info(1).name == "heel_strike");
  const double L1 = v["L1"], L2 = v["L2"], m1 = v["m1"], C1 = v["C1"], m2 = v["m2"], C2 = v["C2"], l = L1 + L2;
  const double I1c = v["I1"] - m1 * C1 * C1, I2c = v["I2"] - m2 * C2 * C2;  // about the centres of mass
  // Bodies: stance thigh and shank (one rigid leg), hip, swing thigh, swing shank.
  auto bodies = [&](const Vec<double, 6>& x, const P2& foot, std::vector<Body>& out) {
    const double s = x(0), t = x(1), k = x(2), ds = x(3), dt = x(4), dk = x(5);
    const P2 hip = foot - l * dir(s), vhip = -l * ds * ddir(s);
    const P2 knee = hip + L1 * dir(t), vknee = vhip + L1 * dt * ddir(t);
    out = {{hip + C1 * dir(s), vhip + C1 * ds * ddir(s), m1, I1c, ds},
           {hip + (L1 + C2) * dir(s), vhip + (L1 + C2) * ds * ddir(s), m2, I2c, ds},
           {hip, vhip, v["mH"], 0, 0},
           {hip + C1 * dir(t), vhip + C1 * dt * ddir(t), m1, I1c, dt},
           {knee + C2 * dir(k), vknee + C2 * dk * ddir(k), m2, I2c, dk}};
    return std::pair<P2, P2>(hip, knee + L2 * dir(k));
  };
  std::mt19937_64 rng(2007);
  std::uniform_real_distribution<double> unit(-1, 1);
  const Vec<double, 3> u = Vec<double, 3>::Zero();
  SECTION("knee strike: about the stance foot, and the swing leg about the hip") {
    for (int trial = 0; trial < 20; ++trial) {
      const double th = 0.4 * unit(rng);
      const Vec<double, 6> x(0.3 * unit(rng), th, th, 1.5 * unit(rng), 2 * unit(rng), 2 * unit(rng) - 2.5);
      const Vec<double, 6> xp = w.event_reset(0, x, u, 0.0);
      CHECK(std::abs(xp(4) - xp(5)) <= 1e-12);  // the knee's rate stopped
      std::vector<Body> before, after;
      const P2 hip = bodies(x, P2::Zero(), before).first;
      bodies(xp, P2::Zero(), after);
      CHECK(momentum(after, P2::Zero()) == Approx(momentum(before, P2::Zero())).epsilon(1e-12).margin(1e-12));
      CHECK(momentum({after[3], after[4]}, hip) ==
            Approx(momentum({before[3], before[4]}, hip)).epsilon(1e-12).margin(1e-12));
    }
  }
  SECTION("heel strike: about the new contact, and the trailing leg about the hip") {
    const double gamma = 0.05036851690374748;  // the file's slope
    for (int trial = 0; trial < 20; ++trial) {
      const double st = -0.15 - 0.25 * std::abs(unit(rng)), th = -2 * gamma - st, dl = 1.5 * unit(rng);
      const Vec<double, 6> x(st, th, th, -1.0 + 0.5 * unit(rng), dl, dl);  // the swing knee latched
      REQUIRE(w.event_guard(1, x, u, 0.0) == Approx(0.0).margin(1e-15));
      const Vec<double, 6> xp = w.event_reset(1, x, u, 0.0);
      CHECK(xp(0) == th);
      CHECK(xp(1) == st);
      CHECK(xp(2) == st);
      CHECK(xp(4) == xp(5));  // the new swing leg leaves straight
      std::vector<Body> before, after;
      const auto [hip, contact] = bodies(x, P2::Zero(), before);
      bodies(xp, contact, after);
      CHECK(momentum(after, contact) == Approx(momentum(before, contact)).epsilon(1e-12).margin(1e-12));
      CHECK(momentum({after[3], after[4]}, hip) ==
            Approx(momentum({before[0], before[1]}, hip)).epsilon(1e-12).margin(1e-12));
    }
  }
}

TEST_CASE("impacts: a plastic impact loses the impulse's kinetic energy", "[model_events][impacts]") {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> unit(-1, 1);
  SECTION("the limb's knee locking: one constraint") {
    const auto leg = shipped_file_model<4>("limb_knee_stop");
    const double L1 = 0.51002708994, m2 = 3.30228924063, C2 = 0.165996654593, I1 = 0.632656148098, I2 = 0.112514251345;
    for (int trial = 0; trial < 20; ++trial) {
      const double th = unit(rng), d1 = 3 * unit(rng), d2 = d1 + 1 + 2 * std::abs(unit(rng));  // extending
      const Vec<double, 4> x(th, th, d1, d2);
      const Vec<double, 4> xp = leg.event_reset(1, x, u0, 0.0);  // knee_lock
      Mat<double, 2, 2> M;
      M << I1 + m2 * L1 * L1, m2 * L1 * C2, m2 * L1 * C2, I2;  // at th1 = th2
      const Vec<double, 2> J(1, -1), v = x.tail<2>(), vp = xp.tail<2>();
      const double Jv = J.dot(v);
      const double loss = 0.5 * Jv * Jv / J.dot(M.inverse() * J);
      CHECK(0.5 * v.dot(M * v) - 0.5 * vp.dot(M * vp) == Approx(loss).epsilon(1e-12));
      CHECK(std::abs(J.dot(vp)) <= 1e-13 * std::abs(Jv));
    }
  }
  SECTION("the compass gait's heel strike: the stance foot freed, two contact rows") {
    const auto cg = shipped_file_model<4>("compass_gait");
    const double m = 5, mH = 10, a = 0.5, b = 0.5, l = 1, Mt = mH + 2 * m, K = m * a + (mH + m) * l;
    for (int trial = 0; trial < 20; ++trial) {
      const double st = -0.1 - 0.3 * std::abs(unit(rng)), sw = -2 * 0.0525 - st;
      const Vec<double, 4> x(st, sw, 2 * unit(rng), 2 * unit(rng));
      const Vec<double, 4> xp = cg.event_reset(0, x, u0, 0.0);
      // The floating base (pin x, y, then th_st, th_sw) written out by hand.
      Mat<double, 4, 4> Me;
      Me << Mt, 0, -K * std::cos(st), m * b * std::cos(sw),                                                    //
          0, Mt, -K * std::sin(st), m * b * std::sin(sw),                                                      //
          -K * std::cos(st), -K * std::sin(st), m * a * a + (mH + m) * l * l, -m * l * b * std::cos(st - sw),  //
          m * b * std::cos(sw), m * b * std::sin(sw), -m * l * b * std::cos(st - sw), m * b * b;
      Mat<double, 2, 4> J;
      J << 1, 0, -l * std::cos(st), l * std::cos(sw), 0, 1, -l * std::sin(st), l * std::sin(sw);
      const Vec<double, 4> ve(0, 0, x(2), x(3));
      const Vec<double, 2> bv = J * ve;
      const double loss = 0.5 * bv.dot((J * Me.inverse() * J.transpose()).inverse() * bv);
      auto kinetic = [&](const Vec<double, 4>& s) {
        return 0.5 * s.tail<2>().dot(cg.mass_matrix(s.head<2>()) * s.tail<2>());
      };
      // After the plastic impact the body turns about the new stance foot: the relabelled state's
      // kinetic energy is the body's.
      CHECK(kinetic(x) - kinetic(xp) == Approx(loss).epsilon(1e-12));
    }
  }
}

TEST_CASE("impacts: a stop with restitution e reverses the joint's rate by e", "[model_events][impacts]") {
  const auto plastic = shipped_file_model<4>("limb_knee_stop");
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (double e : {0.25, 0.5, 1.0}) {
    const auto leg =
        file_model_with<4>(shipped_model_file("limb_knee_stop"), std::map<std::string, double>{{"e_knee", e}});
    REQUIRE(leg.event_info(0).name == "knee_stop");
    for (int trial = 0; trial < 10; ++trial) {
      const double th = unit(rng), d1 = 3 * unit(rng), d2 = d1 + 1 + 2 * std::abs(unit(rng));
      const Vec<double, 4> x(th, th, d1, d2);
      const Vec<double, 2> u(unit(rng), unit(rng));
      CHECK(leg.event_allowed(0, x, u, 0.0));
      CHECK_FALSE(leg.event_allowed(1, x, u, 0.0));  // no locking while it rebounds fast enough
      const Vec<double, 4> xp = leg.event_reset(0, x, u, 0.0);
      CHECK(xp(2) - xp(3) == Approx(-e * (d1 - d2)).epsilon(1e-13));
      const Mat<double, 2, 2> M = leg.mass_matrix(x.head<2>());
      auto kinetic = [&](const Vec<double, 4>& s) { return 0.5 * s.tail<2>().dot(M * s.tail<2>()); };
      const Vec<double, 4> xl = plastic.event_reset(1, x, u, 0.0);
      CHECK(kinetic(x) - kinetic(xp) == Approx((1 - e * e) * (kinetic(x) - kinetic(xl))).epsilon(1e-11).margin(1e-12));
    }
  }
}
