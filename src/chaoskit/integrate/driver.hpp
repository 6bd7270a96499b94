#pragma once
// The one stepping loop of chaoskit: Boost.Odeint controlled steppers on fixed-size Eigen states
// (vector_space_algebra, no allocation inside the loop), integrated segment by segment so that
// the integration stops exactly at every input discontinuity (release times, table knots).
//
//   integrate_piecewise(sys, x, segments, outputs, options, on_boundary, observer) → IntegrationReport
//
// `sys` is an odeint System, sys(x, dxdt, t), with `set_segment(const InputSegment&)`; the driver
// calls set_segment before integrating each segment. Between segments it calls
// on_boundary(x, t, before, after), where the caller may change x (jump conditions of sensitivities).
// observer(x, t, segment_index) is called at every output time (sorted, within [t0, T]); at an
// interior boundary the left limit is reported. dopri5 interpolates outputs with its own
// continuous extension (dense output); rkf78 and bulirsch_stoer shorten steps to land on them.
//
// Guards (see IntegratorOptions): the number of attempted steps, the minimum step, and finiteness
// of every accepted state (a non-finite result is rejected and the step halved, so a step that
// overshoots into overflow is retried; only when dt < dt_min is the trajectory declared non_finite).
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/stepper/bulirsch_stoer.hpp>
#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include "chaoskit/core/function_ref.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/integrate/odeint_eigen.hpp"

