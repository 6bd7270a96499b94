// lambda_max = { time = 100, transient = 0, renorm = 1, blocks = 10 }: the largest Lyapunov exponent
// with its block-average error bar and a convergence flag (indicators/lyapunov.hpp).
#include "chaoskit/sweep/quantities/lyapunov_fields.hpp"

namespace chaoskit::sweep {

const QuantityUnit& lambda_max_unit() {
  static const QuantityUnit unit{
      Quantity::lambda_max,
      "lambda_max",
      Workload::tangent_flow,
      simd::LaneSystem::tangent1,
      read_lyapunov_entry,
      [](const ComputeSpec&, const ModelShape&, VariableList& out) {
        using io::ElementType;
        out.add("lambda_max", ElementType::float64, {}, "1/s", "largest Lyapunov exponent");
        out.add("lambda_max_error", ElementType::float64, {}, "1/s", "standard error of lambda_max (block averages)");
        out.add("lambda_max_converged", ElementType::uint8, {}, "1",
                "lambda_max settled: estimates at T and T/2 within 3 error bars (1 yes, 0 no)");
      },
      entry_fields::common_fingerprint};
  return unit;
}

}  // namespace chaoskit::sweep
