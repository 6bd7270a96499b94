#include "chaoskit/sweep/runs/job_fingerprint.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <span>
#include <sstream>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

using entry_fields::exact;

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string key_of(const std::string& line) { return line.substr(0, line.find(" = ")); }
std::string value_of(const std::string& line) {
  const auto p = line.find(" = ");
  return p == std::string::npos ? "" : line.substr(p + 3);
}

/// FNV-1a (64 bit) over the values' bit patterns, least significant byte first: the same digest on
/// every build and machine.
std::uint64_t digest(std::span<const double> values) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (double v : values) {
    const auto bits = std::bit_cast<std::uint64_t>(v);
    for (int byte = 0; byte < 8; ++byte) h = (h ^ ((bits >> (8 * byte)) & 0xff)) * 0x100000001b3ULL;
  }
  return h;
}

/// A point list: its columns, its size and its values, so that editing the file is a different
/// job. The fingerprint is an HDF5 attribute, which must stay well below 64 KiB: a list of up to
/// kMaxExactValues values gets a line per row with its exact values (a difference names the
/// point); a longer one gets at most kMaxDigestLines lines, each a digest of a block of consecutive
/// rows (a difference names the block). Neither the file's path nor its comments or line numbers
/// matter.
void write_point_list(std::ostream& o, const PointList& list) {
  constexpr std::size_t kMaxExactValues = 512, kMaxDigestLines = 64;
  const PointTable& t = list.table;
  o << "points.columns =";
  for (const auto& c : list.columns) o << " " << c.name << " (" << target_name(c.target) << ")";
  o << "\n";
  o << "points.count = " << t.rows() << "\n";
  const bool exact_rows = t.values.size() <= kMaxExactValues;
  const std::size_t block = exact_rows ? 1 : (t.rows() + kMaxDigestLines - 1) / kMaxDigestLines;
  for (std::size_t first = 0; first < t.rows(); first += block) {
    const std::size_t end = std::min(first + block, t.rows());
    if (exact_rows) {
      o << "points.row." << first << " =";
      for (double v : t.row(first)) o << " " << exact(v);
    } else {
      char hex[32];
      std::snprintf(hex, sizeof hex, "%016llx",
                    static_cast<unsigned long long>(digest(std::span<const double>(t.values).subspan(
                        first * t.names.size(), (end - first) * t.names.size()))));
      o << "points.rows." << first << "-" << end - 1 << " = digest " << hex;
    }
    o << "\n";
  }
}

/// A [sample]: the levels (exact; at most kMaxLevels of them), n, the measure and the seed. The
/// samplers' own search (grid, margin), which also decides the states drawn, is fixed by the
/// chaoskit commit above.
void write_sample(std::ostream& o, const Job& job) {
  o << "sample.energy = levels";
  for (double v : job.axes.at(0).values) o << " " << exact(v);
  o << "\n";
  o << "sample.n = " << job.sample.n << "\n";
  o << "sample.measure = " << sample_measure_name(job.sample.measure) << "\n";
  o << "sample.seed = " << job.sample.seed << "\n";
}

}  // namespace

std::string job_fingerprint(const Job& job) {
  std::ostringstream o;
  o << "chaoskit.version = " << build_info::version << "\n";
  o << "chaoskit.commit = " << build_info::commit << "\n";
  o << "model.name = " << job.model_name << "\n";
  o << "model.params = " << job.params.label << "\n";
  for (const auto& [key, node] : *job.params.table["values"].as_table()) {
    o << "model.values." << key.str() << " =";
    if (const auto* arr = node.as_array()) {
      for (const auto& e : *arr) o << " " << exact(e.value<double>().value_or(NAN));
    } else {
      o << " " << exact(node.value<double>().value_or(NAN));
    }
    o << "\n";
  }
  if (job.point_source == PointSource::point_list) {
    write_point_list(o, job.points);
  } else if (job.point_source == PointSource::energy_sample) {
    write_sample(o, job);
  } else {
    for (const auto& a : job.axes) {
      o << "grid." << a.name << " = axis (" << target_name(a.target) << ")";
      for (double v : a.values) o << " " << exact(v);
      o << "\n";
    }
  }
  for (const auto& f : job.fixed)
    o << "grid." << f.name << " = fixed (" << target_name(f.target) << ") " << exact(f.values[0]) << "\n";
  if (job.energy.component >= 0)
    o << "energy = solve component " << job.energy.component << ", branch " << job.energy.branch << "\n";
  o << "inputs = " << job.inputs.describe() << "\n";
  for (const auto& c : job.compute) {
    unit_of(c.quantity).fingerprint(c, o);
    o << "\n";
  }
  const IntegratorOptions& io = job.integrator;
  o << "integrator = " << stepper_description(job) << ", rtol " << exact(io.rtol) << ", atol " << exact(io.atol)
    << ", max_steps " << io.max_steps << ", dt_initial " << exact(io.dt_initial) << ", dt_min " << exact(io.dt_min)
    << "\n";
  return o.str();
}

std::string fingerprint_difference(const std::string& in_file, const std::string& in_job) {
  const auto a = lines_of(in_file), b = lines_of(in_job);
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i < a.size() && i < b.size() && a[i] == b[i]) continue;
    if (i >= a.size()) return key_of(b[i]) + " is in this job but not in the file";
    if (i >= b.size()) return key_of(a[i]) + " is in the file but not in this job";
    if (key_of(a[i]) != key_of(b[i])) return "the file has " + key_of(a[i]) + " where this job has " + key_of(b[i]);
    return key_of(a[i]) + " differs: '" + value_of(a[i]) + "' in the file, '" + value_of(b[i]) + "' in this job";
  }
  return "";
}

}  // namespace chaoskit::sweep
