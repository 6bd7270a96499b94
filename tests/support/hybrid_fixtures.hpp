#pragma once
// Small hybrid models with known answers, for the tests of events and saltation (tests/integrate,
// tests/indicators). Each satisfies models/hybrid_model.hpp's HybridModel; none is registered.
//
//   BouncingBall       h'' = −g, impact at h = 0 with restitution e: closed-form flight, impact
//                      times and saltation matrix S = [[−e, 0], [−(1+e) g / v⁻, −e]]
//   WedgeBilliard      a particle under gravity between two walls through the origin at ±θ from
//                      the upward vertical, reflected elastically: chaotic for 45° < θ < 90°
//                      (Lehtihet & Miller 1986, Physica D 21:93; Wojtkowski 1990), conservative,
//                      and its reflections preserve phase volume
//   InflectionCrossing a point crossing its guard's surface tangentially (grazing)
//   TwinWalls          the ball with two events on the same guard h (simultaneous events)
#include <cmath>
#include <string>
#include <vector>

#include "chaoskit/core/types.hpp"
#include "chaoskit/models/hybrid_model.hpp"

namespace chaoskit::test {

struct BouncingBall {
  static constexpr int state_dim = 2;
  static constexpr int input_dim = 0;
  double g = 9.81;  ///< [m/s²]
  double e = 0.8;   ///< coefficient of restitution

  std::vector<std::string> state_names() const { return {"h", "v"}; }
  template <class S>
  Vec<S, 2> rhs(const Vec<S, 2>& x, const Vec<S, 0>&, S) const {
    return Vec<S, 2>(x(1), S(-g));
  }
  template <class S>
  Vec<S, 2> rhs(const Vec<S, 2>& x, const Vec<S, 0>& u, S t, int) const {
    return rhs(x, u, t);
  }
  int event_count() const { return 1; }
  EventInfo event_info(int) const { return {"impact", EventDirection::down, -1, -1}; }
  std::vector<std::string> mode_names() const { return {"flight"}; }
  template <class S>
  S event_guard(int, const Vec<S, 2>& x, const Vec<S, 0>&, S) const {
    return x(0);
  }
  bool event_allowed(int, const Vec<double, 2>&, const Vec<double, 0>&, double) const { return true; }
  template <class S>
  Vec<S, 2> event_reset(int, const Vec<S, 2>& x, const Vec<S, 0>&, S) const {
    return Vec<S, 2>(x(0), -e * x(1));
  }
  double energy(const Vec<double, 2>& x) const { return g * x(0) + 0.5 * x(1) * x(1); }
};

/// Lehtihet & Miller's wedge: walls y = |x| cot θ (half-angle θ from the upward vertical), gravity
/// −y, unit mass and g; state (x, y, vx, vy). Guards: the signed distances to each wall, positive
/// inside; a wall reflects the velocity's normal component.
struct WedgeBilliard {
  static constexpr int state_dim = 4;
  static constexpr int input_dim = 0;
  double theta = 1.0471975511965976;  ///< half-angle θ = 60°

  std::vector<std::string> state_names() const { return {"x", "y", "vx", "vy"}; }
  template <class S>
  Vec<S, 4> rhs(const Vec<S, 4>& x, const Vec<S, 0>&, S) const {
    return Vec<S, 4>(x(2), x(3), S(0.0), S(-1.0));
  }
  template <class S>
  Vec<S, 4> rhs(const Vec<S, 4>& x, const Vec<S, 0>& u, S t, int) const {
    return rhs(x, u, t);
  }
  int event_count() const { return 2; }
  EventInfo event_info(int k) const { return {k == 0 ? "right_wall" : "left_wall", EventDirection::down, -1, -1}; }
  std::vector<std::string> mode_names() const { return {"flight"}; }
  /// The inward unit normal of wall k: right wall (x > 0 side) (−cos θ, sin θ), left (cos θ, sin θ).
  Vec<double, 2> normal(int k) const {
    return Vec<double, 2>(k == 0 ? -std::cos(theta) : std::cos(theta), std::sin(theta));
  }
  template <class S>
  S event_guard(int k, const Vec<S, 4>& x, const Vec<S, 0>&, S) const {
    const Vec<double, 2> nk = normal(k);
    return nk(0) * x(0) + nk(1) * x(1);
  }
  bool event_allowed(int, const Vec<double, 4>&, const Vec<double, 0>&, double) const { return true; }
  template <class S>
  Vec<S, 4> event_reset(int k, const Vec<S, 4>& x, const Vec<S, 0>&, S) const {
    const Vec<double, 2> nk = normal(k);
    const S vn = nk(0) * x(2) + nk(1) * x(3);
    return Vec<S, 4>(x(0), x(1), x(2) - 2.0 * vn * nk(0), x(3) - 2.0 * vn * nk(1));
  }
  double energy(const Vec<double, 4>& x) const { return 0.5 * (x(2) * x(2) + x(3) * x(3)) + x(1); }
};

/// A point moving right at unit speed along y = (x − 1)³ / 3 from (0, −1/3): it crosses the guard
/// y = 0 at x = 1 tangentially (ẏ = (x − 1)² = 0 there, with f = (1, 0) ≠ 0): a grazing crossing.
struct InflectionCrossing {
  static constexpr int state_dim = 2;
  static constexpr int input_dim = 0;
  std::vector<std::string> state_names() const { return {"x", "y"}; }
  template <class S>
  Vec<S, 2> rhs(const Vec<S, 2>& x, const Vec<S, 0>&, S) const {
    const S d = x(0) - 1.0;
    return Vec<S, 2>(S(1.0), d * d);
  }
  template <class S>
  Vec<S, 2> rhs(const Vec<S, 2>& x, const Vec<S, 0>& u, S t, int) const {
    return rhs(x, u, t);
  }
  int event_count() const { return 1; }
  EventInfo event_info(int) const { return {"axis", EventDirection::up, -1, -1}; }
  std::vector<std::string> mode_names() const { return {"only"}; }
  template <class S>
  S event_guard(int, const Vec<S, 2>& x, const Vec<S, 0>&, S) const {
    return x(1);
  }
  bool event_allowed(int, const Vec<double, 2>&, const Vec<double, 0>&, double) const { return true; }
  template <class S>
  Vec<S, 2> event_reset(int, const Vec<S, 2>& x, const Vec<S, 0>&, S) const {
    return x;
  }
};

/// The bouncing ball with two identical impact events: they always happen together.
struct TwinWalls : BouncingBall {
  int event_count() const { return 2; }
  EventInfo event_info(int k) const { return {k == 0 ? "floor" : "also_floor", EventDirection::down, -1, -1}; }
};

}  // namespace chaoskit::test
