#include "chaoskit/periodic/parameter_family.hpp"

#include <cctype>
#include <optional>
#include <variant>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/model_traits.hpp"

namespace chaoskit::periodic {

namespace {

/// A [values] entry: a scalar key, or element `element` (0-based) of an array key.
struct ValueRef {
  std::string key;
  int element = -1;
};

const toml::table& values_of(const ParamFile& f) { return *f.table["values"].as_table(); }

std::optional<ValueRef> find_value(const ParamFile& f, const std::string& name) {
  const toml::node* node = values_of(f).get(name);
  if (node && (node->is_integer() || node->is_floating_point())) return ValueRef{name, -1};
  std::size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  if (digits == 0 || digits == name.size() || name[digits] == '0' || name.size() - digits > 3) return std::nullopt;
  const toml::node* arr = values_of(f).get(name.substr(0, digits));
  if (!arr || !arr->is_array()) return std::nullopt;
  const int element = std::stoi(name.substr(digits)) - 1;
  if (element >= static_cast<int>(arr->as_array()->size())) return std::nullopt;
  return ValueRef{name.substr(0, digits), element};
}

double read_value(const ParamFile& f, const ValueRef& r) {
  const toml::node* node = values_of(f).get(r.key);
  if (r.element >= 0) node = node->as_array()->get(static_cast<std::size_t>(r.element));
  return node->value<double>().value_or(NAN);
}

void write_value(ParamFile& f, const ValueRef& r, double v) {
  toml::table& t = *f.table["values"].as_table();
  if (r.element < 0) {
    t.insert_or_assign(r.key, v);
  } else {
    toml::array& arr = *t.get(r.key)->as_array();
    arr.replace(arr.begin() + r.element, v);
  }
}

std::vector<std::string> value_names(const ParamFile& f) {
  std::vector<std::string> names;
  for (const auto& [key, node] : values_of(f)) {
    if (const auto* arr = node.as_array())
      for (std::size_t i = 0; i < arr->size(); ++i) names.push_back(std::string(key.str()) + std::to_string(i + 1));
    else
      names.emplace_back(key.str());
  }
  return names;
}

ParamFile setup_params(const FlowSetup& s) {
  if (s.file) return *s.file;
  if (is_model_file(s.model)) {
    if (!s.params.empty())
      throw InputError(s.model, "a model file carries its own parameters in [values]; edit a copy of the file instead");
    return read_param_file(s.model);
  }
  make_model(s.model, s.params);  // the name and set checked with make_model's messages
  return read_param_file(s.params.empty() ? default_param_set(s.model) : s.params);
}

std::vector<std::string> input_names(const AnyModel& model) {
  return std::visit(
      [](const auto& m) -> std::vector<std::string> {
        if constexpr (requires { m.input_names(); })
          return m.input_names();
        else
          return {};
      },
      model);
}

/// The unit of a [values] key: a model file's [units], or the compiled model's field description.
std::string units_of(const AnyModel& model, const ParamFile& f, const std::string& key) {
  if (const toml::table* units = f.table["units"].as_table())
    if (const auto* u = units->get(key)) return u->value_or(std::string());
  return std::visit(
      [&](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        std::string unit;
        if constexpr (requires { ModelTraits<M>::name; })
          typename ModelTraits<M>::Params{}.for_each_field([&](const FieldInfo& info, const auto&) {
            if (key == info.name) unit = info.unit;
          });
        return unit;
      },
      model);
}

/// The setup's problem for `model` under `flow`: its flow, or its map at the setup's event.
PeriodicProblem problem_of(const AnyModel& model, const FlowOptions& flow, const EventSection& section,
                           const Vector& probe) {
  return section.active() ? make_event_map_problem(model, flow, section) : make_flow_problem(model, flow, probe);
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace

AnyModel setup_model(const FlowSetup& setup) { return make_model(setup.model, setup_params(setup)); }

PeriodicProblem flow_problem(const FlowSetup& setup, const Vector& probe) {
  return problem_of(setup_model(setup), setup.flow, setup.section, probe);
}

std::vector<std::string> flow_parameter_names(const FlowSetup& setup) {
  const ParamFile f = setup_params(setup);
  std::vector<std::string> names{"energy"};
  for (const auto& n : input_names(make_model(setup.model, f))) names.push_back(n);
  for (const auto& n : value_names(f)) names.push_back(n);
  return names;
}

ParameterFamily flow_family(const FlowSetup& setup, const std::string& parameter, const Vector& probe, double energy) {
  const ParamFile file = setup_params(setup);
  const AnyModel model = make_model(setup.model, file);
  const EventSection section = setup.section;
  const PeriodicProblem start = problem_of(model, setup.flow, section, probe);
  // The start's verdict on conservation holds along the branch (the unknowns keep their layout).
  FlowOptions flow = setup.flow;
  flow.conservation = start.conservative() ? Conservation::conservative : Conservation::dissipative;
  ParameterFamily fam;
  fam.name = parameter;
  if (parameter == "energy") {
    if (section.active())
      throw InputError("parameter", "energy continuation applies to flows, not to a map at an event");
    if (!start.conservative())
      throw InputError("parameter",
                       "energy continuation needs a conservative flow (no damping, an energy; "
                       "--conservative yes declares one)");
    fam.units = "J";
    fam.energy_level = true;
    fam.fixed = start;
    fam.start = std::isfinite(energy) ? energy : start.energy(probe);
    return fam;
  }
  const auto inputs = input_names(model);
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i] != parameter) continue;
    const int channel = static_cast<int>(i);
    const int dim = static_cast<int>(inputs.size());
    std::vector<double> u = setup.flow.inputs.dim() ? setup.flow.inputs.value(0.0) : std::vector<double>(dim, 0.0);
    u.resize(static_cast<std::size_t>(dim), 0.0);
    fam.units = "N m";
    fam.start = u[i];
    fam.at = [model, flow, u, channel, probe, section](double p) {
      FlowOptions o = flow;
      std::vector<double> v = u;
      v[static_cast<std::size_t>(channel)] = p;
      o.inputs = InputSchedule::constant(v);
      o.input_channel = channel;
      return problem_of(model, o, section, probe);
    };
    return fam;
  }
  const auto ref = find_value(file, parameter);
  if (!ref) {
    std::vector<std::string> names{"energy"};
    for (const auto& n : inputs) names.push_back(n);
    for (const auto& n : value_names(file)) names.push_back(n);
    throw InputError("parameter", "unknown parameter '" + parameter + "' (known: " + joined(names) + ")");
  }
  fam.units = units_of(model, file, ref->key);
  fam.start = read_value(file, *ref);
  fam.at = [file, ref = *ref, name = setup.model, flow, probe, section](double p) {
    ParamFile f = file;
    write_value(f, ref, p);
    return problem_of(make_model(name, f), flow, section, probe);
  };
  return fam;
}

ParameterFamily map_family(const std::string& map, const std::vector<NamedValue>& values,
                           const std::string& parameter) {
  ParameterFamily fam;
  fam.name = parameter;
  fam.units = "1";
  fam.start = explicit_map_parameter(map, values, parameter);
  fam.at = [map, values, parameter](double p) {
    std::vector<NamedValue> v = values;
    v.push_back({parameter, p});
    return explicit_map_problem(map, v, parameter);
  };
  return fam;
}

}  // namespace chaoskit::periodic
