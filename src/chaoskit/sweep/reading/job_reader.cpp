// Reads a sweep job file (TOML) into a Job, refusing bad input with the key named: every table of
// the schema ([model], [grid], [points], [sample], [energy], [inputs], [compute], [integrator],
// [output]) with the same helpers, in the order a job is checked.
#include "chaoskit/sweep/reading/job_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/memory.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/job/model_factory.hpp"
#include "chaoskit/sweep/job/parameter_axes.hpp"
#include "chaoskit/sweep/job/point_list.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/reading/axis_values.hpp"
#include "chaoskit/sweep/reading/energy_sample.hpp"
#include "chaoskit/sweep/reading/parameter_checks.hpp"

namespace chaoskit::sweep {

namespace {

const toml::table& table_at(const toml::table& root, const std::string& key, const std::string& field) {
  const toml::node* n = root.get(key);
  if (!n) throw InputError(field, "missing table");
  if (!n->is_table()) throw InputError(field, "must be a table");
  return *n->as_table();
}

double positive_number(const toml::table& t, const std::string& key, double fallback, const std::string& field) {
  const toml::node* n = t.get(key);
  if (!n) return fallback;
  const double v = number_of(*n, field);
  if (!(v > 0.0)) throw InputError(field, "must be > 0");
  return v;
}

template <class F>
auto on_model(const AnyModel& m, F&& f) {
  return std::visit(std::forward<F>(f), m);
}

std::vector<std::string> input_names_of(const AnyModel& m) {
  return on_model(m, [](const auto& x) -> std::vector<std::string> {
    if constexpr (requires { x.input_names(); })
      return x.input_names();
    else
      return {};
  });
}

/// A table's entries in the order they are written in the file (toml++ keeps keys sorted), so
/// that grid axes become dimensions, and compute entries variables, in the order the user wrote.
std::vector<std::pair<std::string, const toml::node*>> in_file_order(const toml::table& t) {
  std::vector<std::pair<std::string, const toml::node*>> entries;
  for (const auto& [key, node] : t) entries.emplace_back(std::string(key.str()), &node);
  std::stable_sort(entries.begin(), entries.end(), [&](const auto& a, const auto& b) {
    const auto pa = t.get(a.first) ? a.second->source().begin : toml::source_position{};
    const auto pb = t.get(b.first) ? b.second->source().begin : toml::source_position{};
    return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
  });
  return entries;
}

/// The shortest text that reads back as `v` (for values quoted in messages).
std::string shortest(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// ---- [model] -------------------------------------------------------------------------------

}  // namespace

void apply_overrides(ParamFile& file, const toml::table& overrides) {
  toml::table& values = *file.table["values"].as_table();
  for (const auto& [key, node] : overrides) {
    const std::string field = "model.overrides." + std::string(key.str());
    toml::node* current = values.get(key.str());
    if (!current) throw InputError(field, "no such parameter in " + file.label + " (model " + file.model + ")");
    if (current->is_array()) {
      const auto* arr = node.as_array();
      if (!arr || arr->size() != current->as_array()->size())
        throw InputError(field, "must be an array of " + std::to_string(current->as_array()->size()) + " numbers");
      toml::array copy;
      for (std::size_t i = 0; i < arr->size(); ++i)
        copy.push_back(number_of(*arr->get(i), field + "[" + std::to_string(i) + "]"));
      values.insert_or_assign(key.str(), std::move(copy));
    } else {
      values.insert_or_assign(key.str(), number_of(node, field));
    }
  }
  file.label += " (with [model.overrides])";
}

namespace {

// ---- [grid] --------------------------------------------------------------------------------

/// What a grid name (a [grid] key or a [points] column) sets; `field` names it in errors.
GridEntry classify(const std::string& name, const std::string& field, const Job& job,
                   const std::vector<std::string>& states, const std::vector<std::string>& inputs) {
  GridEntry e;
  e.name = name;
  for (std::size_t i = 0; i < states.size(); ++i)
    if (states[i] == name) {
      e.target = Target::state;
      e.index = static_cast<int>(i);
      const int dof = mechanical_dof(job.base_model);
      const bool angle = dof > 0 && static_cast<int>(i) < dof;
      e.units = dof == 0 ? "1" : angle ? "rad" : "rad/s";
      on_model(job.base_model, [&](const auto& m) {  // a model file's [units], where it gives them
        if constexpr (requires { m.program; })
          if (!m.program->state_units()[i].empty()) e.units = m.program->state_units()[i];
      });
      e.long_name = std::string("initial ") + (dof == 0 ? "value of " + name
                                               : angle  ? "angle " + name
                                                        : "rate " + name);
      return e;
    }
  if (name == "energy") {
    require_file_mechanics(job.base_model, "energy grids", MechanicalNeeds{.potential = true});
    if (!is_mechanical(job.base_model))
      throw InputError(
          field, "an energy grid needs a mechanical model (" + mechanical_model_names() + "), not " + job.model_name);
    e.target = Target::energy;
    e.units = "J";
    e.long_name = "total energy of the initial state";
    return e;
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i] == name) {
      e.target = Target::torque;
      e.index = static_cast<int>(i);
      e.units = "N m";
      e.long_name = "constant joint moment " + name;
      return e;
    }
    if ("release_" + inputs[i] == name) {
      e.target = Target::release;
      e.index = static_cast<int>(i);
      e.units = "s";
      e.long_name = "release time of " + inputs[i];
      return e;
    }
  }
  if (const auto p = find_parameter(job.params, name)) {
    e.target = Target::parameter;
    e.param_key = p->key;
    e.index = p->element;
    e.param_field = job.models->field(p->key, p->element);
    e.units = p->units;
    e.long_name = "parameter " + name + (p->description.empty() ? "" : " (" + p->description + ")");
    return e;
  }
  std::vector<std::string> known = states;
  known.push_back("energy");
  for (const auto& i : inputs) known.push_back(i), known.push_back("release_" + i);
  for (const auto& p : parameter_names(job.params)) known.push_back(p);
  throw InputError(field, "unknown name for model " + job.model_name + " (known: " + comma_separated(known) + ")");
}

/// [grid]: axes and fixed values. With `points` (a [points] job) only fixed values are allowed:
/// the points are the file's rows, not a product of axes.
void read_grid(Job& job, const toml::table& grid, const toml::table* points_table) {
  const std::vector<std::string> states = state_names_of(job.base_model);
  const std::vector<std::string> inputs = input_names_of(job.base_model);
  for (const auto& [name, node_ptr] : in_file_order(grid)) {
    const toml::node& node = *node_ptr;
    GridEntry e = classify(name, "grid." + name, job, states, inputs);
    if (node.is_table() || node.is_array()) {
      if (points_table)
        throw InputError("grid." + name, "an axis cannot be combined with [points]: give " + name +
                                             " as a column of the points file, or as one fixed number");
      e.values = axis_values(node, "grid." + name);
      job.axes.push_back(std::move(e));
    } else {
      e.values = {number_of(node, "grid." + name)};
      job.fixed.push_back(std::move(e));
    }
  }
  if (points_table) return;
  if (job.axes.empty())
    throw InputError("grid", "no axis to sweep (give at least one entry as { linspace = [a, b, n] })");
  if (job.axes.size() > 8) throw InputError("grid", "at most 8 axes");
  double points = 1;
  std::string shape;
  for (const auto& a : job.axes) {
    points *= static_cast<double>(a.values.size());
    shape += (shape.empty() ? "" : " x ") + a.name + "[" + std::to_string(a.values.size()) + "]";
  }
  if (points > static_cast<double>(kMaxPoints))
    throw InputError("grid", shape + " is " + format_count(points) + " points, more than a sweep can index (2^50)");
}

// ---- [points] ------------------------------------------------------------------------------

/// [points] file = "...": the list's rows become the job's points, through one synthetic axis
/// `point` (0..N-1) whose coordinate point_context() reads as a row number (job.hpp). Each column
/// is classified like a [grid] name, refused where the file gives it (header line and column);
/// `ignore` names columns to skip unread.
void read_points(Job& job, const toml::table& points, const std::filesystem::path& base_dir, const PointTable* given) {
  reject_unknown_keys(points, {"file", "ignore"}, "points.");
  std::vector<std::string> ignore;  // columns the file has but the points do not use (frame, time, label)
  if (const toml::node* n = points.get("ignore")) {
    const toml::array* names = n->as_array();
    if (!names) throw InputError("points.ignore", "must be an array of column names, e.g. [\"frame\", \"t\"]");
    for (std::size_t i = 0; i < names->size(); ++i)
      ignore.push_back(string_of(*names->get(i), "points.ignore[" + std::to_string(i) + "]"));
  }
  const toml::node* file = points.get("file");
  if (file && given) throw InputError("points.file", "not allowed here: the points are given directly");
  job.point_source = PointSource::point_list;
  if (given) {
    if (!ignore.empty()) throw InputError("points.ignore", "not allowed here: the points are given directly");
    job.points.table = *given;
  } else {
    if (!file) throw InputError("points.file", "missing (e.g. file = \"states.csv\", relative to the job file)");
    std::filesystem::path path = string_of(*file, "points.file");
    if (path.empty()) throw InputError("points.file", "must not be empty");
    if (path.is_relative() && !base_dir.empty()) path = base_dir / path;
    job.points.table = read_point_table(path.string(), ignore);
  }
  const PointTable& t = job.points.table;
  const std::vector<std::string> states = state_names_of(job.base_model);
  const std::vector<std::string> inputs = input_names_of(job.base_model);
  for (std::size_t c = 0; c < t.names.size(); ++c) {
    const std::string& name = t.names[c];
    for (const auto& f : job.fixed)
      if (f.name == name)
        throw InputError(t.where_header(c),
                         "also set in [grid] (" + name + " = " + shortest(f.values[0]) + "); give it in one place");
    job.points.columns.push_back(classify(name, t.where_header(c), job, states, inputs));
  }

  GridEntry axis;
  axis.name = "point";
  axis.target = Target::point_row;
  axis.units = "1";
  axis.long_name = "index of the point: its row in the point list, in file order from 0";
  axis.values.resize(t.rows());
  for (std::size_t r = 0; r < t.rows(); ++r) axis.values[r] = static_cast<double>(r);
  job.axes.push_back(std::move(axis));
}

void read_energy(Job& job, const toml::table* energy) {
  // Every name a point gets a value for: grid axes, fixed values and point-list columns.
  const std::vector<const std::vector<GridEntry>*> named = {&job.axes, &job.fixed, &job.points.columns};
  const std::string where_named = job.point_source == PointSource::grid ? "[grid]" : "[grid] or [points]";
  bool has_energy = false;
  for (const auto* list : named)
    for (const auto& e : *list) has_energy = has_energy || e.target == Target::energy;
  if (!has_energy) {
    if (energy) {
      const bool grid = job.point_source == PointSource::grid;
      throw InputError("energy", grid ? "[energy] given but the grid sets no energy"
                                      : "[energy] given but neither [grid] nor [points] sets energy");
    }
    return;
  }
  const std::vector<std::string> states = state_names_of(job.base_model);
  const int dof = mechanical_dof(job.base_model);
  auto named_in_grid = [&](const std::string& s) {
    for (const auto* list : named)
      for (const auto& e : *list)
        if (e.name == s) return true;
    return false;
  };
  std::string solve;
  if (energy) {
    reject_unknown_keys(*energy, {"solve", "branch"}, "energy.");
    if (const auto* n = energy->get("solve")) solve = string_of(*n, "energy.solve");
    if (const auto* n = energy->get("branch")) {
      const std::string b = string_of(*n, "energy.branch");
      if (b == "+" || b == "plus" || b == "larger")
        job.energy.branch = +1;
      else if (b == "-" || b == "minus" || b == "smaller")
        job.energy.branch = -1;
      else
        throw InputError("energy.branch", "must be \"+\" (the larger root) or \"-\" (the smaller)");
    }
  }
  if (solve.empty()) {
    for (int i = dof; i < 2 * dof && solve.empty(); ++i)
      if (!named_in_grid(states[i])) solve = states[i];
    if (solve.empty())
      throw InputError("energy.solve", "every rate is set in " + where_named + "; leave one to solve from the energy");
  }
  for (int i = dof; i < 2 * dof; ++i)
    if (states[i] == solve) job.energy.component = i, job.energy.dof_index = i - dof;
  if (job.energy.component < 0)
    throw InputError("energy.solve", "'" + solve + "' is not a rate of model " + job.model_name +
                                         " (rates: " + comma_separated({states.begin() + dof, states.end()}) + ")");
  if (named_in_grid(solve)) throw InputError("energy.solve", "'" + solve + "' is also set in " + where_named);
}

// ---- [compute] ------------------------------------------------------------------------------

/// One entry, read by its quantity's unit (quantities/): the name picks the unit, the unit reads
/// and validates the table once for the whole job.
ComputeSpec read_compute_entry(const std::string& name, const toml::node& node, const Job& job) {
  const std::string prefix = "compute." + name;
  const QuantityUnit* unit = nullptr;
  std::vector<std::string> known;
  for (const QuantityUnit* u : quantity_units()) {
    known.push_back(u->name);
    if (u->name == name) unit = u;
  }
  if (!unit) throw InputError(prefix, "unknown quantity (known: " + comma_separated(known) + ")");
  if (!node.is_table()) throw InputError(prefix, "must be a table, e.g. { time = 100.0 }");
  ComputeSpec c;
  c.quantity = unit->quantity;
  unit->read(*node.as_table(), prefix, job, c);
  return c;
}

// ---- [integrator] ---------------------------------------------------------------------------

}  // namespace

