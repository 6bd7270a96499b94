#include "chaoskit/sweep/job/model_factory.hpp"

#include <cassert>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/conversions.hpp"
#include "chaoskit/sweep/job/parameter_axes.hpp"

namespace chaoskit::sweep {

namespace {

/// Calls f.template operator()<M>() for every model of the list (AnyModel's alternatives), in order.
template <class F>
void for_each_model(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<std::variant_alternative_t<I, AnyModel>>(), ...);
  }
  (std::make_index_sequence<std::variant_size_v<AnyModel>>());
}

/// A compiled model: a list entry with traits (model files have none: they are chosen by path).
template <class M>
constexpr bool kCompiled = requires {
  ModelTraits<M>::name;
};

/// Visits a layout's fields through its field visitor as f(key, value): a scalar as double&, an
/// array (chain's per-link values) as std::vector<double>&.
template <class P, class F>
void for_each_value(P& p, F&& f) {
  p.for_each_field([&](const FieldInfo& info, auto& v) { f(std::string_view(info.name), v); });
}

/// The position of `key` (with element ≥ 0, of an array key) in P's visiting order.
template <class P>
int field_of(P p, const std::string& key, int element) {
  int i = 0, found = -1;
  for_each_value(p, [&](std::string_view name, auto& v) {
    if (found < 0 && name == key) {
      if constexpr (std::is_same_v<std::decay_t<decltype(v)>, double>) {
        if (element < 0) found = i;
      } else {
        if (element >= 0 && element < static_cast<int>(v.size())) found = i;
      }
    }
    ++i;
  });
  // An internal invariant (core/errors.hpp): parameter_axes.cpp resolved the key and checked the
  // element against the set before asking.
  assert(found >= 0 && "model factory: the parameter set has no such field");
  return found;
}

/// The value a setting writes: field `field` (element `element` of an array) of `p`.
template <class P>
double& value_at(P& p, int field, int element) {
  double* out = nullptr;
  int i = 0;
  for_each_value(p, [&](std::string_view, auto& v) {
    if (i++ != field) return;
    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, double>)
      out = &v;
    else
      out = &v[static_cast<std::size_t>(element)];
  });
  assert(out);
  return *out;
}

/// The list entries named `name` that take parameters TP, in list order: each with its traits'
/// `accepts` (true where it has none) and its constructor. make_model builds the first that accepts.
template <class TP>
struct Entry {
  bool (*accepts)(const TP&);
  AnyModel (*build)(const TP&);
};
template <class TP>
std::vector<Entry<TP>> entries_named(const std::string& name) {
  std::vector<Entry<TP>> out;
  for_each_model([&]<class M>() {
    if constexpr (kCompiled<M>) {
      using T = ModelTraits<M>;
      if constexpr (std::is_same_v<typename T::Params, TP>) {
        if (name != T::name) return;
        Entry<TP> e{[](const TP&) { return true; }, [](const TP& p) { return AnyModel(M(p)); }};
        if constexpr (requires(const TP& p) { T::accepts(p); }) e.accepts = [](const TP& p) { return T::accepts(p); };
        out.push_back(e);
      }
    }
  });
  return out;
}

using FieldFn = std::function<int(const std::string&, int)>;
using MakeFn = std::function<AnyModel(std::span<const ModelFactory::Setting>)>;

/// The typed path for a set in layout L (a list entry's Params) read for the model named `name`;
/// false when no entry of that name takes L's layout (make_model then refuses the set).
template <class L>
bool typed_factory(const std::string& name, const ParamFile& params, FieldFn& field, MakeFn& make) {
  using LP = typename ModelTraits<L>::Params;
  bool seen = false, done = false;
  for_each_model([&]<class M>() {
    if constexpr (kCompiled<M>) {
      using TP = typename ModelTraits<M>::Params;
      if (seen || name != ModelTraits<M>::name) return;  // the first entry of that name reads the set
      seen = true;
      if constexpr (requires(const LP& p) { convert_params(p, std::type_identity<TP>{}); }) {
        // The set in its own layout, read as make_model reads it (strictly, and validated).
        const LP base = model_params<L>(params);
        field = [base](const std::string& key, int element) { return field_of(base, key, element); };
        make = [base, context = params.label + ": values.", label = params.label, name,
                entries = entries_named<TP>(name)](std::span<const ModelFactory::Setting> settings) {
          LP p = base;
          for (const auto& s : settings) value_at(p, s.field, s.element) = s.value;
          p.validate(context);  // what the reader checks after reading the values
          const TP t = convert_params(p, std::type_identity<TP>{});
          for (const auto& e : entries)
            if (e.accepts(t)) return e.build(t);
          throw InputError("model", "no compiled " + name + " model takes the parameter set '" + label + "'");
        };
        done = true;
      }  // else no conversion between the layouts: left to make_model's refusal
    }
  });
  return done;
}

}  // namespace

ModelFactory::ModelFactory(const std::string& model_name, const ParamFile& params) {
  // A compiled model: the typed path, in the layout of the first list entry named as the set's model.
  bool typed = false, layout_seen = false;
  if (!is_model_file(model_name)) {
    for_each_model([&]<class L>() {
      if constexpr (kCompiled<L>) {
        if (layout_seen || params.model != ModelTraits<L>::name) return;
        layout_seen = true;
        typed = typed_factory<L>(model_name, params, field_, make_);
      }
    });
  }
  if (typed) return;
  // A model file (model = "ode" | "mechanical") keeps the TOML path: its ModelProgram folds the
  // [values] into the compiled program's constants (models/model_program.hpp: constant folding, and
  // errors such as a division by a parameter expression that is 0 are found while compiling), so a
  // point with other values is a program of its own, compiled from the set with them written in.
  // (A set no entry can use also ends here: make_model refuses it with its usual error.)
  std::vector<std::string> keys;
  for (const auto& [key, node] : *params.table["values"].as_table()) keys.emplace_back(key.str());
  field_ = [keys](const std::string& key, int) {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return static_cast<int>(i);
    assert(false && "model factory: the model file's set has no such value");  // as field_of above
    return -1;
  };
  make_ = [keys, model_name, params](std::span<const Setting> settings) {
    ParamFile p = params;
    for (const auto& s : settings)
      set_parameter(p, {keys[static_cast<std::size_t>(s.field)], s.element, "", ""}, s.value);
    return make_model(model_name, p);
  };
}

int ModelFactory::field(const std::string& key, int element) const { return field_(key, element); }

AnyModel ModelFactory::make(std::span<const Setting> settings) const { return make_(settings); }

}  // namespace chaoskit::sweep
