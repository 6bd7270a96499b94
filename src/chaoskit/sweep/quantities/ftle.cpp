// ftle = { time = 100, metric = "euclidean" | "kinetic" }: the largest finite-time Lyapunov exponent
// from Psi(T, 0) (indicators/state_transition.hpp, integrate/sensitivity.hpp).
#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/toml_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& ftle_unit() {
  static const QuantityUnit unit{
      Quantity::ftle,
      "ftle",
      Workload::tangent_flow,
      simd::LaneSystem::tangent_full,
      [](const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
        reject_unknown_keys(t, {"time", "metric"}, prefix + ".");
        entry_fields::read_time(t, prefix, c);
        if (const auto* n = t.get("metric")) {
          try {
            c.metric = parse_ftle_metric(string_of(*n, prefix + ".metric"));
          } catch (const InputError& e) {
            throw InputError(prefix + ".metric", "unknown metric (known: euclidean, kinetic)");
          }
          if (c.metric == FtleMetric::kinetic)
            require_file_mechanics(job.base_model, "FTLEs in the kinetic-energy metric");
          if (c.metric == FtleMetric::kinetic && !is_mechanical(job.base_model))
            throw InputError(prefix + ".metric", "the kinetic-energy metric needs a mechanical model");
        }
      },
      [](const ComputeSpec& c, const ModelShape&, VariableList& out) {
        out.add("ftle", io::ElementType::float64, {}, "1/s",
                "largest finite-time Lyapunov exponent (" + metric_name(c.metric) + " metric)");
      },
      entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
