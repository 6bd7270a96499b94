// sali = { time = 1000, renorm = 1 }: the smaller alignment index at the final time
// (indicators/fast_indicators.hpp).
#include "chaoskit/sweep/quantities/sali.hpp"

#include "chaoskit/sweep/quantities/fast_indicator_fields.hpp"

namespace chaoskit::sweep {

namespace {

void read_sali(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  require_two_states(job, prefix);
  read_fast_indicator_entry(t, prefix, job, c);
}

void sali_variables(const ComputeSpec&, const ModelShape&, VariableList& out) {
  out.add(sali_slot::value, {}, "1", "smaller alignment index at the final time");
}

}  // namespace

const QuantityUnit& sali_unit() {
  static const QuantityUnit unit{.quantity = Quantity::sali,
                                 .name = "sali",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::tangent2,
                                 .read = read_sali,
                                 .variables = sali_variables,
                                 .fingerprint = entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
