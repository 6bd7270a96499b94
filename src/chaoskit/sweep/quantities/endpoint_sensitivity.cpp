// endpoint_sensitivity = { time = 100 }: endpoint speed at T and the singular values of the
// endpoint's position and velocity at T with respect to the initial state, from Psi(T, 0)
// (integrate/sensitivity.hpp). Mechanical models only.
#include "chaoskit/sweep/quantities/endpoint_sensitivity.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

void read_endpoint_sensitivity(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  reject_unknown_keys(t, {"time"}, prefix + ".");
  entry_fields::read_time(t, prefix, c);
  require_file_mechanics(job.base_model, "endpoint sensitivities", MechanicalNeeds{.kinematics = true});
  if (!is_mechanical(job.base_model))
    throw InputError(prefix, "needs a mechanical model (" + mechanical_model_names() + "), not " + job.model_name);
}

void endpoint_sensitivity_variables(const ComputeSpec&, const ModelShape&, VariableList& out) {
  namespace slot = endpoint_sensitivity_slot;
  out.add(slot::speed, {}, "m/s", "endpoint speed at the final time");
  out.add(slot::position_gain, {{"singular", 2}}, "m per unit of state",
          "singular values of d(endpoint position at T)/d(initial state)");
  out.add(slot::velocity_gain, {{"singular", 2}}, "m/s per unit of state",
          "singular values of d(endpoint velocity at T)/d(initial state)");
}

}  // namespace

const QuantityUnit& endpoint_sensitivity_unit() {
  static const QuantityUnit unit{.quantity = Quantity::endpoint_sensitivity,
                                 .name = "endpoint_sensitivity",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::tangent_full,
                                 .read = read_endpoint_sensitivity,
                                 .variables = endpoint_sensitivity_variables,
                                 .fingerprint = entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
