#include "chaoskit/integrate/input_schedule.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/number_text.hpp"
#include "chaoskit/core/units.hpp"

namespace chaoskit {

namespace {

void check_dim(int dim, const std::string& field) {
  if (dim < 0 || dim > kMaxInputs)
    throw InputError(field, "input dimension " + std::to_string(dim) + " outside 0.." + std::to_string(kMaxInputs));
}

std::string fmt(double v) { return number_text(v, 12); }

}  // namespace

InputSchedule::InputSchedule(int dim) : dim_(dim) {
  check_dim(dim, "inputs");
  release_.fill(never);
}

InputSchedule InputSchedule::constant(const std::vector<double>& a) {
  InputSchedule s(static_cast<int>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!std::isfinite(a[i])) throw InputError("torque", "moments must be finite");
    s.amplitude_[i] = a[i];
  }
  return s;
}

InputSchedule InputSchedule::table(const std::vector<double>& times, const std::vector<std::vector<double>>& rows) {
  if (times.empty()) throw InputError("torque_table", "table has no rows");
  if (rows.size() != times.size()) throw InputError("torque_table", "number of rows differs from number of times");
  InputSchedule s(static_cast<int>(rows.front().size()));
  for (std::size_t k = 0; k < times.size(); ++k) {
    const std::string where = "torque_table row " + std::to_string(k + 1);
    if (!std::isfinite(times[k])) throw InputError(where, "time must be finite");
    if (k > 0 && !(times[k] > times[k - 1])) throw InputError(where, "times must increase strictly");
    if (static_cast<int>(rows[k].size()) != s.dim_)
      throw InputError(where, "expected " + std::to_string(s.dim_) + " moments, got " + std::to_string(rows[k].size()));
    InputArray r{};
    for (int i = 0; i < s.dim_; ++i) {
      if (!std::isfinite(rows[k][i])) throw InputError(where, "moments must be finite");
      r[i] = rows[k][i];
    }
    s.knots_.push_back(times[k]);
    s.rows_.push_back(r);
  }
  return s;
}

void InputSchedule::set_release(const std::vector<double>& release) {
  if (static_cast<int>(release.size()) != dim_)
    throw InputError("release", "expected " + std::to_string(dim_) + " release times (one per input), got " +
                                    std::to_string(release.size()));
  for (int i = 0; i < dim_; ++i) {
    if (std::isnan(release[i]) || release[i] == -never)
      throw InputError("release", "release time must be a number or 'none'");
    release_[i] = release[i];
  }
}

double InputSchedule::base(int i, double t) const {
  if (knots_.empty()) return amplitude_[i];
  if (t <= knots_.front()) return rows_.front()[i];
  if (t >= knots_.back()) return rows_.back()[i];
  const auto it = std::upper_bound(knots_.begin(), knots_.end(), t);
  const std::size_t k = static_cast<std::size_t>(it - knots_.begin()) - 1;
  const double w = (t - knots_[k]) / (knots_[k + 1] - knots_[k]);
  return (1.0 - w) * rows_[k][i] + w * rows_[k + 1][i];
}

std::vector<double> InputSchedule::value(double t) const {
  std::vector<double> u(dim_);
  for (int i = 0; i < dim_; ++i) u[i] = t < release_[i] ? base(i, t) : 0.0;
  return u;
}

std::vector<InputSegment> InputSchedule::segments(double t0, double t1) const {
  std::vector<double> cuts{t0};
  for (double k : knots_)
    if (k > t0 && k < t1) cuts.push_back(k);
  for (int i = 0; i < dim_; ++i)
    if (release_[i] > t0 && release_[i] < t1) cuts.push_back(release_[i]);
  cuts.push_back(t1);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  if (cuts.size() == 1) cuts.push_back(t1);  // t0 == t1: one empty segment

  std::vector<InputSegment> segs;
  for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
    InputSegment seg;
    seg.ta = cuts[s];
    seg.tb = cuts[s + 1];
    seg.dim = dim_;
    const double mid = 0.5 * (seg.ta + seg.tb);
    for (int i = 0; i < dim_; ++i) {
      seg.active[i] = seg.ta < release_[i];
      if (!seg.active[i]) continue;
      // The base is linear on the segment (knots are cuts), so its end values define it exactly.
      double slope = 0.0;
      if (!knots_.empty() && mid > knots_.front() && mid < knots_.back() && seg.tb > seg.ta)
        slope = (base(i, seg.tb) - base(i, seg.ta)) / (seg.tb - seg.ta);
      seg.u0[i] = knots_.empty() ? amplitude_[i] : base(i, seg.ta);
      seg.slope[i] = slope;
    }
    segs.push_back(seg);
  }
  // The driver integrates them one after the other: from t0 to t1, each starting where the last ended.
  assert(!segs.empty() && segs.front().ta == t0 && segs.back().tb == std::max(t0, t1));
  return segs;
}

