#include "chaoskit/sweep/job/parameter_axes.hpp"

#include <cctype>
#include <charconv>
#include <map>
#include <utility>

#include "chaoskit/models/model_registry.hpp"

namespace chaoskit::sweep {

namespace {

/// Units and descriptions of a layout's fields, from the models' field visitors (chain's visits
/// per-link arrays whole): the layout of every model in the list is its name.
std::map<std::string, std::pair<std::string, std::string>> field_table(const std::string& layout) {
  std::map<std::string, std::pair<std::string, std::string>> t;
  auto note = [&](const FieldInfo& f) { t[f.name] = {f.unit, f.description}; };
  auto collect = [&](const auto& model) {
    using M = std::decay_t<decltype(*model)>;
    if constexpr (requires { ModelTraits<M>::name; }) {
      using T = ModelTraits<M>;
      if (!t.empty() || layout != T::name) return;
      typename T::Params{}.for_each_field([&](const FieldInfo& f, const auto&) { note(f); });
    }
  };
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (collect(static_cast<std::variant_alternative_t<I, AnyModel>*>(nullptr)), ...);
  }
  (std::make_index_sequence<std::variant_size_v<AnyModel>>());
  return t;
}

const toml::table& values(const ParamFile& f) { return *f.table["values"].as_table(); }

}  // namespace

std::optional<ParameterRef> find_parameter(const ParamFile& file, const std::string& name) {
  auto fields = field_table(file.model);
  if (const toml::table* units = file.table["units"].as_table())  // a model file's own [units]
    for (const auto& [key, node] : *units)
      fields[std::string(key.str())] = {node.value_or(std::string()), "parameter of " + file.label};
  auto describe = [&](ParameterRef r) {
    if (auto it = fields.find(r.key); it != fields.end()) r.units = it->second.first, r.description = it->second.second;
    return r;
  };
  const toml::node* node = values(file).get(name);
  if (node && (node->is_integer() || node->is_floating_point())) return describe({name, -1, "", ""});
  // An array key followed by an element number (1-based).
  std::size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  if (digits == 0 || digits == name.size()) return std::nullopt;
  const std::string key = name.substr(0, digits);
  const toml::node* arr = values(file).get(key);
  if (!arr || !arr->is_array()) return std::nullopt;
  // The element number, 1-based without leading zeros; one too long for a long ("L99999999999999999999")
  // is no parameter either, like any other number past the array's end.
  long number = 0;
  const auto [end, ec] = std::from_chars(name.data() + digits, name.data() + name.size(), number);
  if (ec != std::errc() || name[digits] == '0') return std::nullopt;
  const long element = number - 1;
  if (element < 0 || element >= static_cast<long>(arr->as_array()->size())) return std::nullopt;
  ParameterRef r = describe({key, static_cast<int>(element), "", ""});
  if (!r.description.empty()) r.description += " of link " + std::to_string(element + 1);
  return r;
}

std::vector<std::string> parameter_names(const ParamFile& file) {
  std::vector<std::string> names;
  for (const auto& [key, node] : values(file)) {
    if (const auto* arr = node.as_array()) {
      for (std::size_t i = 0; i < arr->size(); ++i) names.push_back(std::string(key.str()) + std::to_string(i + 1));
    } else {
      names.emplace_back(key.str());
    }
  }
  return names;
}

void set_parameter(ParamFile& file, const ParameterRef& ref, double value) {
  toml::table& v = *file.table["values"].as_table();
  if (ref.element < 0) {
    v.insert_or_assign(ref.key, value);
  } else {
    toml::array& arr = *v.get(ref.key)->as_array();
    arr.replace(arr.begin() + ref.element, value);
  }
}

}  // namespace chaoskit::sweep
