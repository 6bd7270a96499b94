// make_flow_problem for the models of the list: model_flow_problem (model_flow.hpp) compiled once
// per registered model, with the integrations the library already instantiates (integrate/instances).
#include <variant>

#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/periodic/model_flow.hpp"

namespace chaoskit::periodic {

PeriodicProblem make_flow_problem(const AnyModel& model, const FlowOptions& options, const Vector& probe) {
  return std::visit([&](const auto& m) { return model_flow_problem(m, options, probe); }, model);
}

}  // namespace chaoskit::periodic
