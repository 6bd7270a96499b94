// ftle = { time = 100, metric = "euclidean" | "kinetic" }: the largest finite-time Lyapunov exponent
// from Psi(T, 0) (indicators/state_transition.hpp, integrate/sensitivity.hpp).
#include "chaoskit/sweep/quantities/ftle.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

void read_ftle(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  reject_unknown_keys(t, {"time", "metric"}, prefix + ".");
  entry_fields::read_time(t, prefix, c);
  auto own = std::make_shared<FtleEntry>();
  if (const auto* n = t.get("metric")) {
    try {
      own->metric = parse_ftle_metric(string_of(*n, prefix + ".metric"));
    } catch (const InputError& e) {
      throw InputError(prefix + ".metric", "unknown metric (known: euclidean, kinetic)");
    }
    if (own->metric == FtleMetric::kinetic)
      require_file_mechanics(job.base_model, "FTLEs in the kinetic-energy metric");
    if (own->metric == FtleMetric::kinetic && !is_mechanical(job.base_model))
      throw InputError(prefix + ".metric", "the kinetic-energy metric needs a mechanical model");
  }
  c.options = std::move(own);
}

void ftle_variables(const ComputeSpec& c, const ModelShape&, VariableList& out) {
  out.add(ftle_slot::value, {}, "1/s",
          "largest finite-time Lyapunov exponent (" + metric_name(c.options_as<FtleEntry>().metric) + " metric)");
}

void ftle_fingerprint(const ComputeSpec& c, std::ostream& o) {
  entry_fields::common_fingerprint(c, o, {.metric = metric_name(c.options_as<FtleEntry>().metric)});
}

}  // namespace

const QuantityUnit& ftle_unit() {
  static const QuantityUnit unit{.quantity = Quantity::ftle,
                                 .name = "ftle",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::tangent_full,
                                 .read = read_ftle,
                                 .variables = ftle_variables,
                                 .fingerprint = ftle_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
