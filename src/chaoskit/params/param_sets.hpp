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

/// The set each model uses when --params is not given (design.md: limb → reconstructed, golf →
/// manufactured).
std::string default_param_set(const std::string& model);

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

}  // namespace chaoskit