std::string InputSchedule::describe() const {
  if (dim_ == 0) return "none";
  std::ostringstream s;
  if (knots_.empty()) {
    s << "constant [";
    for (int i = 0; i < dim_; ++i) s << (i ? ", " : "") << fmt(amplitude_[i]);
    s << "] N m";
  } else {
    s << "piecewise-linear table, " << knots_.size() << " rows on [" << fmt(knots_.front()) << ", "
      << fmt(knots_.back()) << "] s";
  }
  bool any = false;
  for (int i = 0; i < dim_; ++i) any = any || std::isfinite(release_[i]);
  if (any) {
    s << "; release [";
    for (int i = 0; i < dim_; ++i) s << (i ? ", " : "") << (std::isfinite(release_[i]) ? fmt(release_[i]) : "none");
    s << "] s";
  }
  return s.str();
}

InputSchedule read_torque_table_csv(const std::string& path, int dim, const std::string& field) {
  check_dim(dim, field);
  std::ifstream in(path);
  if (!in) throw InputError(field, "cannot open '" + path + "'");
  return read_torque_table_csv(in, path, dim, field);
}

InputSchedule read_torque_table_csv(std::istream& in, const std::string& source, int dim, const std::string& field) {
  check_dim(dim, field);
  std::vector<double> times;
  std::vector<std::vector<double>> rows;
  std::string line;
  int lineno = 0;
  bool first_content = true;
  while (std::getline(in, line)) {
    ++lineno;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = field + " " + source + ":" + std::to_string(lineno);
    if (first_content) {
      first_content = false;
      // A header line starts with a letter (e.g. "t,tau1,tau2"); skip it.
      const auto c = line[line.find_first_not_of(" \t")];
      if (std::isalpha(static_cast<unsigned char>(c))) continue;
    }
    const std::vector<double> v = parse_number_list(line, where);
    if (static_cast<int>(v.size()) != dim + 1)
      throw InputError(where, "expected " + std::to_string(dim + 1) + " columns (t and " + std::to_string(dim) +
                                  " moments), got " + std::to_string(v.size()));
    times.push_back(v[0]);
    rows.emplace_back(v.begin() + 1, v.end());
  }
  if (times.empty()) throw InputError(field, "'" + source + "' has no data rows");
  if (dim == 0) return InputSchedule(0);
  return InputSchedule::table(times, rows);
}

namespace {

double toml_number(const toml::node& n, const std::string& field) {
  if (auto v = n.value<double>()) return *v;  // integers convert too
  if (auto s = n.value<std::string>()) return parse_number(*s, field);
  throw InputError(field, "expected a number");
}

std::vector<double> toml_numbers(const toml::node* n, const std::string& field) {
  const toml::array* a = n ? n->as_array() : nullptr;
  if (!a) throw InputError(field, "expected an array of numbers");
  std::vector<double> out;
  for (std::size_t i = 0; i < a->size(); ++i)
    out.push_back(toml_number(*a->get(i), field + "[" + std::to_string(i) + "]"));
  return out;
}

}  // namespace

