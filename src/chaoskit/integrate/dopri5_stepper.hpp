#pragma once
// dopri5: the Dormand–Prince 5(4) pair with the 5th-order solution propagated, FSAL (the last
// stage is f at the new state), its 4th-order continuous extension for dense output (Hairer,
// Nørsett & Wanner, Solving ODEs I, II.5 and II.6), and the step-size controller of Boost.Odeint's
// controlled_runge_kutta with its default step adjuster:
//   err > 1: reject, h ← h · max(0.9 err^(−1/3), 1/5);
//   err ≤ 1: accept, and if err < 0.5, h ← h · 0.9 max(err, 5^(−5))^(−1/5).
// It is odeint's runge_kutta_dopri5 restated on explicit_rk.hpp's loops, with the same arithmetic
// in the same order: the same steps and values bit for bit (tests/integrate/test_explicit_rk.cpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "chaoskit/integrate/explicit_rk.hpp"
#include "chaoskit/integrate/integrator_options.hpp"

namespace chaoskit::dopri5 {

inline constexpr int kStages = 7;  // k[0] = f(t, x) … k[6] = f(t + h, x_new)
using Row = rk::Row<kStages>;

inline constexpr Row c = {0.0, 1.0 / 5.0, 3.0 / 10.0, 4.0 / 5.0, 8.0 / 9.0, 1.0, 1.0};
inline constexpr std::array<Row, kStages> a = {{
    {},
    {1.0 / 5.0},
    {3.0 / 40.0, 9.0 / 40.0},
    {44.0 / 45.0, -56.0 / 15.0, 32.0 / 9.0},
    {19372.0 / 6561.0, -25360.0 / 2187.0, 64448.0 / 6561.0, -212.0 / 729.0},
    {9017.0 / 3168.0, -355.0 / 33.0, 46732.0 / 5247.0, 49.0 / 176.0, -5103.0 / 18656.0},
    {35.0 / 384.0, 0.0, 500.0 / 1113.0, 125.0 / 192.0, -2187.0 / 6784.0, 11.0 / 84.0},
}};
/// 5th-order weights (the solution kept; the same as the last row of a, hence FSAL).
inline constexpr Row b = a[6];
/// Error weights: b minus the 4th-order weights, as odeint forms them.
inline constexpr Row db = {35.0 / 384.0 - 5179.0 / 57600.0,
                           0.0,
                           500.0 / 1113.0 - 7571.0 / 16695.0,
                           125.0 / 192.0 - 393.0 / 640.0,
                           -2187.0 / 6784.0 - -92097.0 / 339200.0,
                           11.0 / 84.0 - 187.0 / 2100.0,
                           -1.0 / 40.0};

/// odeint's default step adjuster for a method of order 5 with an error estimate of order 4.
inline double decreased_step(double h, double err) {
  return h * std::max(9.0 / 10.0 * std::pow(err, -1.0 / 3.0), 1.0 / 5.0);
}
inline double increased_step(double h, double err) {
  if (err < 0.5) h *= 9.0 / 10.0 * std::pow(std::max(std::pow(5.0, -5.0), err), -1.0 / 5.0);
  return h;
}

template <class State>
struct Stepper {
  static constexpr bool dense = true;
  std::array<State, kStages> k;  // k[0] = f at the step's start, k[6] = f at its end
  State err;
  double atol, rtol;

  explicit Stepper(const IntegratorOptions& o) : atol(o.atol), rtol(o.rtol) {}

  template <class Sys>
  void start(Sys& sys, const State& x, double t) {
    rk::size_like(x, k, err);
    sys(x, k[0], t);
  }

