#pragma once
// evaluate_point() for a model chosen at run time. The template (point_evaluator.hpp) is compiled
// once per registered model in src/chaoskit/sweep/instances/ (one file per model, so they build in
// parallel and a change to one quantity does not recompile every command).
#include <cstdint>
#include <span>

#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/sweep/point_context.hpp"
#include "chaoskit/sweep/result_layout.hpp"

#define CHAOSKIT_SWEEP_EVALUATE_INSTANCE(EXTERN, M)                                                              \
  EXTERN template std::int8_t evaluate_point<M>(const M&, const Job&, const ResultLayout&, std::span<const double>, \
                                                const InputSchedule&, std::span<double>);

namespace chaoskit::sweep {

template <Model M>
std::int8_t evaluate_point(const M& model, const Job& job, const ResultLayout& layout, std::span<const double> x0_values,
                           const InputSchedule& inputs, std::span<double> out);

#define CHAOSKIT_SWEEP_EXTERN(M) CHAOSKIT_SWEEP_EVALUATE_INSTANCE(extern, M)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_SWEEP_EXTERN)
#undef CHAOSKIT_SWEEP_EXTERN

/// Fills `out` (the point's block, pre-set to fill values) and returns the point's status code.
/// Exceptions from the computation are caught by the caller (status internal_error).
inline std::int8_t evaluate(const PointContext& c, const Job& job, const ResultLayout& layout, std::span<double> out) {
  if (!c.admissible) return io::point_status::invalid_point;
  return std::visit([&](const auto& m) { return evaluate_point(m, job, layout, c.x0, c.inputs, out); }, c.model);
}

}  // namespace chaoskit::sweep