IntegratorOptions read_integrator(const toml::table* t, bool& stepper_named) {
  IntegratorOptions o;
  if (!t) return o;
  reject_unknown_keys(*t, {"stepper", "rtol", "atol", "max_steps", "dt_min", "dt_initial"}, "integrator.");
  if (const auto* n = t->get("stepper")) {
    try {
      o.stepper = parse_stepper(string_of(*n, "integrator.stepper"));
      stepper_named = true;
    } catch (const InputError& e) {
      throw InputError("integrator.stepper", "unknown stepper (known: " + comma_separated(stepper_names()) + ")");
    }
  }
  o.rtol = positive_number(*t, "rtol", o.rtol, "integrator.rtol");
  o.atol = positive_number(*t, "atol", o.atol, "integrator.atol");
  o.dt_min = positive_number(*t, "dt_min", o.dt_min, "integrator.dt_min");
  o.dt_initial = positive_number(*t, "dt_initial", o.dt_initial, "integrator.dt_initial");
  if (const auto* n = t->get("max_steps")) o.max_steps = integer_of(*n, "integrator.max_steps", 1, 1'000'000'000'000L);
  o.validate();  // its fields are the job file's (integrator.rtol, ...)
  return o;
}

Job parse_job(const std::string& text, const std::string& source, const PointTable* points_given) {
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << "TOML syntax error at line " << e.source().begin.line << ", column " << e.source().begin.column << ": "
        << e.description();
    throw InputError("job", msg.str());
  }
  reject_unknown_keys(root,
                      {"model", "grid", "points", "sample", "energy", "inputs", "compute", "integrator", "output"}, "");
  const std::filesystem::path base_dir = std::filesystem::path(source).parent_path();

  Job job;
  job.source = source;
  job.text = text;

  const toml::table& model = table_at(root, "model", "model");
  reject_unknown_keys(model, {"name", "params", "overrides"}, "model.");
  if (!model.get("name")) throw InputError("model.name", "missing (e.g. name = \"golf\")");
  job.model_name = string_of(*model.get("name"), "model.name");
  bool known = false;
  for (const auto& d : model_catalog()) known = known || d.name == job.model_name;
  if (is_model_file(job.model_name)) {
    // A model file (relative to the job file's folder) is its own parameter set.
    if (model.get("params"))
      throw InputError("model.params", "a model file carries its own [values]; change them with [model.overrides]");
    if (std::filesystem::path(job.model_name).is_relative() && !base_dir.empty())
      job.model_name = (base_dir / job.model_name).string();
  } else if (!known) {
    std::vector<std::string> names;
    for (const auto& d : model_catalog()) names.push_back(d.name);
    throw InputError("model.name", "unknown model '" + job.model_name + "' (known: " + comma_separated(names) +
                                       ", or a model file path)");
  }
  job.params_label = is_model_file(job.model_name) ? job.model_name : default_param_set(job.model_name);
  if (const auto* p = model.get("params")) {
    job.params_label = string_of(*p, "model.params");
    // A path relative to the job file's folder (a bare set name stays a set name).
    const bool is_path = job.params_label.find('/') != std::string::npos || job.params_label.ends_with(".toml");
    if (is_path && std::filesystem::path(job.params_label).is_relative() && !base_dir.empty())
      job.params_label = (base_dir / job.params_label).string();
  }
  try {
    job.params = read_param_file(job.params_label);
  } catch (const InputError& e) {
    // A missing or unknown set is the job's model.params; errors inside the file name the file.
    if (e.field() != "params") throw;
    throw InputError("model.params", e.reason());
  }
  if (const auto* o = model.get("overrides")) {
    if (!o->is_table()) throw InputError("model.overrides", "must be a table of parameter = value");
    apply_overrides(job.params, *o->as_table());
  }
  job.base_model = make_model(job.model_name, job.params);
  // The set read once, typed, for the parameters [grid] and [points] name: it resolves them to
  // fields and, until the fixed values are applied below, checks each value alone.
  job.models = std::make_shared<const ModelFactory>(job.model_name, job.params);

  // The points: a [grid] (axes and fixed values), a [points] list with an optional [grid] of
  // fixed values only, or a [sample] of energy surfaces (alone: it refuses the other two).
  const toml::table* points = root.get("points") ? &table_at(root, "points", "points") : nullptr;
  if (root.get("sample"))
    read_sample(job, root);
  else if (root.get("grid"))
    read_grid(job, table_at(root, "grid", "grid"), points);
  else if (!points)
    throw InputError("grid",
                     "missing table (give [grid] axes, a [points] file of states or a [sample] of energy surfaces)");
  if (points_given && !points) throw InputError("points", "missing table: points given directly need a [points] table");
  if (points) read_points(job, *points, base_dir, points_given);
  check_parameter_values(job);
  for (const auto& f : job.fixed)  // fixed parameters become part of the set every point uses
    if (f.target == Target::parameter) set_parameter(job.params, {f.param_key, f.index, f.units, ""}, f.values[0]);
  job.base_model = make_model(job.model_name, job.params);
  job.models = std::make_shared<const ModelFactory>(job.model_name, job.params);
  check_point_list_parameters(job);
  read_energy(job, root.get("energy") ? &table_at(root, "energy", "energy") : nullptr);

  const int m = static_cast<int>(input_names_of(job.base_model).size());
  job.inputs = InputSchedule(m);
  if (const auto* in = root.get("inputs")) {
    if (!in->is_table()) throw InputError("inputs", "must be a table");
    if (m == 0) throw InputError("inputs", "model " + job.model_name + " has no inputs");
    job.inputs = read_inputs_toml(*in->as_table(), m, "inputs", base_dir.string());
    job.inputs_given = true;
  }
  for (const auto* list : {&job.axes, &job.fixed})
    for (const auto& e : *list)
      if (e.target == Target::torque && job.inputs.has_table())
        throw InputError("grid." + e.name, "cannot set a constant moment when [inputs] gives a table");
  for (std::size_t c = 0; c < job.points.columns.size(); ++c)
    if (job.points.columns[c].target == Target::torque && job.inputs.has_table())
      throw InputError(job.points.table.where_header(c), "cannot set a constant moment when [inputs] gives a table");

  const toml::table& compute = table_at(root, "compute", "compute");
  if (compute.empty()) throw InputError("compute", "nothing to compute (e.g. lambda_max = { time = 100.0 })");
  for (const auto& [name, node] : in_file_order(compute)) job.compute.push_back(read_compute_entry(name, *node, job));
  // What an entry's own table cannot say, its unit checks against the rest of the job.
  for (const ComputeSpec& c : job.compute)
    if (const QuantityUnit& unit = unit_of(c.quantity); unit.check_job)
      unit.check_job(c, "compute." + quantity_name(c.quantity), job);

  job.integrator = read_integrator(root.get("integrator") ? &table_at(root, "integrator", "integrator") : nullptr,
                                   job.stepper_named);

  std::filesystem::path out = std::filesystem::path(source).stem().string() + ".h5";
  if (const auto* o = root.get("output")) {
    if (!o->is_table()) throw InputError("output", "must be a table");
    reject_unknown_keys(*o->as_table(), {"file", "batch", "write_interval"}, "output.");
    if (const auto* f = o->as_table()->get("file")) {
      out = string_of(*f, "output.file");
      if (out.empty()) throw InputError("output.file", "must not be empty");
    }
    if (const auto* b = o->as_table()->get("batch"))
      job.batch = static_cast<std::size_t>(integer_of(*b, "output.batch", 1, 1'000'000));
    if (const auto* w = o->as_table()->get("write_interval")) {
      job.write_interval = number_of(*w, "output.write_interval");
      if (!(job.write_interval >= 0.0 && job.write_interval <= 3600.0))
        throw InputError("output.write_interval", "must be between 0 and 3600 seconds");
    }
  }
  if (out.is_relative() && !base_dir.empty()) out = base_dir / out;
  job.output = out.string();
  return job;
}

Job read_job_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "cannot read the job file");
  std::stringstream ss;
  ss << in.rdbuf();
  try {
    return parse_job(ss.str(), path);
  } catch (const InputError& e) {
    // The user reads "golf_map.toml: grid.th1: ...": which file, then which of its keys.
    throw InputError(path + ": " + e.field(), e.reason());
  }
}

}  // namespace chaoskit::sweep
