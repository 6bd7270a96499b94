#include "chaoskit/params/param_sets.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/conversions.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit_data_locations.hpp"

namespace chaoskit {

namespace fs = std::filesystem;

namespace {

bool holds_param_sets(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "params", ec);
}

/// True when `file` lies inside `dir` (both absolute, compared component by component).
bool lies_under(const fs::path& file, const fs::path& dir) {
  auto d = dir.begin();
  for (auto f = file.begin(); d != dir.end() && f != file.end(); ++d, ++f)
    if (*d != *f) return false;
  return d == dir.end();
}

}  // namespace

namespace {
// Set once at start-up (the Python module's import), read afterwards.
fs::path& data_directory_override() {
  static fs::path dir;
  return dir;
}
}  // namespace

void set_data_directory(const fs::path& dir) { data_directory_override() = dir; }

fs::path data_directory() {
  if (const char* env = std::getenv("CHAOSKIT_DATA"); env && *env) return fs::path(env);
  if (!data_directory_override().empty()) return data_directory_override();
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);  // resolved, absolute
  if (!ec) {
    // A program of the build tree (the CLI, the tests) reads the sets of the sources it was built
    // from, never an older install.
    const fs::path build = fs::weakly_canonical(data_locations::build_dir, ec);
    if (!ec && lies_under(exe, build) && holds_param_sets(data_locations::source_data))
      return fs::path(data_locations::source_data);
    // An installed program reads the sets installed beside it, wherever the prefix was moved.
    const fs::path beside = (exe.parent_path() / data_locations::from_bindir).lexically_normal();
    if (holds_param_sets(beside)) return beside;
  }
  return fs::path(data_locations::installed_data);
}

