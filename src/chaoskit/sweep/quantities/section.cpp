// section = { plane = "th1 = 0", direction = "up" | "down" | "both", crossings = 100, max_time = 1000 }:
// the first crossings of a Poincaré surface (indicators/poincare.hpp). The plane is parsed once,
// here, into ComputeSpec::surface.
#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/toml_fields.hpp"

namespace chaoskit::sweep {

namespace {

void read(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  reject_unknown_keys(t, {"plane", "direction", "crossings", "max_time"}, prefix + ".");
  c.time = 1000.0;
  entry_fields::read_time(t, prefix, c, "max_time");
  const toml::node* plane = t.get("plane");
  if (!plane) throw InputError(prefix + ".plane", "missing (e.g. plane = \"th1 = 0\")");
  c.plane = string_of(*plane, prefix + ".plane");
  c.surface = parse_surface(c.plane, state_names_of(job.base_model), prefix + ".plane");
  if (const auto* n = t.get("direction")) {
    const std::string d = string_of(*n, prefix + ".direction");
    if (d == "up")
      c.direction = +1;
    else if (d == "down")
      c.direction = -1;
    else if (d == "both")
      c.direction = 0;
    else
      throw InputError(prefix + ".direction", "must be \"up\", \"down\" or \"both\"");
  }
  if (const auto* n = t.get("crossings")) c.crossings = integer_of(*n, prefix + ".crossings", 1, 100000);
}

void variables(const ComputeSpec& c, const ModelShape& s, VariableList& out) {
  using io::ElementType;
  const auto crossings = static_cast<std::size_t>(c.crossings);
  out.add("section_count", ElementType::int32, {}, "1", "Poincare crossings found (" + c.plane + ")");
  out.add("section_time", ElementType::float64, {{"crossing", crossings}}, "s",
          "time of each crossing (NaN past section_count)");
  out.add("section_state", ElementType::float64, {{"crossing", crossings}, {"component", s.n}}, "SI",
          "state at each crossing (NaN past section_count)");
}

}  // namespace

const QuantityUnit& section_unit() {
  static const QuantityUnit unit{Quantity::section,
                                 "section",
                                 Workload::trajectory,
                                 std::nullopt,
                                 read,
                                 variables,
                                 entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