InputSchedule read_inputs_toml(const toml::table& inputs, int dim, const std::string& label,
                               const std::string& base_dir) {
  check_dim(dim, label);
  for (const auto& [key, node] : inputs) {
    (void)node;
    const std::string k(key.str());
    if (k != "torque" && k != "table" && k != "release" && k != "description")
      throw InputError(label + "." + k, "unknown key (allowed: torque, table, release, description)");
  }
  const bool has_torque = inputs.contains("torque"), has_table = inputs.contains("table");
  if (has_torque && has_table) throw InputError(label + ".table", "give either torque or table, not both");
  InputSchedule s(dim);
  if (has_torque) {
    const auto a = toml_numbers(inputs.get("torque"), label + ".torque");
    if (static_cast<int>(a.size()) != dim)
      throw InputError(label + ".torque",
                       "expected " + std::to_string(dim) + " moments, got " + std::to_string(a.size()));
    s = InputSchedule::constant(a);
  } else if (has_table) {
    const toml::node* t = inputs.get("table");
    if (auto file = t->value<std::string>()) {
      std::filesystem::path p(*file);
      if (p.is_relative()) p = std::filesystem::path(base_dir) / p;
      s = read_torque_table_csv(p.string(), dim, label + ".table");
    } else if (const toml::table* tt = t->as_table()) {
      const auto times = toml_numbers(tt->get("t"), label + ".table.t");
      const toml::array* u = tt->get("u") ? tt->get("u")->as_array() : nullptr;
      if (!u) throw InputError(label + ".table.u", "expected an array of rows, one per time");
      std::vector<std::vector<double>> rows;
      for (std::size_t k = 0; k < u->size(); ++k) {
        const std::string f = label + ".table.u[" + std::to_string(k) + "]";
        rows.push_back(toml_numbers(u->get(k), f));
        if (static_cast<int>(rows.back().size()) != dim)
          throw InputError(f,
                           "expected " + std::to_string(dim) + " moments, got " + std::to_string(rows.back().size()));
      }
      if (rows.size() != times.size()) throw InputError(label + ".table.u", "needs one row per entry of t");
      s = InputSchedule::table(times, rows);
    } else {
      throw InputError(label + ".table", "expected a CSV file name or a table {t = [...], u = [[...], ...]}");
    }
  }
  if (const toml::node* r = inputs.get("release")) {
    const toml::array* a = r->as_array();
    if (!a) throw InputError(label + ".release", "expected an array, one release time per input (\"none\" for none)");
    std::vector<double> rel;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string f = label + ".release[" + std::to_string(i) + "]";
      const toml::node& n = *a->get(i);
      if (auto str = n.value<std::string>(); str && *str == "none")
        rel.push_back(InputSchedule::never);
      else
        rel.push_back(toml_number(n, f));
    }
    try {
      s.set_release(rel);
    } catch (const InputError& e) { throw InputError(label + ".release", e.reason()); }
  }
  return s;
}

InputSchedule read_inputs_file(const std::string& path, int dim) {
  std::error_code ec;  // a name the file system refuses is bad input too
  const bool exists = std::filesystem::exists(path, ec);
  if (ec) throw InputError("inputs", "cannot read '" + path + "': " + ec.message());
  if (!exists) throw InputError("inputs", "no such file '" + path + "'");
  toml::table doc;
  try {
    doc = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    throw InputError("inputs " + path + ":" + std::to_string(e.source().begin.line), std::string(e.description()));
  }
  const toml::table* inputs = doc["inputs"].as_table();
  if (!inputs) throw InputError("inputs", "'" + path + "' has no [inputs] table");
  return read_inputs_toml(*inputs, dim, path + ": inputs", std::filesystem::path(path).parent_path().string());
}

std::vector<double> parse_release_list(const std::string& text, int dim, const std::string& field) {
  std::vector<double> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    part.erase(0, part.find_first_not_of(" \t"));
    part.erase(part.find_last_not_of(" \t") + 1);
    if (part == "none" || part == "inf")
      out.push_back(InputSchedule::never);
    else
      out.push_back(parse_number(part, field + "[" + std::to_string(out.size()) + "]"));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (static_cast<int>(out.size()) != dim)
    throw InputError(field, "expected " + std::to_string(dim) +
                                " entries (one per input, 'none' for no release), got " + std::to_string(out.size()));
  return out;
}

}  // namespace chaoskit
