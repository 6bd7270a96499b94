// megno = { time = 1000, renorm = 1 }: the mean exponential growth of nearby orbits <Y> at the final
// time (indicators/fast_indicators.hpp).
#include "chaoskit/sweep/quantities/fast_indicator_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& megno_unit() {
  static const QuantityUnit unit{Quantity::megno,
                                 "megno",
                                 Workload::tangent_flow,
                                 simd::LaneSystem::megno,
                                 read_fast_indicator_entry,
                                 [](const ComputeSpec&, const ModelShape&, VariableList& out) {
                                   out.add("megno", io::ElementType::float64, {}, "1",
                                           "mean exponential growth of nearby orbits <Y> at the final time");
                                 },
                                 entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
