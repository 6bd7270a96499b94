// orbit_diagram = { at_event = "heel_strike", transient = 100, iterates = 64, max_time = 100 }: the
// map of a hybrid model at an event (a walker's stride map) iterated from the point's state, the
// first `transient` iterates discarded and the next `iterates` recorded, with the map's largest
// Lyapunov exponent over the recorded ones; a one-parameter sweep (the slope) of it is the
// brute-force bifurcation diagram. The event is looked up once, here.
#include "chaoskit/sweep/quantities/orbit_diagram.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/hybrid_model.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

void read_orbit_diagram(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  reject_unknown_keys(t, {"at_event", "transient", "iterates", "max_time"}, prefix + ".");
  c.time = 100.0;
  entry_fields::read_time(t, prefix, c, "max_time");
  auto own = std::make_shared<OrbitDiagramEntry>();
  const toml::node* at = t.get("at_event");
  if (!at) throw InputError(prefix + ".at_event", "missing (the event the map is taken at, e.g. \"heel_strike\")");
  own->at_event = string_of(*at, prefix + ".at_event");
  // orbit_diagram iterates the map at an event, so a model without events is refused here.
  own->event =
      std::visit([&](const auto& m) { return event_index_named(m, own->at_event, prefix + ".at_event", "the model"); },
                 job.base_model);
  if (const auto* n = t.get("transient")) own->transient = integer_of(*n, prefix + ".transient", 0, 10000000);
  if (const auto* n = t.get("iterates")) own->iterates = integer_of(*n, prefix + ".iterates", 1, 100000);
  c.options = std::move(own);
}

void orbit_diagram_variables(const ComputeSpec& c, const ModelShape& s, VariableList& out) {
  const OrbitDiagramEntry& own = c.options_as<OrbitDiagramEntry>();
  const auto iterates = static_cast<std::size_t>(own.iterates);
  out.add(orbit_diagram_slot::count, {}, "1",
          "iterates recorded after the transient (fewer: the event stopped happening, e.g. the walker fell)");
  out.add(orbit_diagram_slot::state, {{"iterate", iterates}, {"component", s.n}}, "SI",
          "state just after each recorded " + own.at_event + " (NaN past orbit_diagram_count)");
  out.add(orbit_diagram_slot::time, {{"iterate", iterates}}, "s",
          "time of the step ending at each recorded iterate (NaN past orbit_diagram_count)");
  out.add(orbit_diagram_slot::lambda, {}, "1/iterate",
          "largest Lyapunov exponent of the map over the recorded iterates (NaN when fewer than all)");
  out.add(orbit_diagram_slot::steps, {}, "1",
          "events reached in all (transient and recorded): where the map stopped when it stopped");
}

void orbit_diagram_fingerprint(const ComputeSpec& c, std::ostream& o) {
  const OrbitDiagramEntry& own = c.options_as<OrbitDiagramEntry>();
  entry_fields::common_fingerprint(c, o);
  o << ", at_event '" << own.at_event << "', transient iterates " << own.transient << ", iterates " << own.iterates;
}

}  // namespace

const QuantityUnit& orbit_diagram_unit() {
  static const QuantityUnit unit{.quantity = Quantity::orbit_diagram,
                                 .name = "orbit_diagram",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::tangent_full,
                                 .read = read_orbit_diagram,
                                 .variables = orbit_diagram_variables,
                                 .fingerprint = orbit_diagram_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
