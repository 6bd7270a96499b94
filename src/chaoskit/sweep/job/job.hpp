#pragma once
// A sweep job: what to compute at every point of an N-D grid or of a list of points. Read from
// TOML (../reading/job_reader.hpp); this file is the plain description the quantities, the engine
// and the runners work from.
//
//   [model]     name, params (set name or path), [model.overrides] single parameter values
//   [grid]      one entry per name: an axis ({ linspace | logspace | geomspace | list }, or a bare
//               array) or a fixed value (a number). A name is a state component (th1, dth2, ...),
//               `energy` (total energy; one rate is solved from it, see [energy]), a model parameter
//               (L1, m2, b1 for element 1 of chain's array b, ...), an input's constant moment (tau1,
//               tau_hip, ...) or an input's release time (release_tau2, ...).
//   [points]    file = "states.csv" (relative to the job file): instead of grid axes, a list of
//               points, one CSV row each, the header naming grid names (point_list.hpp). [grid] may
//               then hold fixed values only, for names the file does not give.
//   [sample]    instead of [grid] or [points]: energy (levels, J: a number or an axis form), n (samples
//               per level), measure = "liouville" | "section", seed: random states on the energy
//               surfaces of the unforced, undamped model (../reading/energy_sample.hpp)
//   [energy]    solve = "dth1" (the rate solved from E), branch = "+" | "-"
//   [inputs]    as in `chaoskit simulate --inputs` (torque | table, release)
//   [compute]   one table per quantity (lambda_max, spectrum, stm, ftle, sali, megno, orbit_class, final_state,
//               endpoint_sensitivity, section, basin), each with its own times: each quantity is a
//               unit in ../quantities/, listed in quantity_list.hpp
//   [integrator] stepper, rtol, atol, max_steps, dt_min
//   [output]    file (default: the job file's stem + .h5), batch (points per batch), write_interval
//               (seconds finished points are held before they are written; default 1)
//
// Where the points come from (PointSource). The results store, resume, the MPI schedule and the
// batch engine only know `axes` and flat row-major indices into them. A grid job's axes are its
// [grid] axes. A point-list job has one synthetic axis, `point` (coordinates 0..N-1, target
// Target::point_row), and keeps the rows themselves in `points`: point_context()
// (../engine/point_context.hpp, the one place that turns an index into a point) looks a row up by
// that coordinate and applies its columns like grid coordinates. An energy-sample job ([sample],
// ../reading/energy_sample.hpp) has two synthetic axes,
// `energy` (the levels in J, Target::sample_level) and `sample` (0..n-1, Target::sample_index),
// and keeps one sampler per level in `sample`, built once when the job is read: point_context()
// draws sample (seed, level index, sample index), a pure function of the three. Another source
// adds a PointSource value, its axes and targets, and its case in point_context(); everything
// downstream stays as it is.
#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/models/energy_surface_sampler.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sweep/job/point_list.hpp"
#include "chaoskit/sweep/job/quantity_list.hpp"

namespace chaoskit::sweep {

/// What a grid name sets at a point. point_row: the coordinate is a row of the job's point list,
/// whose columns set the rest (the synthetic `point` axis of a [points] job). sample_level,
/// sample_index: the synthetic `energy` and `sample` axes of a [sample] job, whose indices pick the
/// level's sampler and the sample drawn from it.
enum class Target { state, energy, parameter, torque, release, point_row, sample_level, sample_index };
std::string target_name(Target t);

/// A named quantity of the point: a swept axis (values) or a fixed value (one value).
struct GridEntry {
  std::string name;
  Target target = Target::state;
  int index = -1;              ///< state component or input channel; element of an array parameter
  std::string param_key;       ///< parameter key in [values] (for Target::parameter)
  std::vector<double> values;  ///< axis coordinates (strictly increasing) or the one fixed value
  std::string units, long_name;
  int param_field = -1;  ///< Target::parameter: the field it sets in the job's ModelFactory, resolved once
};

/// Which rate is solved from the total energy, and which root.
struct EnergySolve {
  int component = -1;  ///< index of the solved rate in the state (−1: no energy given)
  int dof_index = -1;  ///< the same as a joint index (component − dof)
  int branch = +1;     ///< +1: the larger root, −1: the smaller
};

/// The [compute] key of a quantity (its name in quantity_list.hpp, and its unit's).
std::string quantity_name(Quantity q);

/// What a quantity reads beyond the fields every entry shares: its own options, typed (a section
/// plane as a parsed Expression, a basin kind as an enum), declared beside its evaluation
/// (../quantities/<name>.hpp) and filled by its unit's reader. Immutable once read.
struct QuantityOptions {
  virtual ~QuantityOptions() = default;
};

/// One [compute] entry, read and validated once per job by its quantity's unit
/// (../quantities/<name>.cpp): the fields every entry has (each quantity reads those it takes; the
/// others keep their defaults, which the job fingerprint writes) and the quantity's own options.
struct ComputeSpec {
  Quantity quantity = Quantity::lambda_max;
  double time = 100.0;     ///< integration (or accumulation) time [s]
  double transient = 0.0;  ///< lambda_max/spectrum: discarded initial time [s]
  double renorm = 1.0;     ///< lambda_max/spectrum/sali/megno/orbit_class: renormalisation interval [s]
  int blocks = 10;         ///< lambda_max/spectrum/orbit_class: blocks of the error bar
  /// The quantity's own options (null for one with none); shared by copies of the job and every thread.
  std::shared_ptr<const QuantityOptions> options;

