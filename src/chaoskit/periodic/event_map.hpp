#pragma once
// The map of a hybrid model from just after one occurrence of an event to just after the next (a
// walker's stride map: heel strike to heel strike) as a PeriodicProblem, so that Newton, Floquet
// analysis and continuation treat it like any other map. Each step is one flow_to_event
// (indicators/event_flow.hpp): the image is the state just after the event, the Jacobian the map's
// own (the saltation matrices of integrate/saltation.hpp with the event time's dependence on the
// start), the step's time the time to the event (the step time of a gait).
//
// Trivial multipliers. The section is the event: a start moved along the flow reaches the same
// event at the same state, so DP f(x_0) = 0 (multiplier 0, origin "section"). A reset of lower
// rank than the state (the simplest walker's impact with massless feet, whose image is fixed by
// two of its four coordinates: Garcia et al. 1998, "the rank of h is only 2") collapses more
// directions: their number is the nullity of R_x (I − f⁻ g_xᵀ / ġ) at the event, exact from the
// model's AutoDiff reset (singular values below 1e-9 of the largest), and they are reported as
// trivial multipliers 0 of origin "impact". The rest are the gait's Floquet multipliers.
//
// Failures, one line each: the event was not reached within `max_time` of the start (the walker
// fell, or stopped), or the integration failed.
#include <string>
#include <vector>

#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/periodic/flow_problem.hpp"

namespace chaoskit::periodic {

/// Which event the map is taken at.
struct EventSection {
  std::string event;        ///< the event's name (e.g. "heel_strike"); empty: not a map at an event
  double max_time = 100.0;  ///< a step that has not reached the event after this long fails [model time units]
  bool active() const { return !event.empty(); }
};

/// The index of event `name` of `model`; InputError("event") naming the model's events (or saying it has none).
int event_index(const AnyModel& model, const std::string& name);

/// The mode a step starts in: the mode the event switches to, or the one it is armed in, or 0.
int mode_after(const AnyModel& model, int event);

/// The map at `section.event` of `model` under `flow`'s integrator and constant inputs (its
/// conservation and forcing options do not apply). InputError for a model without events, an
/// unknown event, a max_time that is not > 0, or inputs that are not constant moments.
PeriodicProblem make_event_map_problem(const AnyModel& model, const FlowOptions& flow, const EventSection& section);

}  // namespace chaoskit::periodic
