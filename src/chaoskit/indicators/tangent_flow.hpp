#pragma once
// The tangent flow of any Model: the state x together with K deviation vectors W (n × K),
//   ẋ = f(x, u(t), t),   Ẇ = ∂f/∂x(x, u(t), t) W,
// integrated as one fixed-size matrix [x | W] by the shared driver, with a hook every Δt where an
// indicator may read and rewrite W (QR renormalisation, normalisation, alignment indices).
// ∂f/∂x · W is evaluated at every stage with the input of that time, without forming ∂f/∂x:
// the model's hand-derived tangent rhs if it has one, else AutoDiff directional derivatives
// (integrate/tangent_rhs.hpp).
#include <cassert>
#include <cmath>
#include <concepts>
#include <type_traits>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/function_ref.hpp"
#include "chaoskit/integrate/driver.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/tangent_rhs.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

template <Model M, int K>
struct TangentSystem {
  using ModelType = M;
  static constexpr int n = M::state_dim;
  static constexpr int m = M::input_dim;
  using State = Mat<double, n, extent_sum(1, K)>;

  const M& model;
  InputSegment seg{};
  int mode = 0;  ///< a hybrid model's mode (integrate/driver.hpp keeps it)

  void set_segment(const InputSegment& s) { seg = s; }

  void operator()(const State& X, State& dX, double t) const {
    const Eigen::Index k = X.cols() - 1;
    const Vec<double, n> x = X.col(0);
    const Mat<double, n, K> W = X.template rightCols<K>(k);
    tangent_rhs<K>(model, x, seg.template u<m>(t), t, W, dX.col(0), dX.template rightCols<K>(k), mode);
  }

  static Vec<double, n> model_state(const State& X) { return X.col(0); }
  /// At an event: the state jumps by the reset and the deviation vectors by the saltation matrix.
  template <class Record>
  void apply_event(State& X, const Record& e) const {
    const Eigen::Index k = X.cols() - 1;
    X.col(0) = e.x_plus;
    X.template rightCols<K>(k) = (e.S * X.template rightCols<K>(k)).eval();
  }
};

/// [x0 | I]: the tangent flow of M from x0 with Φ = I, where the state-transition matrix starts
/// (state_transition.hpp, event_flow.hpp's flow_to_event, event_map_iterates.hpp).
template <Model M>
typename TangentSystem<M, M::state_dim>::State transition_start(const Vec<double, M::state_dim>& x0) {
  const Eigen::Index size = x0.size();
  auto X = sized<typename TangentSystem<M, M::state_dim>::State>(size, 1 + size);
  X.col(0) = x0;
  X.template rightCols<M::state_dim>(size).setIdentity();
  return X;
}

/// Splits input segments further at the given sorted times strictly inside them, so the driver
/// stops exactly there. A time within 1e-12 (relative) of an existing boundary is that boundary.
inline std::vector<InputSegment> split_at_times(const std::vector<InputSegment>& segs,
                                                const std::vector<double>& times) {
  std::vector<InputSegment> out;
  std::size_t j = 0;
  for (const InputSegment& s : segs) {
    const double eps = 1e-12 * (1.0 + std::abs(s.tb));
    InputSegment piece = s;
    while (j < times.size() && times[j] <= piece.ta + eps) ++j;
    while (j < times.size() && times[j] < s.tb - eps) {
      InputSegment left = piece;
      left.tb = times[j];
      out.push_back(left);
      // The right piece keeps the same linear law with its origin moved to the split time.
      for (int i = 0; i < kMaxInputs; ++i) piece.u0[i] += piece.slope[i] * (times[j] - piece.ta);
      piece.ta = times[j];
      ++j;
    }
    out.push_back(piece);
  }
  return out;
}

