#pragma once
// One sweep quantity as a unit, in two files (Pinocchio's Model/Data split: what a job asks for is
// an immutable ComputeSpec, read and validated once per job; the unit's evaluate_<name> computes
// every point from it, with the point's PointEvaluation as its data, point_evaluation.hpp).
// <name>.hpp declares the quantity: its own options (a QuantityOptions, if it has any), its
// variables as slots (Slot<T>{index, name}, point_columns.hpp) and its evaluation, which writes
// through them. <name>.cpp holds its unit's record, which says for its quantity:
//   read       its [compute] table into a ComputeSpec (the entry fields, and its own options as
//              the struct of <name>.hpp), every value checked once, here: unknown keys,
//              ranges, what the model must provide, the section plane parsed into an Expression,
//              the basin kind as an enum. Errors are InputError naming
//              the field (compute.<name>.<key>); the job reader prefixes the job file's path.
//   variables  the result variables it writes, each through its slot (declared with its evaluation
//              in <name>.hpp), with its dimensions, units and long name (results_layout.cpp lays
//              them out)
//   fingerprint its line of the job fingerprint (job_fingerprint.cpp: resume compares them)
//   workload   which stepper it takes by default; lanes: the SIMD lane system integrating it, if any
// and, where the quantity has something to say there (null otherwise), two hooks:
//   variable_time  its integration time when that differs by point (an adaptive orbit_class), for
//                  what progress says of the rest (results_layout.cpp)
//   check_job      a check against the rest of the job once every [compute] entry is read (a rest
//                  basin refuses joint moments), called by the job reader
// The list of units is CHAOSKIT_QUANTITY_LIST in ../job/quantity_list.hpp; the table of units
// follows from it (quantity_units.cpp).
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/io/results_layout.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/simd/lane_task.hpp"
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/job/quantity_list.hpp"
#include "chaoskit/sweep/quantities/point_columns.hpp"

namespace chaoskit::sweep {

/// What the layout of a quantity's variables depends on besides its options.
struct ModelShape {
  std::size_t n = 0;  ///< state dimension
  bool mechanical = false;
};

/// The variables of one [compute] entry as its unit's variables() describes them, each through its
/// slot (point_columns.hpp): the slot gives the variable's name, its element type and its place
/// among the entry's variables, the unit the rest. The fill value follows the type (NaN, 255 for
/// flags, −1 for integers).
class VariableList {
 public:
  explicit VariableList(std::string_view quantity) : quantity_(quantity) {}

  /// `flags`: an enumerated variable's codes and their names (CF flag_values, flag_meanings).
  template <class T>
  void add(Slot<T> slot, std::vector<io::TrailingDim> trailing, std::string units, std::string long_name,
           io::Flags flags = {}) {
    place(slot.index, slot.name, element_type_of<T>(), std::move(trailing), std::move(units), std::move(long_name),
          std::move(flags));
  }

  /// The variables in slot order. std::logic_error naming the quantity unless the slots added were
  /// 0 .. k−1, each once: a unit that does not lay out what its evaluation writes.
  std::vector<io::Variable> take();

 private:
  void place(std::size_t index, const char* name, io::ElementType type, std::vector<io::TrailingDim> trailing,
             std::string units, std::string long_name, io::Flags flags);

