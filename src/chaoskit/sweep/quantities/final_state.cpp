// final_state = { time = 100 }: the state at the final time (a plain trajectory).
#include "chaoskit/sweep/quantities/final_state.hpp"

#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

void read_final_state(const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
  reject_unknown_keys(t, {"time"}, prefix + ".");
  entry_fields::read_time(t, prefix, c);
}

void final_state_variables(const ComputeSpec&, const ModelShape& s, VariableList& out) {
  out.add(final_state_slot::state, {{"component", s.n}}, "SI", "state at the final time");
}

}  // namespace

const QuantityUnit& final_state_unit() {
  static const QuantityUnit unit{.quantity = Quantity::final_state,
                                 .name = "final_state",
                                 .workload = Workload::trajectory,
                                 .lanes = std::nullopt,
                                 .read = read_final_state,
                                 .variables = final_state_variables,
                                 .fingerprint = entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
