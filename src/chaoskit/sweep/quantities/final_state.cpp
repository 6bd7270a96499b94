// final_state = { time = 100 }: the state at the final time (a plain trajectory).
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/toml_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& final_state_unit() {
  static const QuantityUnit unit{
      Quantity::final_state,
      "final_state",
      Workload::trajectory,
      std::nullopt,
      [](const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
        reject_unknown_keys(t, {"time"}, prefix + ".");
        entry_fields::read_time(t, prefix, c);
      },
      [](const ComputeSpec&, const ModelShape& s, VariableList& out) {
        out.add("final_state", io::ElementType::float64, {{"component", s.n}}, "SI", "state at the final time");
      },
      entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
