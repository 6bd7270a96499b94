// section = { plane = "th1 = 0", direction = "up" | "down" | "both", crossings = 100, max_time = 1000 }:
// the first crossings of a Poincaré surface (indicators/poincare.hpp). The plane is parsed once,
// here, into SectionEntry::surface (section_options.hpp).
#include "chaoskit/sweep/quantities/section.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

void read_section(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  reject_unknown_keys(t, {"plane", "direction", "crossings", "max_time"}, prefix + ".");
  c.time = 1000.0;
  entry_fields::read_time(t, prefix, c, "max_time");
  auto own = std::make_shared<SectionEntry>();
  const toml::node* plane = t.get("plane");
  if (!plane) throw InputError(prefix + ".plane", "missing (e.g. plane = \"th1 = 0\")");
  own->plane = string_of(*plane, prefix + ".plane");
  own->surface = parse_surface(own->plane, state_names_of(job.base_model), prefix + ".plane");
  if (const auto* n = t.get("direction")) {
    const std::string d = string_of(*n, prefix + ".direction");
    if (d == "up")
      own->direction = +1;
    else if (d == "down")
      own->direction = -1;
    else if (d == "both")
      own->direction = 0;
    else
      throw InputError(prefix + ".direction", "must be \"up\", \"down\" or \"both\"");
  }
  if (const auto* n = t.get("crossings")) own->crossings = integer_of(*n, prefix + ".crossings", 1, 100000);
  c.options = std::move(own);
}

void section_variables(const ComputeSpec& c, const ModelShape& s, VariableList& out) {
  const SectionEntry& own = c.options_as<SectionEntry>();
  const auto crossings = static_cast<std::size_t>(own.crossings);
  out.add(section_slot::count, {}, "1", "Poincare crossings found (" + own.plane + ")");
  out.add(section_slot::time, {{"crossing", crossings}}, "s", "time of each crossing (NaN past section_count)");
  out.add(section_slot::state, {{"crossing", crossings}, {"component", s.n}}, "SI",
          "state at each crossing (NaN past section_count)");
}

void section_fingerprint(const ComputeSpec& c, std::ostream& o) {
  const SectionEntry& own = c.options_as<SectionEntry>();
  entry_fields::common_fingerprint(c, o, {.plane = own.plane, .direction = own.direction, .crossings = own.crossings});
}

}  // namespace

const QuantityUnit& section_unit() {
  static const QuantityUnit unit{.quantity = Quantity::section,
                                 .name = "section",
                                 .workload = Workload::trajectory,
                                 .lanes = std::nullopt,
                                 .read = read_section,
                                 .variables = section_variables,
                                 .fingerprint = section_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
