#pragma once
// evaluate_point() for a model chosen at run time. The template (point_evaluator.hpp) is compiled
// once per model of models/model_list.hpp, from sweep/instances/instances.cpp.in (one file per
// model, so they build in parallel and a change to one quantity does not recompile every command).
#include <cstdint>
#include <span>

#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/quantities/point_columns.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"

#define CHAOSKIT_SWEEP_EVALUATE_INSTANCE(EXTERN, M)                                                                   \
  EXTERN template std::int8_t evaluate_point<M>(const M&, const Job&, const ResultsLayout&, std::span<const double>,  \
                                                const InputSchedule&, PointValues);                                   \
  EXTERN template void evaluate_point_entries<M>(const M&, const Job&, const ResultsLayout&, std::span<const double>, \
                                                 const InputSchedule&, PointValues, std::span<std::int8_t>,           \
                                                 LaneDeferral*);

namespace chaoskit::sweep {

class LaneDeferral;

/// A point's status from its entries': the first failure in the order of the entries, or ok.
inline std::int8_t first_failure(std::span<const std::int8_t> entry_status) {
  for (std::int8_t s : entry_status)
    if (s != point_status::ok) return s;
  return point_status::ok;
}

template <Model M>
std::int8_t evaluate_point(const M& model, const Job& job, const ResultsLayout& layout,
                           std::span<const double> x0_values, const InputSchedule& inputs, PointValues out);
template <Model M>
void evaluate_point_entries(const M& model, const Job& job, const ResultsLayout& layout,
                            std::span<const double> x0_values, const InputSchedule& inputs, PointValues out,
                            std::span<std::int8_t> entry_status, LaneDeferral* lanes);

#define CHAOSKIT_SWEEP_EXTERN(M) CHAOSKIT_SWEEP_EVALUATE_INSTANCE(extern, M)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_SWEEP_EXTERN)
#undef CHAOSKIT_SWEEP_EXTERN

/// Fills `out` (the point's values, pre-set to fill values) and returns the point's status code.
/// Exceptions from the computation are caught by the caller (status internal_error).
inline std::int8_t evaluate(const PointContext& c, const Job& job, const ResultsLayout& layout, PointValues out) {
  if (!c.admissible) return point_status::invalid_point;
  return std::visit([&](const auto& m) { return evaluate_point(m, job, layout, c.x0, c.inputs, out); }, c.model);
}

/// The same with the entries' statuses kept apart and the lanes' entries deferred to `lanes`
/// (point_evaluator.hpp). For an admissible point only.
inline void evaluate_entries(const PointContext& c, const Job& job, const ResultsLayout& layout, PointValues out,
                             std::span<std::int8_t> entry_status, LaneDeferral* lanes) {
  std::visit([&](const auto& m) { evaluate_point_entries(m, job, layout, c.x0, c.inputs, out, entry_status, lanes); },
             c.model);
}

}  // namespace chaoskit::sweep
