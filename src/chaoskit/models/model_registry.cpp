#include "chaoskit/models/model_registry.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/models/model_concepts.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit {

namespace {

/// The list as a tuple of types, for the compile-time walks below.
#define CHAOSKIT_MODEL_LIST_TYPE(A, M, kind) , M
template <class... Ms>
struct TupleOfList;
template <class... Ms>
struct TupleOfList<void, Ms...> {
  using type = std::tuple<Ms...>;
};
using ModelTuple = TupleOfList<void CHAOSKIT_MODEL_LIST(CHAOSKIT_MODEL_LIST_TYPE, )>::type;
#undef CHAOSKIT_MODEL_LIST_TYPE

template <class M>
constexpr bool kIsFileModel = requires(const M& m) {
  m.program;
};

// ChainParams accepts 1 to kMaxChainLinks links: the list must have a ChainModel<N> for each.
template <class M>
constexpr int kChainEntry = 0;
template <int N>
constexpr int kChainEntry<ChainModel<N>> = 1;
#define CHAOSKIT_COUNT_CHAIN(A, M, kind) +kChainEntry<M>
static_assert(0 CHAOSKIT_MODEL_LIST(CHAOSKIT_COUNT_CHAIN, ) == kMaxChainLinks,
              "models/model_list.hpp needs ChainModel<1> to ChainModel<kMaxChainLinks>");
#undef CHAOSKIT_COUNT_CHAIN

/// Calls f.template operator()<M>() for every model of the list, in order, until it returns true.
template <class F, std::size_t I = 0>
bool for_each_model(F&& f) {
  if constexpr (I == std::tuple_size_v<ModelTuple>) {
    return false;
  } else {
    using M = std::tuple_element_t<I, ModelTuple>;
    if (f.template operator()<M>()) return true;
    return for_each_model<F, I + 1>(std::forward<F>(f));
  }
}

bool is_known_name(const std::string& name) {
  for (const auto& d : model_catalog())
    if (d.name == name) return true;
  return false;
}

}  // namespace

const std::vector<ModelDescription>& model_catalog() {
  static const std::vector<ModelDescription> catalog = [] {
    std::vector<ModelDescription> c;
    for_each_model([&]<class M>() {
      if constexpr (!kIsFileModel<M>) {
        using T = ModelTraits<M>;
        bool seen = false;
        for (const auto& d : c) seen = seen || d.name == T::name;
        if (!seen) c.push_back({T::name, T::summary, T::state, T::inputs, T::conventions, T::default_params});
      }
      return false;
    });
    return c;
  }();
  return catalog;
}

std::string model_names(const std::string& separator) {
  std::string list;
  for (const auto& d : model_catalog()) list += (list.empty() ? "" : separator) + d.name;
  return list;
}

std::string mechanical_model_names(const std::string& separator) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for_each_model([&]<class M>() {
      if constexpr (!kIsFileModel<M> && MechanicalModel<M>)
        if (std::find(n.begin(), n.end(), ModelTraits<M>::name) == n.end()) n.emplace_back(ModelTraits<M>::name);
      return false;
    });
    return n;
  }();
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : separator) + name;
  return list;
}

bool is_model_file(const std::string& name) { return name.find('/') != std::string::npos || name.ends_with(".toml"); }

std::string default_param_set(const std::string& model) {
  if (is_model_file(model)) return model;  // a model file (models/model_program.hpp) is its own parameter set
  for (const ModelDescription& d : model_catalog())
    if (d.name == model) return d.default_params;
  throw InputError("model", "unknown model '" + model + "'");
}

namespace {

AnyModel make_file_model(std::shared_ptr<const ModelProgram> program) {
  const int n = program->state_dim();
  if (n > kMaxRunTimeStates)
    throw InputError(program->source(), "a model file has at most " + std::to_string(kMaxRunTimeStates) +
                                            " states (this one has " + std::to_string(n) + ")");
  if (program->input_count() > n / 2)
    throw InputError(program->source(), "a model file of " + std::to_string(n) + (n == 1 ? " state" : " states") +
                                            " has room for " + std::to_string(n / 2) +
                                            " inputs (one per two states), this one declares " +
                                            std::to_string(program->input_count()));
  // The compiled size if there is one (the fast path, with lanes), else the run-time-sized type.
  std::optional<AnyModel> made;
  for_each_model([&]<class M>() {
    if constexpr (kIsFileModel<M>) {
      if (M::state_dim != n && is_fixed_extent(M::state_dim)) return false;
      made.emplace(M(program));
      return true;
    }
    return false;
  });
  return std::move(*made);
}

}  // namespace

AnyModel make_model(const std::string& name, const std::string& params) {
  if (is_model_file(name)) {
    if (!params.empty())
      throw InputError(name, "a model file carries its own parameters in [values]; edit a copy of the file instead");
    return make_model(name, read_param_file(name));
  }
  if (!is_known_name(name))
    throw InputError("model", "unknown model '" + name + "' (known: " + model_names(", ") + ")");
  return make_model(name, read_param_file(params.empty() ? default_param_set(name) : params));
}

AnyModel make_model(const std::string& name, const ParamFile& file) {
  if (is_model_file(name)) return make_file_model(ModelProgram::compile(file));
  if (!is_known_name(name)) throw InputError("model", "unknown model '" + name + "'");
  // The first entry of that name reads the set; of the entries sharing it (the chains), the one
  // that accepts the parameters is built.
  std::optional<AnyModel> made;
  for_each_model([&]<class M>() {
    if constexpr (!kIsFileModel<M>) {
      using T = ModelTraits<M>;
      if (name != T::name) return false;
      const typename T::Params p = model_params<M>(file);
      return for_each_model([&]<class M2>() {
        if constexpr (!kIsFileModel<M2>) {
          using T2 = ModelTraits<M2>;
          if constexpr (std::is_same_v<typename T2::Params, typename T::Params>) {
            if (name != T2::name) return false;
            if constexpr (requires { T2::accepts(p); })
              if (!T2::accepts(p)) return false;
            made.emplace(M2(p));
            return true;
          }
        }
        return false;
      });
    }
    return false;
  });
  if (made) return std::move(*made);
  // A set no entry of that name accepts (the chains' sets are checked for 1 to kMaxChainLinks
  // links when read, so this is reached only by a list that lacks some).
  throw InputError("model", "no compiled " + name + " model takes the parameter set '" + file.label + "'");
}

std::string model_name(const AnyModel& model) {
  return std::visit(
      [](const auto& m) -> std::string {
        using M = std::decay_t<decltype(m)>;
        if constexpr (kIsFileModel<M>)
          return m.source();
        else
          return ModelTraits<M>::name;
      },
      model);
}

int mechanical_dof(const AnyModel& model) {
  return std::visit(
      [](const auto& m) {
        if constexpr (MechanicalModel<std::decay_t<decltype(m)>>)
          return is_mechanical_model(m) ? coordinate_count(m) : 0;
        else
          return 0;
      },
      model);
}

}  // namespace chaoskit
