#pragma once
// The boundary between the lane engine (lane_engine.hpp, compiled once per instruction set) and
// the rest of chaoskit (compiled once, for the baseline instruction set).
//
// The engine does the arithmetic of W trajectories at once: Runge–Kutta stages, error norms, step
// decisions. Everything between integrator steps (renormalising deviation vectors, accumulating
// exponents, votes, stage decisions, writing results) stays scalar code in a LaneTask, called
// through this virtual interface with one lane's state as plain doubles. So that code is compiled
// once, with the baseline instructions, whichever vector width runs the steps, and a trajectory's
// values are the same as on the scalar driver (lane_tasks.hpp adapts the sampled tasks of
// indicators/ to this interface). Only plain types cross the boundary (lanes.hpp says why).
#include <cstddef>

#include "chaoskit/integrate/integrator_options.hpp"

namespace chaoskit::simd {

/// An input segment (integrate/input_schedule.hpp's InputSegment) as plain arrays: u_i(t) =
/// u0_i + slope_i (t − ta) on [ta, tb]. (InputSegment's header brings TOML, and its std::arrays
/// member functions that must not be compiled into the lane engine, lanes.hpp.)
struct LaneSegment {
  static constexpr int kMaxInputs = 6;  // integrate/input_schedule.hpp's kMaxInputs (checked there)
  double ta = 0.0, tb = 0.0;
  double u0[kMaxInputs] = {}, slope[kMaxInputs] = {};
};

/// One integrate_sampled call (indicators/tangent_flow.hpp): its segments, already split at the
/// sample times (owned by the task until its next call of next_run), and the sampling.
struct LaneRun {
  const LaneSegment* segments = nullptr;
  std::size_t segment_count = 0;
  double t0 = 0.0, dt = 1.0;
  long n_samples = 0;
  bool restarts_state = false;  ///< the task rewrites the state at the run's start (LaneTask::start_run)
};

/// What a hybrid model's events did to a lane's accepted step (LaneTask::step_events).
struct LaneStepEvents {
  enum class Outcome {
    none,        ///< no event in the step: the lane goes on from the step's end
    event,       ///< an event: the lane goes on from X_new (the state after the reset) at t
    run_ended,   ///< the run ends at t with `status` (a terminal event, a graze, a cascade, …), X_new its state
    left_lanes,  ///< the new mode is one the lane kernel cannot integrate: the task was completed on the scalar driver
  };
  Outcome outcome = Outcome::none;
  double t = 0.0;
  IntegrationStatus status = IntegrationStatus::ok;
  long rhs_calls = 0;  ///< evaluations spent locating the event and restarting after it
  long events = 0;     ///< events applied (the report's count)
};

/// One trajectory's computation in a lane. The state is n × columns doubles, column-major, the
/// layout of the task's scalar State.
class LaneTask {
 public:
  virtual ~LaneTask() = default;
  /// The state at the start (written once, into `state_size` doubles).
  virtual void initial_state(double* X) const = 0;
  /// The parameter-only constants of this trajectory's model (M::lane_constants), written into c
  /// if the engine's model has `count` of them; returns how many were written: 0 when the task
  /// brings none, and the engine's own model's are used. Through these a sweep whose points differ
  /// in their parameters runs on lanes, each lane with its point's model.
  virtual int model_constants(double* c, int count) const = 0;
  /// The next integration, or false when the task is complete.
  virtual bool next_run(LaneRun& run) = 0;
  /// At the start of a run that says so (LaneRun::restarts_state): may rewrite the state X.
  virtual void start_run(double* /*X*/) {}
  /// integrate_sampled's sample(X, t, k): may rewrite X; false stops the run.
  virtual bool sample(double* X, double t, long k) = 0;
  /// The run's report and the state at its end.
  virtual void run_finished(const IntegrationReport& report, const double* X) = 0;
  /// Called once, after next_run returned false; the engine then deletes the task.
  virtual void complete() = 0;

  // Events of a hybrid model (integrate/event_tracker.hpp), for a task whose model has any: the
  // engine integrates the lane's flow, and the task finds, locates and applies the events in its
  // scalar code, as run_segments does (lane_hybrid_tasks.hpp). After each accepted step:
  // step_crossings; if true, while wants_state(t) the state at t (an rkf78 step of size t − t_old
  // from the step's start) goes to take_state, computed by the engine for every searching lane at
  // once, or by the task (take_own_state) when it searches alone; then step_events.
  /// Whether the engine must call the ones below.
  virtual bool has_events() const { return false; }
  /// At the start of segment `segment` of the current run (its time ta, the state X there).
  virtual void start_segment(std::size_t /*segment*/, const double* /*X*/, double /*ta*/) {}
  /// After an accepted step from (X_old, t_old), where f(X_old) = k0, to (X_new, t_new): whether a
  /// guard changed side in it.
  virtual bool step_crossings(const double* /*X_old*/, const double* /*k0*/, double /*t_old*/, const double* /*X_new*/,
                              double /*t_new*/) {
    return false;
  }
  /// Whether locating the crossings wants the state at another time t of the step.
  virtual bool wants_state(double& /*t*/) { return false; }
  /// The state at that time.
  virtual void take_state(const double* /*X*/) {}
  /// The same, the state computed by the task itself (in scalar code, the same bits).
  virtual void take_own_state() {}
  /// The step's earliest event, located, applied (X_new is then rewritten, see LaneStepEvents);
  /// a task that ends its run at the event (its on_event, indicators/tangent_flow.hpp) says
  /// run_ended with status ok.
  virtual LaneStepEvents step_events(double* /*X_new*/) { return {}; }
};

/// Which system a lane engine integrates (its state layout): the tangent flow [x | w_1 … w_K] with
/// K = 1 (λ_max), 2 (SALI) or the state dimension (the spectrum, and Ψ(T, 0) for stm and ftle); MEGNO's [x | w |
/// quadratures]; the classifier's [x | w1 | w2 | MEGNO quadratures] (orbit_class).
enum class LaneSystem { tangent1, tangent2, tangent_full, megno, classifier };
inline constexpr int kLaneSystems = 5;

/// How busy the lanes were: lane-steps with a trajectory over all lane-steps (W per step).
struct LaneUsage {
  long steps = 0;            ///< vector steps (attempts of all lanes at once)
  long lane_steps = 0;       ///< lanes that had a trajectory in those steps
  long rhs_evaluations = 0;  ///< vector right-hand-side evaluations
  long tasks_left = 0;       ///< tasks a hybrid model's event took to the scalar driver (LaneStepEvents)
};

/// W lanes of one system and one model, each integrating its own task with its own step size,
/// error norm, accept/reject decision, sample stops, segment boundaries and status.
class LaneEngine {
 public:
  virtual ~LaneEngine() = default;
  virtual int width() const = 0;
  virtual int idle_lanes() const = 0;
  virtual int busy_lanes() const = 0;
  /// Puts the task into an idle lane (there must be one) and takes ownership of it.
  virtual void add(LaneTask* task) = 0;
  /// Steps the busy lanes until at least one task has completed (complete() called, the lane idle)
  /// or no lane is busy.
  virtual void run_until_a_lane_frees() = 0;
  virtual LaneUsage usage() const = 0;
};

}  // namespace chaoskit::simd
