// megno = { time = 1000, renorm = 1 }: the mean exponential growth of nearby orbits <Y> at the final
// time (indicators/fast_indicators.hpp).
#include "chaoskit/sweep/quantities/megno.hpp"

#include "chaoskit/sweep/quantities/fast_indicator_fields.hpp"

namespace chaoskit::sweep {

namespace {

void megno_variables(const ComputeSpec&, const ModelShape&, VariableList& out) {
  out.add(megno_slot::value, {}, "1", "mean exponential growth of nearby orbits <Y> at the final time");
}

}  // namespace

const QuantityUnit& megno_unit() {
  static const QuantityUnit unit{.quantity = Quantity::megno,
                                 .name = "megno",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::megno,
                                 .read = read_fast_indicator_entry,
                                 .variables = megno_variables,
                                 .fingerprint = entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
