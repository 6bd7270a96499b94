#pragma once
// One sweep quantity as a unit (Pinocchio's Model/Data split: what a job asks for is an immutable
// ComputeSpec, read and validated once per job; the unit's evaluate_<name> in <name>.hpp computes
// every point from it, with the point's PointEvaluation as its data, point_evaluation.hpp).
// A unit's record, in <name>.cpp, says for its quantity:
//   read       its [compute] table into a ComputeSpec (the entry fields, and its own options as
//              the struct of <name>_options.hpp), every value checked once, here: unknown keys,
//              ranges, what the model must provide, the section plane parsed into an Expression,
//              the basin kind as an enum. Errors are InputError naming
//              the field (compute.<name>.<key>); the job reader prefixes the job file's path.
//   variables  the result variables it writes, in order (result_layout.cpp lays them out)
//   fingerprint its line of the job fingerprint (job_fingerprint.cpp: resume compares them)
//   workload   which stepper it takes by default; lanes: the SIMD lane system integrating it, if any
// The list of units is CHAOSKIT_QUANTITY_LIST in quantity_list.hpp.
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/io/grid_layout.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/simd/lane_task.hpp"
#include "chaoskit/sweep/job.hpp"

namespace chaoskit::sweep {

/// What the layout of a quantity's variables depends on besides its options.
struct ModelShape {
  std::size_t n = 0;  ///< state dimension
  bool mechanical = false;
};

/// The variables of a job, appended in order by each unit.
class VariableList {
 public:
  explicit VariableList(std::vector<io::Variable>& out) : out_(out) {}
  /// One variable; its fill value follows its type (NaN, 255 for flags, −1 for integers).
  void add(std::string name, io::ElementType type, std::vector<io::TrailingDim> trailing, std::string units,
           std::string long_name);

 private:
  std::vector<io::Variable>& out_;
};

struct QuantityUnit {
  Quantity quantity;
  const char* name;  ///< its [compute] key and the name of its first variable
  Workload workload;
  std::optional<simd::LaneSystem> lanes;
  /// Reads the entry's table (c.quantity is set, every other field at its default, no options).
  void (*read)(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c);
  void (*variables)(const ComputeSpec& c, const ModelShape& shape, VariableList& out);
  /// Its line of the fingerprint, from "compute.<name> = " to the newline.
  void (*fingerprint)(const ComputeSpec& c, std::ostream& o);
};

/// What a job's model offers, for the readers (job_reader.cpp and the units).
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
