#pragma once
// The map of a hybrid model at one of its events (a walker's stride map: from just after a heel
// strike to just after the next) iterated from a state, with the map's largest Lyapunov exponent:
// the brute-force bifurcation diagram's column at one parameter value (the sweep's orbit_diagram).
//
// Each step of the map is one run of the tangent flow [x | Φ] from Φ = I to the next occurrence of
// the event, where the map's Jacobian is DP = Φ(t_e⁺) − f⁺ (g_xᵀ Φ(t_e⁻)) / ġ, as in flow_to_event
// (event_flow.hpp, which Newton's stride map calls): the same runs, the same expressions, so the
// iterates are flow_to_event's to the bit (tests/sweep/test_orbit_diagram.cpp). One tangent vector v,
// carried through the transient and renormalised each step, turns into the most expanding
// direction: λ = (1/N) Σ log ‖DP v‖ over the N recorded steps.
//
// It is a SampledTask (tangent_flow.hpp) with the optional parts a map needs: the starting mode (the
// one the event enters), Φ reset to I at each run's start (start_run), and the run ended at the event
// (on_event). So the same task runs on the scalar driver (iterate_event_map) and in a lane of the
// vector engine (simd/lane_hybrid_tasks.hpp), with the same bits.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/integrate/saltation.hpp"

namespace chaoskit {

struct EventMapOptions {
  int event = -1;           ///< the model's event index (the map's section)
  long transient = 100;     ///< iterates discarded first
  long iterates = 64;       ///< iterates recorded after them
  double max_time = 100.0;  ///< a step that meets no event within this time [s] ends the iteration
};

struct EventMapIterates {
  int size = 0;                ///< state components per iterate
  std::vector<double> states;  ///< recorded × size: the state just after each recorded event
  std::vector<double> times;   ///< the time of the step ending at each recorded iterate [s]
  std::int32_t recorded = 0;   ///< iterates recorded (fewer than asked: the event stopped happening)
  std::int32_t steps = 0;      ///< events reached in all, transient included
  double lambda = NAN;         ///< the map's largest exponent per iterate (NaN unless all were recorded)
  /// The last step's status and time, with the work (steps, evaluations, events) of all of them.
  /// A step that ends without the event ends the iteration: ok (no event within max_time: the
  /// walker stopped), terminal_event (the model's own end: it fell), or a failed integration.
  IntegrationReport report;
  /// Whether the iteration ended on a failed integration (the others are results).
  bool failed() const { return !report.ok() && report.status != IntegrationStatus::terminal_event; }
};

template <HybridModel M>
class EventMapIterationTask {
 public:
  static constexpr int n = M::state_dim;
  using System = TangentSystem<M, n>;
  using State = typename System::State;

  /// InputError for an event the model does not have, counts below 0 (transient) or 1 (iterates),
  /// or max_time not > 0.
  EventMapIterationTask(const M& model, const Vec<double, n>& x0, const EventMapOptions& o)
      : o_(o), size_(state_count(model)), x0_(x0) {
    if (o.event < 0 || o.event >= model.event_count())
      throw InputError("event", "the model has no event " + std::to_string(o.event));
    if (o.transient < 0) throw InputError("transient", "must be at least 0");
    if (o.iterates < 1) throw InputError("iterates", "must be at least 1");
    if (!(o.max_time > 0.0) || !std::isfinite(o.max_time)) throw InputError("max_time", "must be > 0 s");
    // The mode the event enters (the state is one just after it).
    const EventInfo info = model.event_info(o.event);
    mode_ = info.to_mode >= 0 ? info.to_mode : (info.from_mode >= 0 ? info.from_mode : 0);
    v_ = Vec<double, n>::Constant(size_, 1.0 / std::sqrt(static_cast<double>(size_)));
    out_.size = size_;
    out_.states.reserve(static_cast<std::size_t>(o.iterates * size_));
    out_.times.reserve(static_cast<std::size_t>(o.iterates));
  }

  int initial_mode() const { return mode_; }

  State initial_state() const { return transition_start<M>(x0_); }

  bool next_run(SampledRun& run) {
    if (done_ || k_ >= o_.transient + o_.iterates) return false;
    run.t0 = t_;
    run.dt = o_.max_time;  // one interval: the driver's segments of flow_to_event, [t, t + max_time]
    run.n_samples = 1;
    reached_ = false;
    return true;
  }

  /// Each step from Φ = I, as each flow_to_event call starts.
  void start_run(State& X) const { X.template rightCols<n>(size_).setIdentity(); }

  bool sample(State&, double, long) { return true; }

  bool on_event(const EventRecord<n, M::input_dim>& e, const State& X_minus, const State& X_plus) {
    if (e.event != o_.event) return true;
    // DP, as flow_to_event's EventCounter forms it.
    const Mat<double, n, n> phi_minus = X_minus.template rightCols<n>(X_minus.rows());
    const Mat<double, 1, n> g_phi = e.g_x.transpose() * phi_minus;
    const Mat<double, n, n> stm = X_plus.template rightCols<n>(X_plus.rows());
    const Mat<double, n, n> map_jacobian = stm - e.f_plus * g_phi / e.g_rate;
    const Vec<double, n> w = map_jacobian * v_;
    const double growth = w.norm();
    ++out_.steps;
    if (k_ >= o_.transient) {
      for (int i = 0; i < size_; ++i) out_.states.push_back(X_plus(i, 0));
      out_.times.push_back(e.t - t_);
      log_sum_ += std::log(growth);
      ++out_.recorded;
    }
    v_ = growth > 0.0 ? Vec<double, n>(w / growth) : Vec<double, n>(Vec<double, n>::Unit(size_, 0));
    t_ = e.t;
    ++k_;
    reached_ = true;
    return false;
  }

  void run_finished(const IntegrationReport& report, const State&) {
    IntegrationReport& sum = out_.report;
    const long accepted = sum.accepted + report.accepted, rejected = sum.rejected + report.rejected;
    const long rhs_calls = sum.rhs_calls + report.rhs_calls, events = sum.events + report.events;
    sum = report;
    sum.accepted = accepted, sum.rejected = rejected, sum.rhs_calls = rhs_calls, sum.events = events;
    if (!reached_) done_ = true;  // no event: the iteration ends (EventMapIterates::report says why)
  }

  EventMapIterates result() const {
    EventMapIterates r = out_;
    if (r.recorded == o_.iterates) r.lambda = log_sum_ / static_cast<double>(r.recorded);
    return r;
  }

 private:
  EventMapOptions o_;
  int size_;
  Vec<double, n> x0_;
  int mode_ = 0;
  Vec<double, n> v_;
  double t_ = 0.0, log_sum_ = 0.0;
  long k_ = 0;  ///< map steps taken
  bool reached_ = false, done_ = false;
  EventMapIterates out_;
};

/// The iterates on the scalar driver (see the file comment).
template <HybridModel M>
EventMapIterates iterate_event_map(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                   const EventMapOptions& o, const IntegratorOptions& io) {
  EventMapIterationTask<M> task(model, x0, o);
  typename EventMapIterationTask<M>::System sys{model};
  run_sampled_task(sys, input_count(model), inputs, io, task);
  return task.result();
}

}  // namespace chaoskit
