// sali = { time = 1000, renorm = 1 }: the smaller alignment index at the final time
// (indicators/fast_indicators.hpp).
#include "chaoskit/sweep/quantities/fast_indicator_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& sali_unit() {
  static const QuantityUnit unit{Quantity::sali,
                                 "sali",
                                 Workload::tangent_flow,
                                 simd::LaneSystem::tangent2,
                                 read_fast_indicator_entry,
                                 [](const ComputeSpec&, const ModelShape&, VariableList& out) {
                                   out.add("sali", io::ElementType::float64, {}, "1",
                                           "smaller alignment index at the final time");
                                 },
                                 entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
