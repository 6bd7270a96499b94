// spectrum = { time = 100, transient = 0, renorm = 1, blocks = 10 }: every Lyapunov exponent, largest
// first, with block-average error bars (indicators/lyapunov.hpp).
#include "chaoskit/sweep/quantities/lyapunov_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& spectrum_unit() {
  static const QuantityUnit unit{
      Quantity::spectrum,
      "spectrum",
      Workload::tangent_flow,
      simd::LaneSystem::tangent_full,
      read_lyapunov_entry,
      [](const ComputeSpec&, const ModelShape& s, VariableList& out) {
        using io::ElementType;
        out.add("spectrum", ElementType::float64, {{"exponent", s.n}}, "1/s", "Lyapunov spectrum, largest first");
        out.add("spectrum_error", ElementType::float64, {{"exponent", s.n}}, "1/s", "standard error of each exponent");
      },
      entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
