#pragma once
// Continuation parameters of a model's flow or of an explicit map, as ParameterFamily values
// (arclength.hpp):
//
//   energy           the energy of a conservative flow (the same problem, E = p)
//   an input name    a constant joint moment (tau1, tau2, ...): the schedule rebuilt with that
//                    channel at p; the steps return ∂x/∂u exactly (the amplitude column)
//   a [values] key   any model parameter, named as sweeps name them: a scalar key (L1, m2, g, sigma)
//                    or an array key with a 1-based element (b2: chain's damping of joint 2); at p
//                    the set is copied with that value written in and the model rebuilt by
//                    make_model, so the set's range checks apply (a value the model refuses ends the
//                    branch with that message)
//   a map parameter  the Hénon map's a or b (exact ∂P/∂p)
#include <optional>
#include <string>
#include <vector>

#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/periodic/arclength.hpp"
#include "chaoskit/periodic/event_map.hpp"
#include "chaoskit/periodic/explicit_maps.hpp"
#include "chaoskit/periodic/flow_problem.hpp"

namespace chaoskit::periodic {

/// A model's flow as the commands describe it, or with `section` active the model's map at an
/// event (event_map.hpp: a walker's stride map), continued in the same parameters but the energy.
struct FlowSetup {
  std::string model;              ///< a model name or a model file's path
  std::string params;             ///< a set name or path ("" for the model's default; must be "" for a model file)
  std::optional<ParamFile> file;  ///< the set already read (e.g. with overrides applied): used instead of `params`
  FlowOptions flow;
  EventSection section;  ///< active: the map at this event instead of the flow
};

/// The model of the setup.
AnyModel setup_model(const FlowSetup& setup);
/// The problem of the setup's flow (or of its map at the event).
PeriodicProblem flow_problem(const FlowSetup& setup, const Vector& probe);

/// The family of the setup's flow in `parameter` (see above), starting from the set's value (the
/// energy: from `energy`, which the caller takes from the guess when not given). InputError naming
/// "parameter" for a name the model does not have, listing those it has.
ParameterFamily flow_family(const FlowSetup& setup, const std::string& parameter, const Vector& probe, double energy);

/// The family of an explicit map in one of its parameters.
ParameterFamily map_family(const std::string& map, const std::vector<NamedValue>& values, const std::string& parameter);

/// The names a flow's continuation accepts: "energy" (conservative flows), the inputs, every [values] key.
std::vector<std::string> flow_parameter_names(const FlowSetup& setup);

}  // namespace chaoskit::periodic
