// stm = { time = 100 }: the state-transition matrix Psi(T, 0) (indicators/state_transition.hpp),
// shared with ftle and endpoint_sensitivity at the same time.
#include "chaoskit/sweep/quantities/stm.hpp"

#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

void read_stm(const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
  reject_unknown_keys(t, {"time"}, prefix + ".");
  entry_fields::read_time(t, prefix, c);
}

void stm_variables(const ComputeSpec&, const ModelShape& s, VariableList& out) {
  out.add(stm_slot::matrix, {{"state_row", s.n}, {"state_col", s.n}}, "1",
          "state-transition matrix Psi(T,0) = dx(T)/dx(0)");
}

}  // namespace

const QuantityUnit& stm_unit() {
  static const QuantityUnit unit{.quantity = Quantity::stm,
                                 .name = "stm",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::tangent_full,
                                 .read = read_stm,
                                 .variables = stm_variables,
                                 .fingerprint = entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