  /// The options as the quantity's own type (an internal invariant: the unit that read them says which).
  template <class T>
  const T& options_as() const {
    assert(dynamic_cast<const T*>(options.get()) != nullptr);
    return static_cast<const T&>(*options);
  }
};

/// Where a job's points come from: the product of [grid] axes, the rows of a [points] file, or
/// random states on energy surfaces ([sample]).
enum class PointSource { grid, point_list, energy_sample };

/// A [points] job's list: the file's rows and what each of its columns sets.
struct PointList {
  PointTable table;                ///< names, values and file lines as read
  std::vector<GridEntry> columns;  ///< one per table column: target, index, units (values empty)
};

class LevelSamplers;  // level_samplers.hpp
class ModelFactory;   // model_factory.hpp

/// A [sample] job's draw: n states per energy level (the `energy` axis's coordinates) under
/// `measure` and `seed`, from the samplers built for the job's model and levels.
struct EnergySample {
  SampleMeasure measure = SampleMeasure::liouville;
  std::uint64_t seed = 0;
  std::size_t n = 0;                              ///< samples per level
  std::shared_ptr<const LevelSamplers> samplers;  ///< immutable: shared by copies of the job and by every thread
};

/// The most points a job may have. Point counts are std::size_t products of axis sizes: refusing
/// more keeps them from wrapping around (65536^4 is 0); 2^50 is far beyond any disk's worth of results.
inline constexpr std::size_t kMaxPoints = std::size_t{1} << 50;

struct Job {
  std::string source;  ///< path of the job file (or a label)
  std::string text;    ///< the job file's full text, stored in the results' provenance
  std::string model_name;
  std::string params_label;                                    ///< the set's name or path
  ParamFile params;                                            ///< with [model.overrides] applied
  AnyModel base_model{HenonHeilesModel(HenonHeilesParams{})};  ///< built from `params` (a placeholder until then)
  /// `params` read once, typed: a point's model from its parameter coordinates (model_factory.hpp).
  /// Immutable: shared by copies of the job and by every thread.
  std::shared_ptr<const ModelFactory> models;
  PointSource point_source = PointSource::grid;
  std::vector<GridEntry> axes;   ///< swept, in the order of the results' dimensions (a point list: `point` only;
                                 ///< a sample: `energy`, `sample`)
  std::vector<GridEntry> fixed;  ///< fixed values
  PointList points;              ///< PointSource::point_list only
  EnergySample sample;           ///< PointSource::energy_sample only
  EnergySolve energy;
  InputSchedule inputs;
  bool inputs_given = false;  ///< the job file has an [inputs] table (even one that sets nothing)
  std::vector<ComputeSpec> compute;
  IntegratorOptions integrator;  ///< its stepper is the one [integrator] names, if stepper_named
  bool stepper_named = false;    ///< [integrator] stepper given; else default_stepper(workload) per quantity
  std::string output;            ///< results file
  std::size_t batch = 0;         ///< points per write (0: automatic)
  /// Seconds finished points are held before the writer writes them (runs/results_file.hpp); 0
  /// writes each batch as it finishes. Not part of the job's fingerprint: it changes no result.
  double write_interval = 1.0;

  std::size_t point_count() const;
  bool has_parameter_axes() const;  ///< some point's parameters differ from `params` (an axis or a column)
  /// Some point may be driven by joint moments: [inputs] given, or a moment or a release time
  /// among the grid names or the point list's columns.
  bool has_moments() const;
  /// The integrator for one workload: [integrator]'s options, with default_stepper(w) unless a
  /// stepper was named.
  IntegratorOptions integrator_for(Workload w) const;
};

}  // namespace chaoskit::sweep