/// The input segments of a sampled integration from t0 over n_samples intervals of dt: the
/// schedule's segments (zero moments of the model's dimension if the schedule has another), split
/// at every sample time so that the driver stops exactly there. Shared with the lane engine
/// (simd/), which integrates the same segments lane by lane.
inline std::vector<InputSegment> sampled_segments(const InputSchedule& inputs, int input_dim, double t0, double dt,
                                                  long n_samples) {
  if (!(dt > 0.0) || !std::isfinite(dt)) throw InputError("renorm", "sampling interval must be > 0");
  const double T = t0 + static_cast<double>(n_samples) * dt;
  const InputSchedule sched = inputs.dim() == input_dim ? inputs : InputSchedule(input_dim);
  std::vector<double> sample_times;
  for (long j = 1; j < n_samples; ++j) sample_times.push_back(t0 + static_cast<double>(j) * dt);
  std::vector<InputSegment> segs = split_at_times(sched.segments(t0, T), sample_times);
  assert(segs.front().ta == t0 && segs.back().tb == T);  // the whole run, t0 to T
  return segs;
}

/// What a sampled integration of a hybrid model's system calls after each event (the driver's
/// on_event, integrate/driver.hpp): the record and the state just before and just after it; false
/// ends the run there (status ok, report.stopped_by_observer, X the state after the event).
template <class System, class State>
using SampledEventHook =
    FunctionRef<bool(const typename EventRecordOf<System, State>::type&, const State&, const State&)>;

namespace detail {
/// integrate_sampled's observer for the driver: nothing at output times (it has none), the hook (if
/// any) at events.
template <class System, class State>
struct SampledEventObserver {
  using observes_events = void;
  const SampledEventHook<System, State>* hook;
  void operator()(const State&, double, std::size_t) const {}
  bool on_event(const typename EventRecordOf<System, State>::type& e, const State& X_minus, const State& X_plus) const {
    return hook == nullptr || (*hook)(e, X_minus, X_plus);
  }
};
}  // namespace detail

/// Integrates any driver System (with set_segment) from t0 to t0 + n_samples·Δt, calling
/// sample(X, t, k) after each Δt (k = 1..n_samples; t = t0 + kΔt). `sample` may rewrite X and
/// returns false to stop early. A hybrid model's run may also be ended by `on_event` (if given) at
/// an event: no sample is visited after it. Returns the integration report (status, time reached,
/// work). `sample` and `on_event` are type-erased so that this loop is compiled once per system,
/// whatever the indicator. simd/lane_engine.hpp restates this loop per lane; a change here must be
/// made there too (the lane tests compare the two bit for bit).
template <class System, class State>
IntegrationReport integrate_sampled(System& sys, State& X, int input_dim, const InputSchedule& inputs, double t0,
                                    double dt, long n_samples, const IntegratorOptions& opt,
                                    std::type_identity_t<FunctionRef<bool(State&, double, long)>> sample,
                                    const SampledEventHook<System, State>* on_event = nullptr) {
  const std::vector<InputSegment> segs = sampled_segments(inputs, input_dim, t0, dt, n_samples);
  const double T = t0 + static_cast<double>(n_samples) * dt;
  long k = 1;
  bool stop = false;
  struct Stop {};
  auto visit_samples = [&](State& Xs, double t) {
    while (!stop && k <= n_samples && t >= t0 + static_cast<double>(k) * dt - 1e-9 * dt) {
      if (!sample(Xs, t0 + static_cast<double>(k) * dt, k)) stop = true;
      ++k;
    }
    if (stop) throw Stop{};
  };
  IntegrationReport rep;
  try {
    // Initialised, then copied: `rep = integrate_piecewise(...)` let GCC 12 (-O1 and above) build the
    // returned report in rep itself (return-slot optimisation), so that a Stop thrown from inside
    // left rep holding the aborted run's partial counts for the handler below to read.
    const IntegrationReport integrated = integrate_piecewise(
        sys, X, segs, {}, opt,
        [&](State& Xs, double t, const InputSegment&, const InputSegment&) { visit_samples(Xs, t); },
        detail::SampledEventObserver<System, State>{on_event});
    rep = integrated;
    if (rep.ok() && !rep.stopped_by_observer) visit_samples(X, T);
    // A run that reached T without its sampler or an event hook stopping it saw every sample.
    assert(!rep.ok() || rep.stopped_by_observer || k == n_samples + 1);
  } catch (const Stop&) {
    // A run that its sampler stopped inside the integration ends at its last sample (the lanes restate this).
    rep.status = IntegrationStatus::ok;
    rep.t = t0 + static_cast<double>(k - 1) * dt;
  }
  return rep;
}

