// lambda_max = { time = 100, transient = 0, renorm = 1, blocks = 10 }: the largest Lyapunov exponent
// with its block-average error bar and a convergence flag (indicators/lyapunov.hpp).
#include "chaoskit/sweep/quantities/lambda_max.hpp"

#include "chaoskit/sweep/quantities/lyapunov_fields.hpp"

namespace chaoskit::sweep {

namespace {

void lambda_max_variables(const ComputeSpec&, const ModelShape&, VariableList& out) {
  namespace slot = lambda_max_slot;
  out.add(slot::value, {}, "1/s", "largest Lyapunov exponent");
  out.add(slot::error, {}, "1/s", "standard error of lambda_max (block averages)");
  out.add(slot::converged, {}, "1", "lambda_max settled: estimates at T and T/2 within 3 error bars (1 yes, 0 no)");
}

}  // namespace

const QuantityUnit& lambda_max_unit() {
  static const QuantityUnit unit{.quantity = Quantity::lambda_max,
                                 .name = "lambda_max",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::tangent1,
                                 .read = read_lyapunov_entry,
                                 .variables = lambda_max_variables,
                                 .fingerprint = entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