namespace chaoskit {

/// An observer that also wants every accepted step declares `using observes_steps = void;` and
/// `bool on_step(x_old, t_old, x_new, t_new, segment, interpolate)`, where interpolate(t, out)
/// fills `out` with the state at t in [t_old, t_new]; returning false ends the integration (status
/// ok, report.stopped_by_observer set, x = the step's end state).
template <class Observer>
concept ObservesSteps = requires { typename std::remove_cvref_t<Observer>::observes_steps; };

namespace detail {

namespace odeint = boost::numeric::odeint;

template <class State>
using Dopri5 = odeint::runge_kutta_dopri5<State, double, State, double, odeint::vector_space_algebra>;
template <class State>
using Rkf78 = odeint::runge_kutta_fehlberg78<State, double, State, double, odeint::vector_space_algebra>;
template <class State>
using BulirschStoer = odeint::bulirsch_stoer<State, double, State, double, odeint::vector_space_algebra>;

template <class State>
bool all_finite(const State& x) {
  return x.allFinite();
}

// odeint's controllers copy a freshly constructed stepper whose scratch matrices are not yet
// initialised (they are written before being read); GCC reports that copy through the inlined
// Eigen code. The values are never used, so the warning is silenced for these wrappers only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

/// Stepper-specific part: one attempted step from (x, t) of size dt to (x_new, t_new).
template <class State>
struct Dopri5Stepper {
  static constexpr bool dense = true;
  odeint::controlled_runge_kutta<Dopri5<State>> ctrl;
  State dxdt, dxdt_new;
  Dopri5Stepper(const IntegratorOptions& o) : ctrl(odeint::make_controlled(o.atol, o.rtol, Dopri5<State>())) {}
  template <class Sys>
  void start(Sys& sys, const State& x, double t) {
    sys(x, dxdt, t);
  }
  template <class Sys>
  odeint::controlled_step_result attempt(Sys& sys, const State& x, double& t, State& x_new, double& dt) {
    return ctrl.try_step(sys, x, dxdt, t, x_new, dxdt_new, dt);
  }
  void accept() { dxdt = dxdt_new; }
  /// Dense output at t_out in [t_old, t_new] after an accepted step (call before accept()).
  void interpolate(double t_out, State& out, const State& x_old, double t_old, const State& x_new, double t_new) {
    ctrl.stepper().calc_state(t_out, out, x_old, dxdt, t_old, x_new, dxdt_new, t_new);
  }
};

/// The step-size rule of rkf78: dt ← dt · clamp(0.9 err^(−1/8), 1/5, 5) after every attempt (err
/// is the error of the 7th-order solution, O(dt^8)), with no growth on the step after a rejection
/// (Hairer, Nørsett & Wanner, Solving ODEs I, II.4). odeint's default rule grows a step only when
/// err < 0.5 and then jumps by up to 0.9 err^(−1/8); on the chaotic pendulums at 1e-9 it had 22 %
/// of rkf78's attempts rejected (tools/bench), each costing 13 rhs.
struct Rkf78StepRule {
  bool after_reject = false;
  double decrease_step(double dt, double err, int) {
    after_reject = true;
    return dt * std::max(0.9 * std::pow(err, -1.0 / 8.0), 0.2);
  }
  double increase_step(double dt, double err, int) {
    const double fac = err > 0 ? std::min(0.9 * std::pow(err, -1.0 / 8.0), 5.0) : 5.0;
    const double grown = dt * (after_reject ? std::min(fac, 1.0) : fac);
    after_reject = false;
    return grown;
  }
  bool check_step_size_limit(double) const { return true; }
  double get_max_dt() const { return 0.0; }
};

template <class State>
using Rkf78Controlled =
    odeint::controlled_runge_kutta<Rkf78<State>,
                                   odeint::default_error_checker<double, odeint::vector_space_algebra,
                                                                 odeint::default_operations>,
                                   Rkf78StepRule>;

template <class State>
struct Rkf78Stepper {
  static constexpr bool dense = false;
  Rkf78Controlled<State> ctrl;
  State dxdt;  // f at the step's start, kept across rejected attempts (12 rhs per retry, not 13)
  Rkf78Stepper(const IntegratorOptions& o)
      : ctrl(typename Rkf78Controlled<State>::error_checker_type(o.atol, o.rtol), Rkf78StepRule{}) {}
  template <class Sys>
  void start(Sys& sys, const State& x, double t) {
    sys(x, dxdt, t);
  }
  template <class Sys>
  odeint::controlled_step_result attempt(Sys& sys, const State& x, double& t, State& x_new, double& dt) {
    const auto res = ctrl.try_step(sys, x, dxdt, t, x_new, dt);
    if (res == odeint::success) sys(x_new, dxdt, t);  // t is the new time here
    return res;
  }
  void accept() {}
  void interpolate(double, State&, const State&, double, const State&, double) {}
};

template <class State>
struct BulirschStoerStepper {
  static constexpr bool dense = false;
  BulirschStoer<State> bs;
  BulirschStoerStepper(const IntegratorOptions& o) : bs(o.atol, o.rtol) {}
  template <class Sys>
  void start(Sys&, const State&, double) {
    bs.reset();  // the extrapolation history does not survive a discontinuity
  }
  template <class Sys>
  odeint::controlled_step_result attempt(Sys& sys, const State& x, double& t, State& x_new, double& dt) {
    return bs.try_step(sys, x, t, x_new, dt);
  }
  void accept() {}
  void interpolate(double, State&, const State&, double, const State&, double) {}
};

#pragma GCC diagnostic pop

/// The system as the steppers see it: counts right-hand-side evaluations for the report. A named
/// type (not a lambda inside run_segments) so that odeint's stage code is shared by every caller
/// with the same System.
template <class System>
struct CountedSystem {
  System& sys;
  long& calls;
  template <class State>
  void operator()(const State& x, State& dxdt, double t) {
    ++calls;
    sys(x, dxdt, t);
  }
};

/// The caller's hooks, type-erased (see core/function_ref.hpp for why). on_step is called after
/// every accepted step only when the loop is compiled for a step observer (kStepObserver below).
template <class State>
struct DriverHooks {
  using Interpolant = FunctionRef<void(double, State&)>;
  FunctionRef<void(State&, double, const InputSegment&, const InputSegment&)> on_boundary;
  FunctionRef<void(const State&, double, std::size_t)> observer;
  FunctionRef<bool(const State&, double, const State&, double, std::size_t, Interpolant)> on_step;
};

/// kStepObserver stays a compile-time choice: the interpolant for steppers without dense output
/// (a dopri5 sub-integration) is then compiled only for the systems that need it.
template <bool kStepObserver, class Stepper, class State, class System>
IntegrationReport run_segments(Stepper& stepper, System& sys, State& x, const std::vector<InputSegment>& segs,
                               const std::vector<double>& outputs, const IntegratorOptions& opt,
                               const DriverHooks<State>& hooks) {
  IntegrationReport rep;
  rep.t = segs.front().ta;
  CountedSystem<System> counted{sys, rep.rhs_calls};
  std::size_t k_out = 0;
  // Outputs at (or before) the start.
  while (k_out < outputs.size() && outputs[k_out] <= rep.t) hooks.observer(x, outputs[k_out++], std::size_t{0});
  if (!all_finite(x)) {
    rep.status = IntegrationStatus::non_finite;
    return rep;
  }
  State x_new = x, x_dense = x;
  double dt = opt.dt_initial;
  for (std::size_t s = 0; s < segs.size(); ++s) {
    const InputSegment& seg = segs[s];
    if (s > 0) hooks.on_boundary(x, seg.ta, segs[s - 1], seg);
    sys.set_segment(seg);
    double t = seg.ta;
    stepper.start(counted, x, t);
    while (t < seg.tb) {
      if (rep.accepted + rep.rejected >= opt.max_steps) {
        rep.status = IntegrationStatus::max_steps;
        rep.t = t;
        return rep;
      }
      double target = seg.tb;
      if (!Stepper::dense && k_out < outputs.size() && outputs[k_out] < target) target = outputs[k_out];
      const double remaining = target - t;
      const bool clamped = dt * 1.01 >= remaining;
      const double dt_natural = dt;
      double dt_try = clamped ? remaining : dt;
      double t_try = t;
      const double dt_attempted = dt_try;
      const auto res = stepper.attempt(counted, x, t_try, x_new, dt_try);
      if (res == odeint::fail) {
        ++rep.rejected;
        dt = dt_try;
        if (!(dt >= opt.dt_min)) {
          rep.status = IntegrationStatus::step_underflow;
          rep.t = t;
          return rep;
        }
        continue;
      }
      if (!all_finite(x_new)) {
        ++rep.rejected;
        dt = 0.5 * dt_attempted;
        if (!(dt >= opt.dt_min)) {
          rep.status = IntegrationStatus::non_finite;
          rep.t = t;
          return rep;
        }
        continue;
      }
      ++rep.accepted;
      const double t_old = t;
      t = clamped ? target : t_try;
      // Keep the step the controller wanted, not the one a clamp forced on it.
      dt = clamped ? std::max(dt_natural, dt_try) : dt_try;
      if constexpr (Stepper::dense) {
        while (k_out < outputs.size() && outputs[k_out] <= t) {
          if (outputs[k_out] == t) {
            hooks.observer(x_new, t, s);
          } else {
            stepper.interpolate(outputs[k_out], x_dense, x, t_old, x_new, t);
            hooks.observer(x_dense, outputs[k_out], s);
          }
          ++k_out;
        }
      } else {
        while (k_out < outputs.size() && outputs[k_out] <= t) hooks.observer(x_new, outputs[k_out++], s);
      }
      if constexpr (kStepObserver) {
        // Event detection (section crossings): the observer sees every accepted step with an
        // interpolant on [t_old, t]: dopri5's continuous extension; for steppers without dense
        // output, a short controlled dopri5 sub-integration from the step's start at the same
        // tolerances (long Bulirsch–Stoer steps make polynomial interpolation far too coarse).
        auto interpolate = [&](double tq, State& out) {
          if constexpr (Stepper::dense) {
            stepper.interpolate(tq, out, x, t_old, x_new, t);
          } else {
            out = x;
            if (tq > t_old)
              odeint::integrate_adaptive(odeint::make_controlled(opt.atol, opt.rtol, Dopri5<State>()), counted, out,
                                         t_old, tq, std::min(dt_attempted, tq - t_old));
          }
        };
        if (!hooks.on_step(x, t_old, x_new, t, s, interpolate)) {
          rep.status = IntegrationStatus::ok;
          rep.t = t;
          rep.stopped_by_observer = true;
          x = x_new;
          return rep;
        }
      }
      stepper.accept();
      x = x_new;
    }
    rep.t = seg.tb;
  }
  return rep;
}

/// The stepper switch, compiled once per state type and system.
template <bool kStepObserver, class State, class System>
IntegrationReport integrate_with_hooks(System& sys, State& x, const std::vector<InputSegment>& segs,
                                       const std::vector<double>& outputs, const IntegratorOptions& opt,
                                       const DriverHooks<State>& hooks) {
  switch (opt.stepper) {
    case StepperKind::rkf78: {
      Rkf78Stepper<State> st(opt);
      return run_segments<kStepObserver>(st, sys, x, segs, outputs, opt, hooks);
    }
    case StepperKind::bulirsch_stoer: {
      BulirschStoerStepper<State> st(opt);
      return run_segments<kStepObserver>(st, sys, x, segs, outputs, opt, hooks);
    }
    case StepperKind::dopri5:
    default: {
      Dopri5Stepper<State> st(opt);
      return run_segments<kStepObserver>(st, sys, x, segs, outputs, opt, hooks);
    }
  }
}

}  // namespace detail

/// Integrates `x` over the segments (see the file comment). Returns ok or the failure status and
/// the time reached; on failure `x` is the last accepted state.
template <class State, class System, class OnBoundary, class Observer>
IntegrationReport integrate_piecewise(System& sys, State& x, const std::vector<InputSegment>& segs,
                                      const std::vector<double>& outputs, const IntegratorOptions& opt,
                                      OnBoundary&& on_boundary, Observer&& observer) {
  using Hooks = detail::DriverHooks<State>;
  auto on_step = [&observer](const State& x0, double t0, const State& x1, double t1, std::size_t s,
                             typename Hooks::Interpolant interpolate) {
    if constexpr (ObservesSteps<Observer>) return observer.on_step(x0, t0, x1, t1, s, interpolate);
    else return true;
  };
  const Hooks hooks{on_boundary, observer, on_step};
  return detail::integrate_with_hooks<ObservesSteps<Observer>>(sys, x, segs, outputs, opt, hooks);
}

/// No-op boundary hook and observer for callers that need neither.
struct NoBoundary {
  template <class State>
  void operator()(State&, double, const InputSegment&, const InputSegment&) const {}
};
struct NoObserver {
  template <class State>
  void operator()(const State&, double, std::size_t) const {}
};

}  // namespace chaoskit
