// stm = { time = 100 }: the state-transition matrix Psi(T, 0) (indicators/state_transition.hpp),
// shared with ftle and endpoint_sensitivity at the same time.
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/toml_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& stm_unit() {
  static const QuantityUnit unit{Quantity::stm,
                                 "stm",
                                 Workload::tangent_flow,
                                 simd::LaneSystem::tangent_full,
                                 [](const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
                                   reject_unknown_keys(t, {"time"}, prefix + ".");
                                   entry_fields::read_time(t, prefix, c);
                                 },
                                 [](const ComputeSpec&, const ModelShape& s, VariableList& out) {
                                   out.add("stm", io::ElementType::float64, {{"state_row", s.n}, {"state_col", s.n}},
                                           "1", "state-transition matrix Psi(T,0) = dx(T)/dx(0)");
                                 },
                                 entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
