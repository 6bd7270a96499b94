#pragma once
// The one stepping loop of chaoskit: controlled explicit Runge–Kutta steppers on fixed-size Eigen
// states (no allocation inside the loop), integrated segment by segment so that the integration
// stops exactly at every input discontinuity (release times, table knots).
//
//   integrate_piecewise(sys, x, segments, outputs, options, on_boundary, observer) → IntegrationReport
//
// `sys` is a System, sys(x, dxdt, t), with `set_segment(const InputSegment&)`; the driver
// calls set_segment before integrating each segment. Between segments it calls
// on_boundary(x, t, before, after), where the caller may change x (jump conditions of sensitivities).
// observer(x, t, segment_index) is called at every output time (sorted, within [t0, T]); at an
// interior boundary the left limit is reported. dopri5 interpolates outputs with its own
// continuous extension (dense output); rkf78 and bulirsch_stoer shorten steps to land on them.
// dopri5 and rkf78 are chaoskit's own (dopri5_stepper.hpp, rkf78_stepper.hpp: Boost.Odeint's
// methods and controllers restated, bit for bit); Bulirsch–Stoer is Boost.Odeint's.
//
// Events (hybrid models, models/hybrid_model.hpp): when the system integrates a HybridModel
// (HybridSystem below), every accepted step is searched for guard crossings (event_tracker.hpp);
// at the first event the step is cut there, outputs up to it see the state just before it, the
// reset and the saltation matrix are applied (saltation.hpp, through the system's apply_event, which
// knows what else its state carries), the mode changes, an observer that wants events gets the
// record (on_event), and the stepper restarts from the new state. A model without events compiles
// none of this.
//
// Guards (see IntegratorOptions): the number of attempted steps, the minimum step, and finiteness
// of every accepted state (a non-finite result is rejected and the step halved, so a step that
// overshoots into overflow is retried; only when dt < dt_min is the trajectory declared non_finite).
#include <algorithm>
#include <cassert>
#include <cmath>
#include <type_traits>
#include <vector>

#include "chaoskit/core/function_ref.hpp"
#include "chaoskit/integrate/bulirsch_stoer.hpp"
#include "chaoskit/integrate/dopri5_stepper.hpp"
#include "chaoskit/integrate/event_tracker.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/integrate/rkf78_stepper.hpp"

