#pragma once
// What a [points] or [sample] job stores beside its results so that a user sees exactly what each
// point was computed from: `initial_state` [component], the state actually integrated (a point
// list's after the energy solve, a sample's as drawn), and for a point list every column of the
// list as a variable over `point` (units and long name as the grid gives them). Grid jobs store
// neither: their coordinates are the axes, and their files stay as they were.
//
// These are ordinary per-point variables of the result layout, written with the point's results:
// the store, resume, MPI and the bit-identity across thread counts need nothing new. A point not
// computed yet shows the fill value (NaN) there as everywhere else, and so does a point whose
// set-up or computation threw (status 6, internal error: the batch engine resets its block).
#include <span>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/job.hpp"
#include "chaoskit/sweep/point_columns.hpp"
#include "chaoskit/sweep/point_context.hpp"
#include "chaoskit/sweep/result_layout.hpp"

namespace chaoskit::sweep {

/// The variables above, in this order (none for a grid job); `state_dim` sizes initial_state.
std::vector<io::Variable> point_input_variables(const Job& job, std::size_t state_dim);

/// Writes the point's row (a point list) and initial state into its values (nothing for a grid
/// job). A point with no admissible state (energy below the potential) has NaN for the rate it
/// could not solve.
void record_point_inputs(const Job& job, const ResultLayout& layout, std::span<const std::size_t> index,
                         const PointContext& context, PointValues out);

}  // namespace chaoskit::sweep
