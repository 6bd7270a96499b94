#pragma once
// Task basins of a swing (issue 5, golf): the outcome of the swing from an initial state under the
// given joint moments is the endpoint (clubhead) speed at the first instant link 1 passes the
// bottom, θ1 = 0 — the impact position of the golf model — located on the interpolant. A task
// label then classifies initial states (or, through a sweep, input parameters) by whether that
// speed reaches a threshold: 1 yes, 0 no, −1 the swing never reached the bottom in max_time.
#include <cmath>
#include <cstdint>

#include "chaoskit/basins/event_locate.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/models/mechanics.hpp"

namespace chaoskit::basins {

struct TaskOptions {
  double max_time = 5.0;   ///< search horizon [s]
  double threshold = NAN;  ///< endpoint speed that counts as success [m/s]
  double tol = 1e-10;      ///< |θ1| at the reported instant [rad]
};

template <int n>
struct TaskResult {
  double time = NAN;   ///< first θ1 = 0 crossing [s]; NaN if none within max_time
  double speed = NAN;  ///< endpoint speed |ṗ| there [m/s]
  Vec<double, n> state;
  IntegrationReport report;
  bool reached() const { return std::isfinite(time); }
};

/// 1 when the speed reaches the threshold, 0 when not, −1 when the bottom was never reached.
template <int n>
std::int32_t task_label(const TaskResult<n>& r, double threshold) {
  if (!r.reached()) return -1;
  return r.speed >= threshold ? 1 : 0;
}

namespace detail {
template <MechanicalModel M>
struct BottomObserver {
  using observes_steps = void;
  static constexpr int n = M::state_dim;
  const TaskOptions& opt;
  TaskResult<n>& out;
  template <class Interp>
  bool on_step(const Vec<double, n>& x0, double t0, const Vec<double, n>& x1, double t1, std::size_t, Interp&& interp) {
    const double ha = x0(0), hb = x1(0);
    if (ha == 0.0 || !(ha * hb <= 0.0)) return true;  // leaving θ1 = 0 at the start is not a pass
    const auto ev = locate_event<n>(
        interp, [](const Vec<double, n>& x) { return x(0); }, t0, t1, ha, hb, x1, opt.tol);
    out.time = ev.t;
    out.state = ev.x;
    return false;
  }
  void operator()(const Vec<double, n>&, double, std::size_t) const {}
};
}  // namespace detail

template <MechanicalModel M>
TaskResult<M::state_dim> swing_outcome(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                       const TaskOptions& to, const IntegratorOptions& io) {
  constexpr int n = M::state_dim, d = M::dof;
  if (!(to.max_time > 0.0) || !std::isfinite(to.max_time)) throw InputError("max_time", "must be > 0 s");
  TaskResult<n> res;
  res.state = x0;
  detail::BottomObserver<M> obs{to, res};
  chaoskit::detail::PlainSystem<M> sys{model};
  Vec<double, n> x = x0;
  const int ms = input_count(model), ds = coordinate_count(model);
  const InputSchedule sched = inputs.dim() == ms ? inputs : InputSchedule(ms);
  res.report = integrate_piecewise(sys, x, sched.segments(0.0, to.max_time), {}, io, NoBoundary{}, obs);
  if (res.reached()) {
    const Vec<double, d> q = res.state.template head<d>(ds), qd = res.state.template segment<d>(ds, ds);
    res.speed = endpoint_kinematics(model, q, qd, Vec<double, d>::Zero(ds)).v.norm();
  } else {
    res.state = x;
  }
  return res;
}

}  // namespace chaoskit::basins
