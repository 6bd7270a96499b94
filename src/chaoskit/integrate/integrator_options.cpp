#include "chaoskit/integrate/integrator_options.hpp"

#include <cmath>

#include "chaoskit/core/errors.hpp"

namespace chaoskit {

namespace {
void require_positive(double v, const char* field, const char* what) {
  if (!std::isfinite(v) || !(v > 0.0)) throw InputError(field, std::string(what) + " must be a positive finite number");
}
}  // namespace

void IntegratorOptions::validate() const {
  require_positive(rtol, "integrator.rtol", "relative tolerance");
  require_positive(atol, "integrator.atol", "absolute tolerance");
  require_positive(dt_initial, "integrator.dt_initial", "initial step");
  require_positive(dt_min, "integrator.dt_min", "minimum step");
  if (max_steps < 1) throw InputError("integrator.max_steps", "must be at least 1");
  if (rtol >= 1.0) throw InputError("integrator.rtol", "relative tolerance must be < 1");
  if (event_cascade_events < 2) throw InputError("integrator.event_cascade_events", "must be at least 2");
  require_positive(event_cascade_interval, "integrator.event_cascade_interval", "cascade interval");
}

bool IntegratorOptions::valid() const noexcept {
  try {
    validate();
    return true;
  } catch (const InputError&) { return false; }
}

std::string stepper_name(StepperKind k) {
  switch (k) {
    case StepperKind::dopri5: return "dopri5";
    case StepperKind::rkf78: return "rkf78";
    case StepperKind::bulirsch_stoer: return "bulirsch_stoer";
  }
  return "unknown";
}

StepperKind default_stepper(Workload w) {
  return w == Workload::tangent_flow ? StepperKind::rkf78 : StepperKind::dopri5;
}

std::vector<std::string> stepper_names() { return {"dopri5", "rkf78", "bulirsch_stoer"}; }

StepperKind parse_stepper(std::string_view name) {
  if (name == "dopri5") return StepperKind::dopri5;
  if (name == "rkf78" || name == "rk78") return StepperKind::rkf78;
  if (name == "bulirsch_stoer" || name == "bs") return StepperKind::bulirsch_stoer;
  throw InputError("integrator.stepper",
                   "unknown stepper '" + std::string(name) + "' (known: dopri5, rkf78, bulirsch_stoer)");
}

std::string status_name(IntegrationStatus s) {
  switch (s) {
    case IntegrationStatus::ok: return "ok";
    case IntegrationStatus::step_underflow: return "step_underflow";
    case IntegrationStatus::non_finite: return "non_finite";
    case IntegrationStatus::max_steps: return "max_steps";
    case IntegrationStatus::grazing_event: return "grazing_event";
    case IntegrationStatus::simultaneous_events: return "simultaneous_events";
    case IntegrationStatus::event_cascade: return "event_cascade";
    case IntegrationStatus::terminal_event: return "terminal_event";
  }
  return "unknown";
}

std::string status_explanation(IntegrationStatus s) {
  switch (s) {
    case IntegrationStatus::ok: return "reached the final time";
    case IntegrationStatus::step_underflow:
      return "the step needed to meet the tolerance fell below the minimum step (tolerance unmeetable or a "
             "singularity)";
    case IntegrationStatus::non_finite: return "the state became NaN or infinite (the trajectory blew up)";
    case IntegrationStatus::max_steps: return "the step budget (max_steps) ran out before the final time";
    case IntegrationStatus::grazing_event:
      return "an event's guard was met tangentially (a grazing contact): no sensitivity crosses it";
    case IntegrationStatus::simultaneous_events:
      return "two events happened at the same instant: the flow is not differentiable there";
    case IntegrationStatus::event_cascade:
      return "events followed each other ever faster (a Zeno cascade or chattering), past the stated limit";
    case IntegrationStatus::terminal_event:
      return "the model's terminal event happened (e.g. the walker fell): the orbit ends there";
  }
  return "unknown status";
}

}  // namespace chaoskit