namespace chaoskit {

/// An observer that also wants every accepted step declares `using observes_steps = void;` and
/// `bool on_step(x_old, t_old, x_new, t_new, segment, interpolate)`, where interpolate(t, out)
/// fills `out` with the state at t in [t_old, t_new]; returning false ends the integration (status
/// ok, report.stopped_by_observer set, x = the step's end state).
template <class Observer>
concept ObservesSteps = requires {
  typename std::remove_cvref_t<Observer>::observes_steps;
};

/// A driver system over a hybrid model: it names its model type, keeps the mode, and knows how its
/// integrated state holds the model's state and how that state crosses an event (the tangent
/// columns are multiplied by the saltation matrix, quadratures keep their value, ...).
template <class System, class State>
concept HybridSystem = requires {
  typename System::ModelType;
}
&&HybridModel<typename System::ModelType>&& requires(
    System& sys, State& X, const EventRecord<System::ModelType::state_dim, System::ModelType::input_dim>& e) {
  { sys.mode } -> std::convertible_to<int>;
  { System::model_state(X) } -> std::convertible_to<Vec<double, System::ModelType::state_dim>>;
  sys.apply_event(X, e);
};

/// The record an event observer receives for a system (a placeholder for systems without events).
struct NoEventRecord {};
template <class System, class State>
struct EventRecordOf {
  using type = NoEventRecord;
};
template <class System, class State>
requires HybridSystem<System, State>
struct EventRecordOf<System, State> {
  using type = EventRecord<System::ModelType::state_dim, System::ModelType::input_dim>;
};

/// An observer that wants the events declares `using observes_events = void;` and
/// `bool on_event(const EventRecord<n, m>& e, const State& X_minus, const State& X_plus)`, called
/// after each event with the integrated state just before and just after it; returning false ends
/// the integration (status ok, report.stopped_by_observer set, x = X_plus).
template <class Observer>
concept ObservesEvents = requires {
  typename std::remove_cvref_t<Observer>::observes_events;
};

namespace detail {

/// A crossing with |ġ| ≤ this × |g_x| |f⁻| is a graze (grazing_event; event_tracker.hpp): the
/// saltation matrix's entries would pass 1e8.
inline constexpr double kGrazingAngle = 1e-8;

template <class State>
bool all_finite(const State& x) {
  return x.allFinite();
}

/// Boost.Odeint's Bulirsch–Stoer behind the driver's stepper interface (see dopri5::Stepper), on
/// the state's coefficients as one run-time-sized vector (bulirsch_stoer.hpp: compiled once, the
/// same bits).
template <class State>
struct BulirschStoerStepper {
  static constexpr bool dense = false;
  RuntimeBulirschStoer bs;
  BulirschStoerStepper(const IntegratorOptions& o) : bs(o.atol, o.rtol), options(o) {}
  template <class Sys>
  void start(Sys&, const State& x, double) {
    bs.reset();  // the extrapolation history does not survive a discontinuity
    y = x;       // sizes the right-hand side's scratch states (run-time-sized states included)
    dydt = x;
  }
  template <class Sys>
  rk::StepResult attempt(Sys& sys, const State& x, double& t, State& x_new, double& dt) {
    const auto n = static_cast<int>(x.size());
    auto rhs = [&](const double* in, double* out, double s) {
      std::copy(in, in + n, y.data());
      sys(y, dydt, s);
      std::copy(dydt.data(), dydt.data() + n, out);
    };
    return bs.try_step(rhs, n, x.data(), t, x_new.data(), dt) ? rk::StepResult::accepted : rk::StepResult::rejected;
  }
  void accept() {}
  void interpolate(double, State&, const State&, double, const State&, double) const {}
  /// The state at t_q inside the step just accepted (event location): long extrapolation steps
  /// make a polynomial interpolant too coarse, so a controlled dopri5 sub-integration from the
  /// step's start at the same tolerances, as for the step observers.
  template <class Sys>
  void state_in_step(Sys& sys, double t_q, State& out, const State& x_old, double t_old, const State&, double t_new) {
    out = x_old;
    if (t_q > t_old) dopri5::integrate_between(sys, out, t_old, t_q, t_new - t_old, options);
  }
  IntegratorOptions options;
  State y, dydt;  // the right-hand side's argument and result, as the system takes them
};

/// The system as the steppers see it: counts right-hand-side evaluations for the report. A named
/// type (not a lambda inside run_segments) so that the steppers' stage code is shared by every caller
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
template <class State, class Record = NoEventRecord>
struct DriverHooks {
  using Interpolant = FunctionRef<void(double, State&)>;
  FunctionRef<void(State&, double, const InputSegment&, const InputSegment&)> on_boundary;
  FunctionRef<void(const State&, double, std::size_t)> observer;
  FunctionRef<bool(const State&, double, const State&, double, std::size_t, Interpolant)> on_step;
  FunctionRef<bool(const Record&, const State&, const State&)> on_event;
};

/// kStepObserver stays a compile-time choice: the interpolant for steppers without dense output
/// (a dopri5 sub-integration) is then compiled only for the systems that need it.
template <bool kStepObserver, class Stepper, class State, class System, class Record>
IntegrationReport run_segments(Stepper& stepper, System& sys, State& x, const std::vector<InputSegment>& segs,
                               const std::vector<double>& outputs, const IntegratorOptions& opt,
                               const DriverHooks<State, Record>& hooks) {
  constexpr bool kHybrid = HybridSystem<System, State>;
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
  auto events = [&] {
    if constexpr (kHybrid)
      return EventTracker<System, State>(sys, opt);
    else
      return 0;
  }();
  // rkf78 locates events on the model's components alone while it searches (rkf78_stepper.hpp's
  // ModelStages), when the state carries more than them.
  using ModelVec = Vec<double, System::ModelType::state_dim>;
  constexpr bool kModelStages = std::is_same_v<Stepper, rkf78::Stepper<State>> && !std::is_same_v<State, ModelVec>;
  [[maybe_unused]] auto model_stages = [&] {
    if constexpr (kHybrid && kModelStages)
      return rkf78::ModelStages<ModelVec>{};
    else
      return 0;
  }();
  for (std::size_t s = 0; s < segs.size(); ++s) {
    const InputSegment& seg = segs[s];
    if (s > 0) hooks.on_boundary(x, seg.ta, segs[s - 1], seg);
    sys.set_segment(seg);
    double t = seg.ta;
    stepper.start(counted, x, t);
    if constexpr (kHybrid)
      if (events.active()) events.arm(sys, x, t);
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
      if (res == rk::StepResult::rejected) {
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
      // Step observers (section crossings) see every accepted step with an interpolant on
      // [t_old, t]: dopri5's continuous extension; for steppers without dense output, a short
      // controlled dopri5 sub-integration from the step's start at the same tolerances (long
      // Bulirsch–Stoer steps make polynomial interpolation far too coarse). Generic, so that the
      // sub-integration is compiled only for the systems that have step observers.
      [[maybe_unused]] auto interpolate = [&](double tq, auto& out) {
        if constexpr (Stepper::dense) {
          stepper.interpolate(tq, out, x, t_old, x_new, t);
        } else {
          out = x;
          if (tq > t_old) dopri5::integrate_between(counted, out, t_old, tq, std::min(dt_attempted, tq - t_old), opt);
        }
      };
      if constexpr (kHybrid) {
        if (events.active()) {
          auto state_in_step = [&](double tq, State& out) {
            stepper.state_in_step(counted, tq, out, x, t_old, x_new, t);
          };
          auto model_state_in_step = [&](double tq, ModelVec& out) {
            if constexpr (kModelStages) {
              ModelField<System> field{sys, rep.rhs_calls};
              model_stages.state_in_step(field, tq, out, System::model_state(x), System::model_state(stepper.k[0]),
                                         t_old);
            } else {
              state_in_step(tq, x_dense);  // (x_dense: scratch here, as for the outputs below)
              out = System::model_state(x_dense);
            }
          };
          LocatedEvent<State> hit = events.find(sys, t_old, x_new, t, state_in_step, model_state_in_step);
          if (hit.event >= 0) {
            // The step ends at the event: outputs up to it see the state just before it.
            while (k_out < outputs.size() && outputs[k_out] <= hit.t) {
              if constexpr (Stepper::dense) {
                if (outputs[k_out] < hit.t) {
                  stepper.interpolate(outputs[k_out], x_dense, x, t_old, x_new, t);
                  hooks.observer(x_dense, outputs[k_out++], s);
                  continue;
                }
              }
              hooks.observer(hit.X, outputs[k_out++], s);
            }
            if constexpr (kStepObserver) {
              if (!hooks.on_step(x, t_old, hit.X, hit.t, s, interpolate)) {
                rep.t = hit.t;
                rep.stopped_by_observer = true;
                x = hit.X;
                return rep;
              }
            }
            rep.t = hit.t;
            x = hit.X;
            if (sys.model.event_info(hit.event).terminal) {  // the model's own end (a fall)
              rep.status = IntegrationStatus::terminal_event;
              return rep;
            }
            const auto u = seg.template u<System::ModelType::input_dim>(hit.t);
            const Record e = event_jump(sys.model, hit.event, System::model_state(hit.X), u, hit.t, sys.mode);
            if (hit.simultaneous) {
              rep.status = IntegrationStatus::simultaneous_events;
              return rep;
            }
            const int run = events.quick_run(hit.t);
            const bool grazing = !(e.crossing_angle() > kGrazingAngle);
            if (run >= opt.event_cascade_events || (grazing && run >= 3)) {
              rep.status = IntegrationStatus::event_cascade;
              return rep;
            }
            if (grazing) {
              rep.status = IntegrationStatus::grazing_event;
              return rep;
            }
            ++rep.events;
            sys.apply_event(x, e);
            sys.mode = e.mode_after;
            if (!hooks.on_event(e, hit.X, x)) {
              rep.stopped_by_observer = true;
              return rep;
            }
            t = hit.t;
            stepper.start(counted, x, t);
            events.arm(sys, x, t, hit.event);
            continue;
          }
        }
      }
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
template <bool kStepObserver, class State, class System, class Record>
IntegrationReport integrate_with_hooks(System& sys, State& x, const std::vector<InputSegment>& segs,
                                       const std::vector<double>& outputs, const IntegratorOptions& opt,
                                       const DriverHooks<State, Record>& hooks) {
  switch (opt.stepper) {
    case StepperKind::rkf78: {
      rkf78::Stepper<State> st(opt);
      return run_segments<kStepObserver>(st, sys, x, segs, outputs, opt, hooks);
    }
    case StepperKind::bulirsch_stoer: {
      BulirschStoerStepper<State> st(opt);
      return run_segments<kStepObserver>(st, sys, x, segs, outputs, opt, hooks);
    }
    case StepperKind::dopri5:
    default: {
      dopri5::Stepper<State> st(opt);
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
  // What the loop takes for granted: options validated where they were read, segments that tile
  // the run in order (InputSchedule::segments), output times sorted.
  assert(opt.valid());
  assert(!segs.empty());
  assert(std::adjacent_find(segs.begin(), segs.end(), [](const InputSegment& a, const InputSegment& b) {
           return !(a.ta <= a.tb && a.tb == b.ta);
         }) == segs.end());
  assert(std::is_sorted(outputs.begin(), outputs.end()));
  using Record = typename EventRecordOf<System, State>::type;
  using Hooks = detail::DriverHooks<State, Record>;
  auto on_step = [&observer](const State& x0, double t0, const State& x1, double t1, std::size_t s,
                             typename Hooks::Interpolant interpolate) {
    if constexpr (ObservesSteps<Observer>)
      return observer.on_step(x0, t0, x1, t1, s, interpolate);
    else
      return true;
  };
  auto on_event = [&observer](const Record& e, const State& X_minus, const State& X_plus) {
    if constexpr (ObservesEvents<Observer> && !std::is_same_v<Record, NoEventRecord>)
      return observer.on_event(e, X_minus, X_plus);
    else
      return true;
  };
  const Hooks hooks{on_boundary, observer, on_step, on_event};
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
