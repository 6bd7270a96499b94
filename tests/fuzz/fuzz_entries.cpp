#include "fuzz/fuzz_entries.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <variant>

#include <toml++/toml.h>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/expression.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/model_program_passes.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sections/axis_spec.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/job/point_list.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/job_fingerprint.hpp"

namespace chaoskit::fuzz {

namespace {

/// The component and input names of every model, as the commands see them (built once from the
/// shipped default parameter sets).
struct ModelNames {
  std::string model;
  std::vector<std::string> states, inputs;
};

const std::vector<ModelNames>& model_names() {
  static const std::vector<ModelNames> all = [] {
    std::vector<ModelNames> out;
    for (const auto& d : model_catalog()) {
      const AnyModel m = make_model(d.name);
      ModelNames n{d.name, std::visit([](const auto& x) { return x.state_names(); }, m), {}};
      n.inputs = std::visit(
          [](const auto& x) -> std::vector<std::string> {
            if constexpr (requires { x.input_names(); })
              return x.input_names();
            else
              return {};
          },
          m);
      out.push_back(std::move(n));
    }
    return out;
  }();
  return all;
}

/// The distinct state-name lists (limb and golf share theirs), so that an input is parsed once per
/// list and not once per model.
const std::vector<ModelNames>& distinct_state_names() {
  static const std::vector<ModelNames> all = [] {
    std::vector<ModelNames> out;
    for (const auto& m : model_names())
      if (std::none_of(out.begin(), out.end(), [&](const ModelNames& o) { return o.states == m.states; }))
        out.push_back(m);
    return out;
  }();
  return all;
}

/// Runs one parse; an InputError is a rejection, anything else goes to the caller (and the fuzzer).
template <class F>
bool accepts(F&& parse) {
  try {
    parse();
    return true;
  } catch (const InputError&) { return false; }
}

void require(bool promise, const std::string& what) {
  if (!promise) throw BrokenPromise(what);
}

void require_finite(double v, const std::string& what) { require(std::isfinite(v), what + " is not finite"); }

// Whole-vector checks, so that a million-value axis costs no million messages.
bool all_finite(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}
bool strictly_increasing(const std::vector<double>& v) {
  return std::adjacent_find(v.begin(), v.end(), [](double a, double b) { return !(b > a); }) == v.end();
}

/// Samples a schedule and splits it into segments: the pieces must cover the interval, in order.
void exercise_schedule(const InputSchedule& s, const std::string& what) {
  for (double t : {-1.0, 0.0, 0.25, 1.0, 1e3})
    require(static_cast<int>(s.value(t).size()) == s.dim(), what + ": value size");
  for (auto [t0, t1] : {std::pair{0.0, 1.0}, std::pair{-10.0, 10.0}, std::pair{1.0, 1.0}}) {
    const std::vector<InputSegment> segs = s.segments(t0, t1);
    require(!segs.empty() && segs.front().ta == t0 && segs.back().tb == t1,
            what + ": segments do not span the interval");
    for (std::size_t k = 0; k + 1 < segs.size(); ++k)
      require(segs[k].tb == segs[k + 1].ta && segs[k].ta <= segs[k].tb, what + ": segments are not contiguous");
  }
  (void)s.describe();
}

/// Evaluates an accepted expression on a few bindings of its `n` variables; any value (NaN too)
/// is allowed, reading outside the bindings is not (the sanitizers watch that).
void exercise_expression(const Expression& e, std::size_t n, const std::string& what) {
  for (int v : e.used_variables())
    require(v >= 0 && static_cast<std::size_t>(v) < n, what + ": variable slot out of range");
  for (double fill : {0.0, 1.0, -2.5, 1e300, std::numeric_limits<double>::quiet_NaN()}) {
    std::vector<double> values(n, fill);
    for (std::size_t i = 0; i < n; ++i) values[i] = fill * static_cast<double>(i + 1);
    (void)e.evaluate(values);
  }
}

}  // namespace

Outcome job(std::string_view bytes) {
  sweep::Job j;
  // The job's folder does not exist: relative paths in the job (a parameter file, a torque table)
  // are rejected as missing instead of reading whatever lies in the working directory.
  if (!accepts([&] { j = sweep::parse_job(std::string(bytes), "fuzz-job-folder/job.toml"); })) return Outcome::rejected;

  std::size_t points = 1;
  for (const auto& a : j.axes) {
    require(!a.values.empty(), "job: axis " + a.name + " has no values");
    require(points <= std::numeric_limits<std::size_t>::max() / a.values.size(),
            "job: the grid's point count overflows");
    points *= a.values.size();
    require(all_finite(a.values), "job: a coordinate of axis " + a.name + " is not finite");
    require(strictly_increasing(a.values), "job: axis " + a.name + " is not strictly increasing");
  }
  for (const auto& f : j.fixed)
    require(f.values.size() == 1 && std::isfinite(f.values[0]), "job: fixed value " + f.name);
  require(j.point_count() == points, "job: point_count differs from the product of the axis sizes");
  require(!sweep::job_fingerprint(j).empty(), "job: empty fingerprint");

  // The first, middle and last grid points must set up: the sweep would record them as internal errors.
  std::vector<std::size_t> first(j.axes.size(), 0), middle(j.axes.size()), last(j.axes.size());
  for (std::size_t k = 0; k < j.axes.size(); ++k)
    middle[k] = j.axes[k].values.size() / 2, last[k] = j.axes[k].values.size() - 1;
  for (const auto* index : {&first, &middle, &last}) {
    try {
      const sweep::PointContext c = sweep::point_context(j, std::span<const std::size_t>(*index));
      require(!c.admissible || all_finite(c.x0), "job: a grid point's initial state is not finite");
    } catch (const BrokenPromise&) { throw; } catch (const std::exception& e) {
      throw BrokenPromise(std::string("job: accepted, but a grid point cannot be set up: ") + e.what());
    }
  }
  return Outcome::accepted;
}

Outcome point_list(std::string_view bytes) {
  sweep::PointTable t;
  if (!accepts([&] { t = sweep::parse_point_table(bytes, "fuzz-points.csv"); })) return Outcome::rejected;
  require(!t.names.empty() && t.rows() > 0, "point list: accepted without columns or rows");
  require(t.values.size() == t.rows() * t.names.size(), "point list: the values do not fill rows x columns");
  require(all_finite(t.values), "point list: a cell is not finite");
  for (const auto& name : t.names) require(!name.empty(), "point list: an empty column name");
  require(t.header_line >= 1 && t.lines.front() > t.header_line, "point list: a row before the header");
  require(std::adjacent_find(t.lines.begin(), t.lines.end(), [](auto a, auto b) { return b <= a; }) == t.lines.end(),
          "point list: row lines not increasing");
  (void)t.where_header(t.names.size() - 1);
  (void)t.where_cell(t.rows() - 1, t.names.size() - 1);
  return Outcome::accepted;
}

Outcome number_lists(std::string_view bytes) {
  const std::string text(bytes);
  bool any = false;
  any |= accepts([&] { require_finite(parse_number(text, "--time"), "parse_number"); });
  any |= accepts(
      [&] { require(all_finite(parse_number_list(text, "--quantiles")), "parse_number_list: a value is not finite"); });
  for (const auto& m : model_names()) {
    any |= accepts([&] {
      const std::vector<double> x = parse_number_list(text, "--state", m.states);
      require(x.size() == m.states.size(), "--state for " + m.model + ": wrong number of components");
      require(all_finite(x), "--state for " + m.model + ": a component is not finite");
    });
    if (m.inputs.empty()) continue;
    any |= accepts([&] {
      const InputSchedule s = InputSchedule::constant(parse_number_list(text, "--torque", m.inputs));
      require(s.dim() == static_cast<int>(m.inputs.size()), "--torque for " + m.model + ": wrong dimension");
      exercise_schedule(s, "--torque for " + m.model);
    });
  }
  for (int dim = 1; dim <= kMaxInputs; ++dim) {
    any |= accepts([&] {
      InputSchedule s(dim);
      s.set_release(parse_release_list(text, dim));
      exercise_schedule(s, "--release with " + std::to_string(dim) + " inputs");
    });
  }
  return any ? Outcome::accepted : Outcome::rejected;
}

Outcome inputs(std::string_view bytes) {
  bool any = false;
  // --inputs FILE: read_inputs_file parses the TOML (a syntax error is an InputError there) and
  // hands the [inputs] table to read_inputs_toml, as done here without the file.
  std::optional<toml::table> doc;
  try {
    doc = toml::parse(bytes, std::string_view("fuzz-inputs.toml"));
  } catch (const toml::parse_error&) {}
  const toml::table* table = doc ? (*doc)["inputs"].as_table() : nullptr;
  for (int dim = 0; dim <= kMaxInputs; ++dim) {
    if (table) {
      any |= accepts([&] {
        const InputSchedule s = read_inputs_toml(*table, dim, "inputs", "fuzz-inputs-folder");
        require(s.dim() == dim, "[inputs]: wrong dimension");
        exercise_schedule(s, "[inputs] with " + std::to_string(dim) + " inputs");
      });
    }
    any |= accepts([&] {
      std::istringstream in{std::string(bytes)};
      const InputSchedule s = read_torque_table_csv(in, "fuzz.csv", dim);
      require(s.dim() == dim, "--torque-table: wrong dimension");
      exercise_schedule(s, "--torque-table with " + std::to_string(dim) + " inputs");
    });
  }
  return any ? Outcome::accepted : Outcome::rejected;
}

Outcome surface(std::string_view bytes) {
  bool any = false;
  for (const auto& m : distinct_state_names()) {
    any |= accepts([&] {
      const Expression e = parse_surface(bytes, m.states, "--plane");
      exercise_expression(e, m.states.size(), "--plane for " + m.model);
    });
  }
  return any ? Outcome::accepted : Outcome::rejected;
}

Outcome where(std::string_view bytes) {
  // The slots query::Selection binds for a sweep over (th1, dth1) computing lambda_max and
  // orbit_class: axes first, then the variables, then status.
  static const std::vector<std::string> slots = {"th1",         "dth1",  "lambda_max", "lambda_max_err",
                                                 "orbit_class", "status"};
  const std::string text(bytes);
  if (text.find_first_not_of(" \t\n") == std::string::npos) return Outcome::accepted;  // blank: every point
  if (!accepts([&] {
        const Expression e = Expression::parse(text, slots, "--where");
        exercise_expression(e, slots.size(), "--where");
      }))
    return Outcome::rejected;
  return Outcome::accepted;
}

Outcome axis_spec(std::string_view bytes) {
  bool any = false;
  for (const auto& m : distinct_state_names()) {
    any |= accepts([&] {
      const AxisSpec s = parse_axis_spec(bytes, m.states, "--seed");
      require(s.component >= 0 && static_cast<std::size_t>(s.component) < m.states.size() &&
                  m.states[s.component] == s.name,
              "--seed for " + m.model + ": component does not match the name");
      require(!s.values.empty(), "--seed for " + m.model + ": no values");
      require(all_finite(s.values), "--seed for " + m.model + ": a value is not finite");
    });
  }
  return any ? Outcome::accepted : Outcome::rejected;
}

Outcome model_file(std::string_view bytes) {
  ParamFile f;
  f.label = f.path = "fuzz.toml";
  std::shared_ptr<const ModelProgram> p;
  const bool ok = accepts([&] {
    try {
      f.table = toml::parse(bytes, std::string_view("fuzz.toml"));
    } catch (const toml::parse_error& e) { throw InputError("fuzz.toml", std::string(e.description())); }
    const auto model = f.table["model"].value<std::string>();
    if (!model || (*model != "ode" && *model != "mechanical")) throw InputError("model", "not a model file");
    f.model = *model;
    p = ModelProgram::compile(f);
  });
  if (!ok) return Outcome::rejected;
  const auto raw = compile_model_program(f, false);  // without the optimising passes
  const int n = p->state_dim(), m = p->input_count();
  require(n > 0 && (p->form() == ModelProgram::Form::ode || n % 2 == 0), "state count");
  require(raw->state_dim() == n && raw->instruction_count() >= p->instruction_count(), "passes");
  auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
  std::vector<double> x(n), u(m, 0.5), dx(n * 2), f_out(n), df(n * 2), f_plain(n), f_raw(n), df_raw(n * 2);
  for (int trial = 0; trial < 3; ++trial) {
    for (int i = 0; i < n; ++i) x[i] = 0.3 * (i + 1) - trial, dx[2 * i] = 1.0, dx[2 * i + 1] = -0.5 * i;
    p->rhs(x.data(), u.data(), 0.1 * trial, f_plain.data());
    p->rhs_tangent(x.data(), u.data(), 0.1 * trial, dx.data(), nullptr, 2, f_out.data(), df.data());
    for (int i = 0; i < n; ++i)  // the dual mode's values are the plain ones, NaN included
      require(same(f_plain[i], f_out[i]), "tangent value differs");
    // The optimising passes change no value and no derivative.
    raw->rhs_tangent(x.data(), u.data(), 0.1 * trial, dx.data(), nullptr, 2, f_raw.data(), df_raw.data());
    for (int i = 0; i < n; ++i) require(same(f_raw[i], f_out[i]), "optimised value differs");
    for (int i = 0; i < 2 * n; ++i) require(same(df_raw[i], df[i]), "optimised derivative differs");
    require(same(raw->energy(x.data()), p->energy(x.data())), "optimised energy differs");
  }
  return Outcome::accepted;
}

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"job", job},         {"point_list", point_list}, {"number_lists", number_lists}, {"inputs", inputs},
      {"surface", surface}, {"where", where},           {"axis_spec", axis_spec},       {"model_file", model_file}};
  return all;
}

const Target* find_target(std::string_view name) {
  for (const auto& t : targets())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace chaoskit::fuzz