  /// One attempt of size dt from (x, t). Accepted: t advanced, x_new and k[6] set, dt the next
  /// step's size. Rejected: dt reduced, t unchanged.
  template <class Sys>
  rk::StepResult attempt(Sys& sys, const State& x, double& t, State& x_new, double& dt) {
    const double h = dt;
    rk::run_stages<1, 5, a, c>(sys, x_new, x, k, t, h);  // stage states in x_new, overwritten below
    rk::advance<kStages, b>(x_new, x, k, h);
    sys(x_new, k[6], t + h);
    rk::weighted<kStages, db>(err, k, h);
    const double e = rk::error_norm(err, x, k[0], h, atol, rtol);
    if (e > 1.0) {
      dt = decreased_step(h, e);
      return rk::StepResult::rejected;
    }
    t += h;
    dt = increased_step(h, e);
    return rk::StepResult::accepted;
  }

  /// The next step starts from the accepted one's end.
  void accept() { k[0] = k[6]; }

  /// Dense output at t_out in [t_old, t_new] after an accepted step, before accept(): the
  /// continuous extension of Hairer, Nørsett & Wanner (II.6), coefficients as odeint writes them.
  void interpolate(double t_out, State& out, const State& x_old, double t_old, const State&, double t_new) const {
    const double h = t_new - t_old;
    const double theta = (t_out - t_old) / h;
    const double X1 = 5.0 * (2558722523.0 - 31403016.0 * theta) / 11282082432.0;
    const double X3 = 100.0 * (882725551.0 - 15701508.0 * theta) / 32700410799.0;
    const double X4 = 25.0 * (443332067.0 - 31403016.0 * theta) / 1880347072.0;
    const double X5 = 32805.0 * (23143187.0 - 3489224.0 * theta) / 199316789632.0;
    const double X6 = 55.0 * (29972135.0 - 7076736.0 * theta) / 822651844.0;
    const double X7 = 10.0 * (7414447.0 - 829305.0 * theta) / 29380423.0;
    const double theta_m_1 = theta - 1.0;
    const double theta_sq = theta * theta;
    const double A = theta_sq * (3.0 - 2.0 * theta);
    const double B = theta_sq * theta_m_1;
    const double C = theta_sq * theta_m_1 * theta_m_1;
    const double D = theta * theta_m_1 * theta_m_1;
    const double w[] = {h * (A * b[0] - C * X1 + D), h * (A * b[2] + C * X3), h * (A * b[3] - C * X4),
                        h * (A * b[4] + C * X5),     h * (A * b[5] - C * X6), h * (B + C * X7)};
    out = x_old;  // x_old + Σ w_j k_j, summed left to right as odeint does
    out += w[0] * k[0];
    out += w[1] * k[2];
    out += w[2] * k[3];
    out += w[3] * k[4];
    out += w[4] * k[5];
    out += w[5] * k[6];
  }

  /// The state at t_q inside the step just accepted (the driver locates events with it): the
  /// continuous extension.
  template <class Sys>
  void state_in_step(Sys&, double t_q, State& out, const State& x_old, double t_old, const State& x_new,
                     double t_new) const {
    interpolate(t_q, out, x_old, t_old, x_new, t_new);
  }
};

/// Integrates x from t0 to t1 (> t0) with controlled dopri5 steps, the first of size dt0, as
/// odeint's integrate_adaptive does with a fresh controlled dopri5 (steps shortened to end at t1;
/// 500 rejections in a row throw). The driver's interpolant for steppers without dense output.
template <class State, class Sys>
void integrate_between(Sys& sys, State& x, double t0, double t1, double dt0, const IntegratorOptions& opt) {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  Stepper<State> st(opt);
  State x_new;
  double t = t0, dt = dt0;
  st.start(sys, x, t);
  while (t1 - t > eps) {
    if (t + dt - t1 > eps) dt = t1 - t;
    int rejected = 0;
    while (st.attempt(sys, x, t, x_new, dt) == rk::StepResult::rejected)
      if (++rejected >= 500) throw std::runtime_error("dopri5 interpolation: 500 step-size reductions in a row");
    st.accept();
    x = x_new;
  }
}

}  // namespace chaoskit::dopri5
