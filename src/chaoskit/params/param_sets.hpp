#pragma once
// Parameter sets: TOML files in data/params/ (or any path) holding a model's values and the
// provenance of each number. Reading is strict: a missing or unknown key, a wrong type or an
// out-of-range value is an InputError naming the file and the key.
//
//   model = "golf"                  # which parameter layout the file uses
//   description = "..."
//   [values]     L1 = 0.35 ...      # exactly the model's fields
//   [provenance] L1 = "..."         # where each number comes from (required for shipped sets)
//   [derivation] ...                # optional raw inputs of a derived set
#include <filesystem>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "chaoskit/models/chain.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/henon_heiles.hpp"
#include "chaoskit/models/limb.hpp"
#include "chaoskit/models/lorenz.hpp"
#include "chaoskit/models/model_traits.hpp"

namespace chaoskit {

struct ParamFile {
  std::string label;  // set name or path, used in error messages and provenance
  std::filesystem::path path;
  std::string model;  // the layout the file declares
  toml::table table;
};

/// The shipped data/ directory: $CHAOSKIT_DATA when set; for a program inside the build tree, the
/// sources' data/; for an installed program, PREFIX/share/chaoskit/data beside its bin/; otherwise
/// the data directory of the configured install prefix.
std::filesystem::path data_directory();
/// Makes data_directory() return `dir` unless CHAOSKIT_DATA is set (empty: back to the lookup).
/// For programs whose executable says nothing about where data/ is: the Python module, loaded by
/// the system's python3, passes the folder its package was built or installed with.
void set_data_directory(const std::filesystem::path& dir);

/// Names of the shipped sets (data/params/*.toml without extension), sorted.
std::vector<std::string> shipped_param_sets();

/// Reads a set by name (data/params/NAME.toml) or by path (anything containing '/' or ending in
/// .toml). Checks the top-level keys; the [values] are read by the per-model functions below.
ParamFile read_param_file(const std::string& name_or_path);

/// Per-model readers. Each accepts its own layout and, where a conversion exists, another one:
/// golf ← golf | limb; limb ← limb | golf; chain ← chain | golf | limb.
GolfParams golf_params(const ParamFile& f);
LimbParams limb_params(const ParamFile& f);
ChainParams chain_params(const ParamFile& f);
LorenzParams lorenz_params(const ParamFile& f);
HenonHeilesParams henon_heiles_params(const ParamFile& f);

namespace detail {
double read_value(const ParamFile& f, std::string_view key);
void reject_other_values(const ParamFile& f, const std::vector<std::string>& known);
void check_layout(const ParamFile& f, const char* model);
}  // namespace detail

/// Reads a parameter struct with a field visitor (`for_each_field`, as GolfParams) from [values],
/// strictly: every field present, no other key, each within its bounds.
template <class Params>
Params read_fields(const ParamFile& f) {
  Params p;
  std::vector<std::string> known;
  p.for_each_field([&](const FieldInfo& info, double& value) {
    known.emplace_back(info.name);
    value = detail::read_value(f, info.name);
  });
  detail::reject_other_values(f, known);
  p.validate(f.label + ": values.");
  return p;
}

/// The parameters of compiled model M from a set: the readers above for the models with
/// conversions between layouts, otherwise the set's [values] in M's own layout (model = its name)
/// through the field visitor.
template <class M>
typename ModelTraits<M>::Params model_params(const ParamFile& f) {
  using P = typename ModelTraits<M>::Params;
  if constexpr (std::is_same_v<P, GolfParams>) {
    return golf_params(f);
  } else if constexpr (std::is_same_v<P, LimbParams>) {
    return limb_params(f);
  } else if constexpr (std::is_same_v<P, ChainParams>) {
    return chain_params(f);
  } else {
    detail::check_layout(f, ModelTraits<M>::name);
    return read_fields<P>(f);
  }
}

}  // namespace chaoskit