/// One integrate_sampled call of a sampled task (below).
struct SampledRun {
  double t0 = 0.0, dt = 1.0;
  long n_samples = 0;
};

/// A computation made of sampled integrations of one state, e.g. λ_max (a transient, then the
/// accumulation) or the orbit classification (stages T, 2T, 4T, …): the scalar bookkeeping between
/// integrator steps, separate from the integration so that the same task runs on the scalar driver
/// (run_sampled_task) and in a lane of the vector engine (simd/), with the same bits. A task has
///   using System = …;                           // the driver system it integrates (TangentSystem, …)
///   State initial_state() const;
///   bool next_run(SampledRun&);                 // false: complete
///   bool sample(State&, double t, long k);      // integrate_sampled's sample
///   void run_finished(const IntegrationReport&, const State&);
/// and, for a task of a hybrid model that needs them (indicators/event_map_iterates.hpp), any of
///   int initial_mode() const;                   // the model's mode at the start (else the system's, 0)
///   void start_run(State&);                     // rewrites the state at each run's start
///   bool on_event(const EventRecord<n, m>&, const State& X_minus, const State& X_plus);
///                                               // after each event; false ends the run there
template <class Task>
concept SampledTask = requires(Task& task, typename Task::State& X, SampledRun& run, const IntegrationReport& rep) {
  typename Task::System;
  { task.initial_state() } -> std::convertible_to<typename Task::State>;
  { task.next_run(run) } -> std::convertible_to<bool>;
  { task.sample(X, 0.0, 1L) } -> std::convertible_to<bool>;
  task.run_finished(rep, X);
};

/// Whether a task has the optional parts above.
template <class Task>
concept TaskWithInitialMode = requires(const Task& task) {
  { task.initial_mode() } -> std::convertible_to<int>;
};
template <class Task>
concept TaskRestartingRuns = requires(Task& task, typename Task::State& X) {
  task.start_run(X);
};
template <class Task>
concept TaskWatchingEvents = requires {
  typename Task::System::ModelType;
}
&&requires(Task& task, const typename Task::State& X,
           const typename EventRecordOf<typename Task::System, typename Task::State>::type& e) {
  { task.on_event(e, X, X) } -> std::convertible_to<bool>;
};

/// Sets a hybrid system's starting mode to the task's (when it names one).
template <class System, class Task>
void set_initial_mode(System& sys, const Task& task) {
  if constexpr (TaskWithInitialMode<Task>) sys.mode = task.initial_mode();
}

/// Runs a task to completion on the scalar driver.
template <class System, SampledTask Task>
void run_sampled_task(System& sys, int input_dim, const InputSchedule& inputs, const IntegratorOptions& io,
                      Task& task) {
  using State = typename Task::State;
  State X = task.initial_state();
  set_initial_mode(sys, task);
  SampledRun run;
  while (task.next_run(run)) {
    if constexpr (TaskRestartingRuns<Task>) task.start_run(X);
    const auto sample = [&](State& Xs, double t, long k) { return task.sample(Xs, t, k); };
    IntegrationReport rep;
    if constexpr (TaskWatchingEvents<Task>) {
      const auto watch = [&](const auto& e, const State& X_minus, const State& X_plus) {
        return task.on_event(e, X_minus, X_plus);
      };
      const SampledEventHook<System, State> hook(watch);
      rep = integrate_sampled(sys, X, input_dim, inputs, run.t0, run.dt, run.n_samples, io, sample, &hook);
    } else {
      rep = integrate_sampled(sys, X, input_dim, inputs, run.t0, run.dt, run.n_samples, io, sample);
    }
    task.run_finished(rep, X);
  }
}

/// integrate_sampled for the tangent flow [x | W] of a model.
template <Model M, int K, class Sample>
IntegrationReport integrate_tangent(const M& model, typename TangentSystem<M, K>::State& X, const InputSchedule& inputs,
                                    double t0, double dt, long n_samples, const IntegratorOptions& opt,
                                    Sample&& sample) {
  TangentSystem<M, K> sys{model};
  return integrate_sampled(sys, X, input_count(model), inputs, t0, dt, n_samples, opt, sample);
}

}  // namespace chaoskit
