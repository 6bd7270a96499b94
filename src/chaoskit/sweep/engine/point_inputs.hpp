#pragma once
// What a [points] or [sample] job stores beside its results so that a user sees exactly what each
// point was computed from (the variables ../quantities/results_layout.cpp lays out for it): every
// column of a point list, and `initial_state`, the state actually integrated (a point list's after
// the energy solve, a sample's as drawn). Grid jobs store neither: their coordinates are the axes.
//
// These are ordinary per-point variables of the result layout, written with the point's results:
// the store, resume, MPI and the bit-identity across thread counts need nothing new. A point not
// computed yet shows the fill value (NaN) there as everywhere else, and so does a point whose
// set-up or computation threw (status 6, internal error: the batch engine resets its block).
#include <span>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/quantities/point_columns.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"

namespace chaoskit::sweep {

/// Writes the point's row (a point list) and initial state into its values (nothing for a grid
/// job). A point with no admissible state (energy below the potential) has NaN for the rate it
/// could not solve.
void record_point_inputs(const Job& job, const ResultsLayout& layout, std::span<const std::size_t> index,
                         const PointContext& context, PointValues out);

}  // namespace chaoskit::sweep
