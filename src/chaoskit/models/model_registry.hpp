#pragma once
// The one list of models: name → description and construction from a parameter set. Algorithms
// are templates over concrete model types; `AnyModel` plus std::visit is where a name chosen at
// run time meets them, so the hot loops never see virtual dispatch.
#include <string>
#include <variant>
#include <vector>

#include "chaoskit/models/chain.hpp"
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

using AnyModel = std::variant<LimbModel, GolfModel, ChainModel<1>, ChainModel<2>, ChainModel<3>, ChainModel<4>,
                              ChainModel<5>, LorenzModel, HenonHeilesModel>;
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
#define CHAOSKIT_FOR_EACH_REGISTERED_MODEL(X) \
  CHAOSKIT_FOR_EACH_MECHANICAL_MODEL(X)       \
  X(LorenzModel)                              \
  X(HenonHeilesModel)
#define CHAOSKIT_COUNT_MODEL(M) +1
static_assert(std::variant_size_v<AnyModel> == 0 CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_COUNT_MODEL),
              "CHAOSKIT_FOR_EACH_REGISTERED_MODEL must list every AnyModel alternative");
#undef CHAOSKIT_COUNT_MODEL

/// Builds a model from its name and a parameter set (name or path; empty → the model's default).
/// Throws InputError for an unknown model or a bad parameter set.
AnyModel make_model(const std::string& name, const std::string& params = "");

struct ParamFile;
/// The same from a parameter file already read (e.g. with a job's overrides applied to its table).
AnyModel make_model(const std::string& name, const ParamFile& file);

/// The name under which `model` was registered ("chain" for every ChainModel<N>).
std::string model_name(const AnyModel& model);

}  // namespace chaoskit