std::vector<std::string> shipped_param_sets() {
  std::vector<std::string> names;
  const fs::path dir = data_directory() / "params";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".toml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

ParamFile read_param_file(const std::string& name_or_path) {
  ParamFile f;
  f.label = name_or_path;
  const bool is_path = name_or_path.find('/') != std::string::npos ||
                       (name_or_path.size() > 5 && name_or_path.substr(name_or_path.size() - 5) == ".toml");
  f.path = is_path ? fs::path(name_or_path) : data_directory() / "params" / (name_or_path + ".toml");
  // The error_code form: a name the file system refuses (e.g. longer than NAME_MAX) is bad input,
  // not an exception from std::filesystem.
  std::error_code ec;
  const bool exists = fs::exists(f.path, ec);
  if (ec) throw InputError("params", "cannot read '" + name_or_path + "': " + ec.message());
  if (!exists) {
    if (is_path) throw InputError("params", "no such file '" + name_or_path + "'");
    std::string known;
    for (const auto& n : shipped_param_sets()) known += (known.empty() ? "" : ", ") + n;
    throw InputError("params", "unknown parameter set '" + name_or_path + "' (shipped sets: " + known + ")");
  }
  try {
    f.table = toml::parse_file(f.path.string());
  } catch (const toml::parse_error& e) {
    std::ostringstream where;
    where << f.label << ":" << e.source().begin.line << ":" << e.source().begin.column;
    throw InputError(where.str(), std::string(e.description()));
  }
  const auto model = f.table["model"].value<std::string>();
  if (!model) throw InputError(f.label + ": model", "missing or not a string (e.g. model = \"golf\")");
  f.model = *model;
  // A model file (model = "ode" or "mechanical", models/model_program.hpp) is a parameter set whose
  // equations come with it; its own keys are checked by the model compiler.
  const bool model_file = f.model == "ode" || f.model == "mechanical";
  static const std::set<std::string> allowed = {"model", "description", "values", "provenance", "derivation"};
  static const std::set<std::string> model_keys = {"states",    "coordinates", "rates",       "inputs",      "units",
                                                   "let",       "derivatives", "mass_matrix", "forces",      "energy",
                                                   "potential", "kinematics",  "modes",       "constraints", "events"};
  for (const auto& [key, node] : f.table) {
    const std::string k(key.str());
    if (allowed.count(k) || (model_file && model_keys.count(k))) continue;
    std::ostringstream where;
    where << f.label;
    if (node.source().begin.line > 0) where << ":" << node.source().begin.line << ":" << node.source().begin.column;
    std::set<std::string> known = allowed;
    if (model_file) known.insert(model_keys.begin(), model_keys.end());
    throw InputError(where.str() + ": " + k,
                     unknown_key_reason(known, model_file ? "top-level key of a model file" : "top-level key"));
  }
  // A model file's equations may use no parameter at all (Lorenz with its numbers written in): it
  // then needs no [values], and gets an empty one, so that every reader of a set finds the table.
  if (model_file && !f.table.contains("values")) f.table.insert("values", toml::table{});
  if (!f.table["values"].as_table()) throw InputError(f.label + ": [values]", "missing table of parameter values");
  return f;
}

namespace {

const toml::table& values_of(const ParamFile& f) { return *f.table["values"].as_table(); }

std::string key_label(const ParamFile& f, std::string_view key) { return f.label + ": values." + std::string(key); }

double read_number(const ParamFile& f, std::string_view key) {
  const toml::node* node = values_of(f).get(key);
  if (!node) throw InputError(key_label(f, key), "missing required parameter");
  return plain_number_of(*node, key_label(f, key));
}

std::vector<double> read_list(const ParamFile& f, std::string_view key, bool required) {
  const toml::node* node = values_of(f).get(key);
  if (!node) {
    if (required) throw InputError(key_label(f, key), "missing required parameter (a list, one value per link)");
    return {};
  }
  return plain_numbers_of(*node, key_label(f, key), "one per link");
}

void reject_unknown_keys(const ParamFile& f, const std::set<std::string>& known) {
  chaoskit::reject_unknown_keys(values_of(f), known, f.label + ": values.", "parameter for model " + f.model);
}

[[noreturn]] void wrong_layout(const ParamFile& f, const std::string& wanted, const std::string& accepted) {
  throw InputError(f.label + ": model",
                   "is '" + f.model + "', which model " + wanted + " cannot use (accepted: " + accepted + ")");
}

}  // namespace

double detail::read_value(const ParamFile& f, std::string_view key) { return read_number(f, key); }

void detail::reject_other_values(const ParamFile& f, const std::vector<std::string>& known) {
  reject_unknown_keys(f, std::set<std::string>(known.begin(), known.end()));
}

void detail::check_layout(const ParamFile& f, const char* model) {
  if (f.model != model) wrong_layout(f, model, model);
}

// The conversions are models/conversions.hpp's convert_params, which the sweep's model factory
// (sweep/model_factory.cpp) applies to a set read once: the two must stay the same functions.
GolfParams golf_params(const ParamFile& f) {
  if (f.model == "golf") return read_fields<GolfParams>(f);
  if (f.model == "limb") return convert_params(read_fields<LimbParams>(f), std::type_identity<GolfParams>{});
  wrong_layout(f, "golf", "golf, limb");
}

LimbParams limb_params(const ParamFile& f) {
  if (f.model == "limb") return read_fields<LimbParams>(f);
  if (f.model == "golf") return convert_params(read_fields<GolfParams>(f), std::type_identity<LimbParams>{});
  wrong_layout(f, "limb", "limb, golf");
}

ChainParams chain_params(const ParamFile& f) {
  if (f.model == "golf") return convert_params(read_fields<GolfParams>(f), std::type_identity<ChainParams>{});
  if (f.model == "limb") return convert_params(read_fields<LimbParams>(f), std::type_identity<ChainParams>{});
  if (f.model != "chain") wrong_layout(f, "chain", "chain, golf, limb");
  ChainParams p;
  p.L = read_list(f, "L", true);
  p.m = read_list(f, "m", true);
  p.r = read_list(f, "r", true);
  p.I = read_list(f, "I", true);
  p.b = read_list(f, "b", false);
  p.g = read_number(f, "g");
  reject_unknown_keys(f, {"L", "m", "r", "I", "b", "g"});
  p.validate(f.label + ": values.");
  return p;
}

LorenzParams lorenz_params(const ParamFile& f) { return model_params<LorenzModel>(f); }

HenonHeilesParams henon_heiles_params(const ParamFile& f) { return model_params<HenonHeilesModel>(f); }

}  // namespace chaoskit
