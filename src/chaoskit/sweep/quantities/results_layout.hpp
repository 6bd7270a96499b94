#pragma once
// A job's results layout: the shape of its results, as the results file, the engine's buffers
// (point_columns.hpp), an MPI message and the Python module's arrays all hold them. The axes
// (a grid's, `point` for a point list, `energy` and `sample` for a [sample]) and the variables over
// them, in a fixed order, each with its element type and trailing dimensions (row-major), as the
// store describes a file (io/results_layout.hpp); and where each [compute] entry's variables start.
// The variables, in order:
//
//   lambda_max           lambda_max, lambda_max_error [1/s], lambda_max_converged (0/1)
//   spectrum             spectrum, spectrum_error [exponent]
//   stm                  stm [state_row, state_col]       Ψ(T, 0)
//   ftle                 ftle [1/s]                         largest FTLE over the time
//   sali, megno          sali, megno
//   final_state          final_state [component]
//   endpoint_sensitivity endpoint_speed [m/s], endpoint_position_gain, endpoint_velocity_gain [singular]
//   basin                basin_label, basin_time (+ basin_speed for kind task)
//   section              section_count, section_time [crossing], section_state [crossing, component]
//   (mechanical models)  initial_energy [J]
//   ([points] jobs)      one variable per column of the list, initial_state [component]
//   ([sample] jobs)      initial_state [component], the state drawn
// (the last two written by the engine beside the point's results, ../engine/point_inputs.hpp)
#include <cstddef>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/quantities/point_columns.hpp"

namespace chaoskit::sweep {

/// What a point costs, in model time integrated [s], so that progress can say how long the rest
/// may take when points differ a hundredfold in cost (adaptive classification): each entry costs its
/// time (plus transient), an entry whose time differs by point (its unit's variable_time hook: an
/// adaptive orbit_class) the time it records, between the least and the most it may take.
struct PointCost {
  double fixed = 0.0;                           ///< the entries whose time is set by the job
  std::vector<std::size_t> adaptive_variables;  ///< indices of the variables recording their times
  std::vector<double> adaptive_min, adaptive_max;

  /// The cost of finished point `point` of `values` (a failed entry counts its least time).
  double of(const PointColumns& values, std::size_t point) const;
  double least() const;
  double most() const;
};

struct ResultsLayout {
  /// The results' dimensions (coordinates, units, long names): a grid's axes, `point`, or `energy`
  /// and `sample`, in the order of the job's axes.
  std::vector<io::Axis> axes;
  /// The variables over the axes, in the order listed above.
  std::vector<io::Variable> variables;
  /// Index of each [compute] entry's first variable: the entry's variables follow it in the order
  /// its unit declares them (the slots its evaluation writes, quantities/point_evaluation.hpp).
  std::vector<std::size_t> entry_first_variable;
  int initial_energy = -1;  ///< index of initial_energy (mechanical models), −1 without
  PointCost cost;

  /// Index of a variable by name (−1 if absent).
  int find(const std::string& name) const;
};

ResultsLayout results_layout(const Job& job);

}  // namespace chaoskit::sweep
