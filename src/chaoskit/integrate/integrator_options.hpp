#pragma once
// Integrator settings and the per-trajectory status every integrating function returns.
//
// A trajectory never throws or hangs because of the dynamics: every stepping loop is bounded by
// `max_steps` attempted steps and by the minimum step `dt_min`, and every accepted state is checked
// for finiteness. The outcome is an IntegrationStatus; the CLI maps anything but `ok` to exit 1.
//
// Defaults (also the CLI's): the stepper by workload (default_stepper below), rtol = atol = 1e-10, max_steps =
// 10'000'000, dt_initial = 1e-3 s, dt_min = 1e-12 s. Error control is the odeint mixed test |err_i| <= atol + rtol
// |x_i| in the infinity norm over the whole integrated state (for variational runs that includes Φ).
#include <string>
#include <string_view>
#include <vector>

#include "chaoskit/core/integration_status.hpp"

namespace chaoskit {

enum class StepperKind {
  dopri5,          ///< Dormand–Prince 5(4), FSAL, with its own 4th-order continuous extension (dense output)
  rkf78,           ///< Runge–Kutta–Fehlberg 7(8); steps are shortened to land on output times
  bulirsch_stoer,  ///< Gragg–Bulirsch–Stoer extrapolation; steps are shortened to land on output times
};

/// What an integration carries; where no stepper is named it decides which one runs.
enum class Workload {
  trajectory,    ///< the state alone, often with dense output or event location (simulate, section, basin)
  tangent_flow,  ///< the state with deviation vectors or the STM (λ, SALI, MEGNO, orbit_class, stm, FTLE)
};

/// The stepper for a workload where a job or command names none: rkf78 for the tangent flow,
/// dopri5 for trajectories. Why: at the default tolerance the tangent flow's cost is its rhs
/// evaluations, and Fehlberg 7(8) needs about half as many per simulated second as
/// Dormand–Prince 5(4) (golf λ_max at 1e-9: 536 vs 1017 rhs per second, 1.9× faster; orbit_class
/// at 1e-10: 3.3×; tools/bench/RESULTS.md); trajectories keep dopri5 for its dense output, which
/// samples and section crossings use without shortening steps.
StepperKind default_stepper(Workload w);

struct IntegratorOptions {
  StepperKind stepper = StepperKind::dopri5;  ///< a caller that names none uses default_stepper(workload)
  double rtol = 1e-10;                        ///< relative tolerance
  double atol = 1e-10;                        ///< absolute tolerance (state units)
  long max_steps = 10'000'000;                ///< bound on attempted steps per trajectory
  double dt_initial = 1e-3;                   ///< first trial step [s]
  double dt_min = 1e-12;                      ///< smallest admissible step [s]; smaller → step_underflow
  /// Hybrid models: this many events in a row, each within event_cascade_interval [s] of the last,
  /// end the trajectory with status event_cascade (a Zeno cascade; event_tracker.hpp).
  int event_cascade_events = 10;
  double event_cascade_interval = 1e-6;

  /// Throws InputError naming the offending field (`integrator.rtol`, `integrator.max_steps`, ...),
  /// as the job file spells it.
  void validate() const;
  /// Whether validate() would accept the options: what the stepping loop asserts (driver.hpp), the
  /// options being validated once, where they are read (job reader, command line, Python module,
  /// the indicators' entry points).
  bool valid() const noexcept;
};

/// "dopri5", "rkf78", "bulirsch_stoer".
std::string stepper_name(StepperKind k);
/// Parses a stepper name (also accepts "rk78", "bs"); throws InputError("integrator.stepper") otherwise.
StepperKind parse_stepper(std::string_view name);
/// Names of all steppers, for help texts.
std::vector<std::string> stepper_names();

/// "ok", "step_underflow", "non_finite", "max_steps", "grazing_event", "simultaneous_events",
/// "event_cascade".
std::string status_name(IntegrationStatus s);
/// One sentence for users explaining a status.
std::string status_explanation(IntegrationStatus s);

/// Where a trajectory ended and how much work it took.
struct IntegrationReport {
  IntegrationStatus status = IntegrationStatus::ok;
  double t = 0.0;                    ///< time reached [s] (the final time when status is ok)
  long accepted = 0;                 ///< accepted steps
  long rejected = 0;                 ///< rejected step attempts
  long rhs_calls = 0;                ///< right-hand-side evaluations (counted by the driver's system wrapper)
  bool stopped_by_observer = false;  ///< a step observer ended the run before the final time
  long events = 0;                   ///< events of a hybrid model that happened (resets applied)
  bool ok() const { return status == IntegrationStatus::ok; }
};

}  // namespace chaoskit
