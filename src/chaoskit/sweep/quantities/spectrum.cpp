// spectrum = { time = 100, transient = 0, renorm = 1, blocks = 10 }: every Lyapunov exponent, largest
// first, with block-average error bars (indicators/lyapunov.hpp).
#include "chaoskit/sweep/quantities/spectrum.hpp"

#include "chaoskit/sweep/quantities/lyapunov_fields.hpp"

namespace chaoskit::sweep {

namespace {

void spectrum_variables(const ComputeSpec&, const ModelShape& s, VariableList& out) {
  out.add(spectrum_slot::exponents, {{"exponent", s.n}}, "1/s", "Lyapunov spectrum, largest first");
  out.add(spectrum_slot::errors, {{"exponent", s.n}}, "1/s", "standard error of each exponent");
}

}  // namespace

const QuantityUnit& spectrum_unit() {
  static const QuantityUnit unit{.quantity = Quantity::spectrum,
                                 .name = "spectrum",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::tangent_full,
                                 .read = read_lyapunov_entry,
                                 .variables = spectrum_variables,
                                 .fingerprint = entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
