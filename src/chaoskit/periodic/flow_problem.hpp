#pragma once
// A model's flow as a PeriodicProblem: each shooting segment is one propagate_variational run
// (x(t0 + h) and the state-transition matrix ∂x(t0 + h)/∂x(t0) from the variational equations
// with AutoDiff Jacobians), under constant inputs.
//
// Conservative or not (the energy equation and its unfolding, shooting.hpp): `automatic` calls a
// flow conservative when its energy is finite at the probe state and dH/dt = ∇H · f vanishes to
// 1e-7 of |∇H| |f| there and at four nearby states (a damped chain fails this as soon as any rate is
// nonzero; a model without an energy has none). The energy is the model's total energy minus the
// work of constant joint moments, H = T + V − (B u)ᵀ q, which such moments conserve.
//
// An input's constant moment as the continuation parameter (input_channel ≥ 0): each step then
// also returns ∂x/∂u_channel exactly, the variational equations' amplitude column.
#include <cmath>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/periodic/periodic_problem.hpp"

namespace chaoskit::periodic {

enum class Conservation { automatic, conservative, dissipative };

/// Parses "auto", "yes", "no" (InputError(field) otherwise).
Conservation parse_conservation(const std::string& text, const std::string& field = "conservative");

struct FlowOptions {
  IntegratorOptions integrator;
  InputSchedule inputs;  ///< constant moments only (a table or a release makes the flow non-autonomous)
  Conservation conservation = Conservation::automatic;
  double forcing_period = 0.0;  ///< > 0: f is periodic in t with this period (a periodic_flow); 0: autonomous
  Vector shift;                 ///< x(T) = x(0) + shift (empty: zero)
  int input_channel = -1;       ///< ≥ 0: steps return ∂x/∂u_channel (continuation in that moment)
};

/// The problem of `model` (any model of the list) under `options`; `probe` is a state near the
/// orbit for the conservation test. InputError for a table or release in the inputs, an input of
/// the wrong count, `conservation = conservative` without an energy, or a shift of the wrong size.
PeriodicProblem make_flow_problem(const AnyModel& model, const FlowOptions& options, const Vector& probe);

namespace detail {
/// Whether H is conserved by f near `probe` (the test above).
bool looks_conservative(const std::function<double(const Vector&)>& energy,
                        const std::function<Vector(const Vector&, double)>& field, const Vector& probe);
/// Checks the inputs for a periodic-orbit problem: constant moments, `dim` channels (or none).
void check_constant_inputs(const InputSchedule& inputs, int dim);
/// The flow's status as a failed step: "integration failed: status <name> at t = <t> s (<why>)".
MapStep integration_failure(IntegrationStatus status, double t);
}  // namespace detail

}  // namespace chaoskit::periodic