  std::string quantity_;
  std::vector<std::optional<io::Variable>> slots_;
};

/// The integration time of an entry whose time differs by point: the range it lies in and which of
/// the entry's variables records it.
struct VariableTime {
  std::size_t variable = 0;  ///< index among the entry's variables (its slot)
  double least = 0.0;        ///< [s]
  double most = 0.0;         ///< [s]
};

/// A quantity's record (written with designated initializers; the hooks may be left out).
struct QuantityUnit {
  Quantity quantity;
  const char* name;  ///< its [compute] key (its name in quantity_list.hpp)
  Workload workload;
  std::optional<simd::LaneSystem> lanes;
  /// Reads the entry's table (c.quantity is set, every other field at its default, no options).
  void (*read)(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c);
  void (*variables)(const ComputeSpec& c, const ModelShape& shape, VariableList& out);
  /// Its line of the fingerprint, from "compute.<name> = " to the newline.
  void (*fingerprint)(const ComputeSpec& c, std::ostream& o);
  /// Hook: when the entry's integration time differs by point, its range and variable (nullopt, or
  /// no hook: every point integrates time + transient).
  std::optional<VariableTime> (*variable_time)(const ComputeSpec& c) = nullptr;
  /// Hook: refuses (InputError naming prefix.key) an entry the rest of the job rules out, once
  /// every [compute] entry is read: the model, the points, the inputs and the other entries are known.
  void (*check_job)(const ComputeSpec& c, const std::string& prefix, const Job& job) = nullptr;
};

/// Every quantity's unit, indexed by Quantity.
std::span<const QuantityUnit* const> quantity_units();
const QuantityUnit& unit_of(Quantity q);

// The units, <name>_unit(), each defined in its own file.
#define CHAOSKIT_QUANTITY_UNIT_ACCESSOR(name) const QuantityUnit& name##_unit();
CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_UNIT_ACCESSOR)
#undef CHAOSKIT_QUANTITY_UNIT_ACCESSOR

/// The workload of a sweep quantity (which stepper it takes by default).
Workload workload_of(Quantity q);

/// The steppers a job uses, for provenance and the fingerprint: the named one, or
/// "rkf78 (tangent flow), dopri5 (trajectories)" with only the workloads its quantities have.
std::string stepper_description(const Job& job);

/// What a job's model offers, for the readers (../reading/job_reader.cpp and the units).
std::vector<std::string> state_names_of(const AnyModel& m);
bool is_mechanical(const AnyModel& m);
/// A compiled mechanical model with joint damping (a rest basin and energy surfaces need it, or its absence).
bool has_joint_damping(const AnyModel& m);
/// A model file's refusal of `purpose` (models/mechanical_form.hpp); nothing for built-in models,
/// whose fields are checked by type.
void require_file_mechanics(const AnyModel& m, const std::string& purpose, MechanicalNeeds needs = {});

// Shared by the units' readers: the keys several quantities have, read the same way.
namespace entry_fields {
/// A double as hexadecimal floating-point text (%a), exact to the bit: fingerprints compare these.
std::string exact(double v);
/// A number > 0 at t[key], or `fallback` when absent.
double positive(const toml::table& t, const std::string& key, double fallback, const std::string& field);
/// time (or the key given) > 0, renorm > 0, transient >= 0, blocks in [2, 1000]: those present.
void read_time(const toml::table& t, const std::string& prefix, ComputeSpec& c, const char* key = "time");
void read_renorm(const toml::table& t, const std::string& prefix, ComputeSpec& c);
void read_transient(const toml::table& t, const std::string& prefix, ComputeSpec& c);
void read_blocks(const toml::table& t, const std::string& prefix, ComputeSpec& c);
/// renorm <= time (renormalised quantities).
void check_renorm(const std::string& prefix, const ComputeSpec& c);
/// time/renorm >= blocks (block-averaged quantities).
void check_blocks(const std::string& prefix, const ComputeSpec& c);
/// Fields that every fingerprint line carries although only ftle (metric) and section (plane,
/// direction, crossings) have them: the line was written when ComputeSpec held every quantity's
/// options, and resume compares it as text, so the others still write these defaults.
struct LegacyFields {
  std::string_view metric = "euclidean";
  std::string_view plane = "";
  int direction = +1;
  long crossings = 100;
};
/// The line every quantity writes (the entry's fields, then `legacy`), without the newline.
void common_fingerprint(const ComputeSpec& c, std::ostream& o, const LegacyFields& legacy);
/// The same with the legacy fields at their defaults: the fingerprint of a quantity with no options
/// of its own.
void common_fingerprint(const ComputeSpec& c, std::ostream& o);
}  // namespace entry_fields

}  // namespace chaoskit::sweep
