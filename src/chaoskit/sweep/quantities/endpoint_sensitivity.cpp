// endpoint_sensitivity = { time = 100 }: endpoint speed at T and the singular values of the
// endpoint's position and velocity at T with respect to the initial state, from Psi(T, 0)
// (integrate/sensitivity.hpp). Mechanical models only.
#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/toml_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& endpoint_sensitivity_unit() {
  static const QuantityUnit unit{
      Quantity::endpoint_sensitivity,
      "endpoint_sensitivity",
      Workload::tangent_flow,
      simd::LaneSystem::tangent_full,
      [](const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
        reject_unknown_keys(t, {"time"}, prefix + ".");
        entry_fields::read_time(t, prefix, c);
        require_file_mechanics(job.base_model, "endpoint sensitivities", MechanicalNeeds{.kinematics = true});
        if (!is_mechanical(job.base_model))
          throw InputError(prefix,
                           "needs a mechanical model (" + mechanical_model_names() + "), not " + job.model_name);
      },
      [](const ComputeSpec&, const ModelShape&, VariableList& out) {
        using io::ElementType;
        out.add("endpoint_speed", ElementType::float64, {}, "m/s", "endpoint speed at the final time");
        out.add("endpoint_position_gain", ElementType::float64, {{"singular", 2}}, "m per unit of state",
                "singular values of d(endpoint position at T)/d(initial state)");
        out.add("endpoint_velocity_gain", ElementType::float64, {{"singular", 2}}, "m/s per unit of state",
                "singular values of d(endpoint velocity at T)/d(initial state)");
      },
      entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
