#pragma once
// The one list of models: name → description and construction from a parameter set. Algorithms
// are templates over concrete model types; `AnyModel` plus std::visit is where a name chosen at
// run time meets them, so the hot loops never see virtual dispatch.
#include <string>
#include <variant>
#include <vector>

#include "chaoskit/models/chain.hpp"
#include "chaoskit/models/file_model.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/henon_heiles.hpp"
#include "chaoskit/models/limb.hpp"
#include "chaoskit/models/lorenz.hpp"

namespace chaoskit {

struct ModelDescription {
  std::string name;
  std::string summary;
  std::string state;           // state component names, in order
  std::string inputs;          // input names, or "none"
  std::string conventions;     // angles and inertia conventions
  std::string default_params;  // shipped set used when --params is absent
};

const std::vector<ModelDescription>& model_catalog();

// Models read from TOML files (file_model.hpp) come in three state sizes. Each alternative here
// is compiled into every integrator, indicator, section and sweep instance, so their number is
// capped at three (CI's build time): 3 states (Lorenz-type flows), 4 (two-link chains, 2-dof
// Hamiltonians: golf, limb, Hénon–Heiles) and 6 (three-link chains: an arm with a wrist, a leg with
// a foot). Inputs ride along as N / 2 slots rather than as a second template parameter.
using AnyModel = std::variant<LimbModel, GolfModel, ChainModel<1>, ChainModel<2>, ChainModel<3>, ChainModel<4>,
                              ChainModel<5>, LorenzModel, HenonHeilesModel, FileModel<3>, FileModel<4>, FileModel<6>>;
/// The state sizes a model file may have (the FileModel alternatives above).
inline constexpr int kFileModelSizes[] = {3, 4, 6};
static_assert(kMaxChainLinks == 5, "extend AnyModel and make_model when raising kMaxChainLinks");

// The same list for the explicit template instances (*/instances.hpp and their .cpp files):
// X(Model) once per registered model, and once per mechanical model (those with links, a task
// endpoint and rest states: everything but the benchmark flows).
#define CHAOSKIT_FOR_EACH_MECHANICAL_MODEL(X) \
  X(LimbModel)                                \
  X(GolfModel)                                \
  X(ChainModel<1>)                            \
  X(ChainModel<2>)                            \
  X(ChainModel<3>)                            \
  X(ChainModel<4>)                            \
  X(ChainModel<5>)
#define CHAOSKIT_FOR_EACH_FILE_MODEL(X) \
  X(FileModel<3>)                       \
  X(FileModel<4>)                       \
  X(FileModel<6>)
// The file models whose type has the mechanical pieces (an even state size: dof = N / 2); whether
// a given file is mechanical is checked at run time (models/mechanical_form.hpp).
#define CHAOSKIT_FOR_EACH_MECHANICAL_FILE_MODEL(X) \
  X(FileModel<4>)                                  \
  X(FileModel<6>)
#define CHAOSKIT_FOR_EACH_REGISTERED_MODEL(X) \
  CHAOSKIT_FOR_EACH_MECHANICAL_MODEL(X)       \
  X(LorenzModel)                              \
  X(HenonHeilesModel)                         \
  CHAOSKIT_FOR_EACH_FILE_MODEL(X)
#define CHAOSKIT_COUNT_MODEL(M) +1
static_assert(std::variant_size_v<AnyModel> == 0 CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_COUNT_MODEL),
              "CHAOSKIT_FOR_EACH_REGISTERED_MODEL must list every AnyModel alternative");
#undef CHAOSKIT_COUNT_MODEL

/// Whether a model name is a model file (a path: it contains '/' or ends in .toml).
bool is_model_file(const std::string& name);

/// Builds a model from its name and a parameter set (name or path; empty → the model's default).
/// A model file (is_model_file) carries its own parameters, so `params` must then be empty.
/// Throws InputError for an unknown model or a bad parameter set.
AnyModel make_model(const std::string& name, const std::string& params = "");

struct ParamFile;
/// The same from a parameter file already read (e.g. with a job's overrides applied to its table);
/// for a model file, the file itself read by read_param_file.
AnyModel make_model(const std::string& name, const ParamFile& file);

/// The name under which `model` was registered ("chain" for every ChainModel<N>; the file's path
/// for a model file).
std::string model_name(const AnyModel& model);

}  // namespace chaoskit
