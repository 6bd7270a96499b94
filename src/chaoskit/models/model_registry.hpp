#pragma once
// Where a model name chosen at run time meets the compiled models. Algorithms are templates over
// concrete model types; `AnyModel` plus std::visit is where a name chosen at run time meets them,
// so the hot loops never see virtual dispatch. Everything here is generated from the one list of
// models (model_list.hpp) and each model's ModelTraits (model_traits.hpp).
#include <string>
#include <variant>
#include <vector>

#include "chaoskit/models/model_list.hpp"

namespace chaoskit {

struct ModelDescription {
  std::string name;
  std::string summary;
  std::string state;           // state component names, in order
  std::string inputs;          // input names, or "none"
  std::string conventions;     // angles and inertia conventions
  std::string default_params;  // shipped set used when --params is absent
};

/// One entry per model name, in list order (the chains of 1 to 5 links are one entry, "chain").
const std::vector<ModelDescription>& model_catalog();
/// The names of model_catalog() joined by `separator` ("limb | golf | ..." for help texts).
std::string model_names(const std::string& separator = " | ");
/// The names of the compiled mechanical models (links with a mass matrix: "limb, golf, chain"), for
/// messages that refuse another model.
std::string mechanical_model_names(const std::string& separator = ", ");

namespace detail {
template <class... Ms>
struct VariantOfList;  // drops the leading `void` the list expansion below starts with
template <class... Ms>
struct VariantOfList<void, Ms...> {
  using type = std::variant<Ms...>;
};
}  // namespace detail

#define CHAOSKIT_MODEL_LIST_TYPE(A, M, kind) , M
/// Every model of the list, in its order.
using AnyModel = detail::VariantOfList<void CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_LIST_TYPE, )>::type;
#undef CHAOSKIT_MODEL_LIST_TYPE

// The list filtered by kind, for the explicit template instances (*/instances.hpp): X(Model) once
// per model of the kind. CHAOSKIT_MODEL_KIND_<PREDICATE>_<kind>(X, M) is X(M) when a model of that
// kind belongs to the predicate, nothing otherwise.
#define CHAOSKIT_MODEL_KIND_ANY_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_ANY_mechanical_1dof(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_ANY_flow(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_ANY_file_flow(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_ANY_file_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_ANY_file_any_size(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_mechanical_1dof(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_flow(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_file_flow(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_file_mechanical(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_file_any_size(X, M)
#define CHAOSKIT_MODEL_KIND_FILE_mechanical(X, M)
#define CHAOSKIT_MODEL_KIND_FILE_mechanical_1dof(X, M)
#define CHAOSKIT_MODEL_KIND_FILE_flow(X, M)
#define CHAOSKIT_MODEL_KIND_FILE_file_flow(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_FILE_file_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_FILE_file_any_size(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_FILE_mechanical(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_FILE_mechanical_1dof(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_FILE_flow(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_FILE_file_flow(X, M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_FILE_file_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_MECHANICAL_FILE_file_any_size(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_COMPILED_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_COMPILED_mechanical_1dof(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_COMPILED_flow(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_COMPILED_file_flow(X, M)
#define CHAOSKIT_MODEL_KIND_COMPILED_file_mechanical(X, M)
#define CHAOSKIT_MODEL_KIND_COMPILED_file_any_size(X, M)
/// SALI's two deviation vectors are a separate instance only for models of more than two states.
#define CHAOSKIT_MODEL_KIND_SALI_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_SALI_mechanical_1dof(X, M)
#define CHAOSKIT_MODEL_KIND_SALI_flow(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_SALI_file_flow(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_SALI_file_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_SALI_file_any_size(X, M) X(M)
/// The models with events (models/hybrid_model.hpp): the model-file types (whether a given file has
/// events is known at run time).
#define CHAOSKIT_MODEL_KIND_HYBRID_mechanical(X, M)
#define CHAOSKIT_MODEL_KIND_HYBRID_mechanical_1dof(X, M)
#define CHAOSKIT_MODEL_KIND_HYBRID_flow(X, M)
#define CHAOSKIT_MODEL_KIND_HYBRID_file_flow(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_HYBRID_file_mechanical(X, M) X(M)
#define CHAOSKIT_MODEL_KIND_HYBRID_file_any_size(X, M) X(M)

#define CHAOSKIT_MODEL_PICK_ANY(X, M, kind) CHAOSKIT_MODEL_KIND_ANY_##kind(X, M)
#define CHAOSKIT_MODEL_PICK_MECHANICAL(X, M, kind) CHAOSKIT_MODEL_KIND_MECHANICAL_##kind(X, M)
#define CHAOSKIT_MODEL_PICK_FILE(X, M, kind) CHAOSKIT_MODEL_KIND_FILE_##kind(X, M)
#define CHAOSKIT_MODEL_PICK_MECHANICAL_FILE(X, M, kind) CHAOSKIT_MODEL_KIND_MECHANICAL_FILE_##kind(X, M)
#define CHAOSKIT_MODEL_PICK_COMPILED(X, M, kind) CHAOSKIT_MODEL_KIND_COMPILED_##kind(X, M)
#define CHAOSKIT_MODEL_PICK_SALI(X, M, kind) CHAOSKIT_MODEL_KIND_SALI_##kind(X, M)
#define CHAOSKIT_MODEL_PICK_HYBRID(X, M, kind) CHAOSKIT_MODEL_KIND_HYBRID_##kind(X, M)

/// Every model of the list.
#define CHAOSKIT_FOR_EACH_REGISTERED_MODEL(X) CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_PICK_ANY, X)
/// The compiled models (everything but the model-file types).
#define CHAOSKIT_FOR_EACH_COMPILED_MODEL(X) CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_PICK_COMPILED, X)
/// The compiled mechanical models (links, a task endpoint and rest states).
#define CHAOSKIT_FOR_EACH_MECHANICAL_MODEL(X) CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_PICK_MECHANICAL, X)
/// The model-file types of a fixed size (the ones with lanes; FileModel<Eigen::Dynamic> is not one).
#define CHAOSKIT_FOR_EACH_FILE_MODEL(X) CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_PICK_FILE, X)
/// The model-file types that have the mechanical pieces (whether a given file is mechanical is
/// checked at run time, models/mechanical_form.hpp).
#define CHAOSKIT_FOR_EACH_MECHANICAL_FILE_MODEL(X) CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_PICK_MECHANICAL_FILE, X)
/// The models whose SALI (two deviation vectors) is not their GALI_n (more than two states).
#define CHAOSKIT_FOR_EACH_SALI_MODEL(X) CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_PICK_SALI, X)
/// The models with events.
#define CHAOSKIT_FOR_EACH_HYBRID_MODEL(X) CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_PICK_HYBRID, X)

/// Whether a model name is a model file (a path: it contains '/' or ends in .toml).
bool is_model_file(const std::string& name);

/// The set each model uses when no parameter set is named: its ModelTraits' default_params
/// (design.md: limb → reconstructed, golf → manufactured); a model file is its own set.
std::string default_param_set(const std::string& model);

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

/// The number of joints of a mechanical model (models/mechanical_form.hpp); 0 for a flow and for a
/// model file of the ODE form or whose B or D varies with the state.
int mechanical_dof(const AnyModel& model);

}  // namespace chaoskit
