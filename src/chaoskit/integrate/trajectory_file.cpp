#include "chaoskit/integrate/trajectory_file.hpp"

#include <hdf5.h>

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/atomic_file.hpp"
#include "chaoskit/io/file_open.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/name_list.hpp"
#include "chaoskit/io/netcdf_layout.hpp"

namespace chaoskit {

namespace fs = std::filesystem;
namespace netcdf = io::netcdf;

namespace {

std::string extension_of(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

bool is_h5(const std::string& ext) { return ext == ".h5" || ext == ".hdf5"; }

void put(std::ostream& o, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17);
  o.write(buf, r.ptr - buf);
}

// ---- CSV -------------------------------------------------------------------------------------

void write_csv(const std::string& path, const TrajectoryTable& tb) {
  std::ofstream o(path);
  if (!o) throw std::runtime_error("cannot write '" + path + "'");
  for (const auto& [k, v] : tb.attributes) o << "# " << k << " = " << v << "\n";
  if (tb.events.present()) write_event_table_csv(o, tb.events);
  o << "t";
  for (const auto& n : tb.state_names) o << "," << n;
  o << ",energy,power,work,dissipated";
  for (const auto& n : tb.input_names) o << "," << n;
  o << "\n";
  for (std::size_t k = 0; k < tb.t.size(); ++k) {
    put(o, tb.t[k]);
    for (double v : tb.x[k]) {
      o << ',';
      put(o, v);
    }
    for (double v : {tb.energy[k], tb.power[k], tb.work[k], tb.dissipated[k]}) {
      o << ',';
      put(o, v);
    }
    for (double v : tb.u[k]) {
      o << ',';
      put(o, v);
    }
    o << "\n";
  }
  o.flush();
  if (!o) throw std::runtime_error("write to '" + path + "' failed");
}

double to_double(const std::string& s) {
  if (s == "nan" || s == "-nan") return NAN;
  double v = 0.0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc()) throw std::runtime_error("bad number '" + s + "'");
  return v;
}

TrajectoryTable read_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("file", "cannot open '" + path + "'");
  TrajectoryTable tb;
  std::string line;
  std::vector<std::string> header;
  std::vector<std::pair<std::string, std::string>> event_lines;  // read once the state's size is known
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      const auto eq = line.find(" = ");
      if (eq == std::string::npos) continue;
      const std::string key = line.substr(2, eq - 2), value = line.substr(eq + 3);
      if (key == "event" || key == "event_names" || key == "mode_names")
        event_lines.emplace_back(key, value);
      else
        tb.attributes[key] = value;
      continue;
    }
    if (header.empty()) {
      header = io::split_names(line);
      std::size_t k = 1;
      for (; k < header.size() && header[k] != "energy"; ++k) tb.state_names.push_back(header[k]);
      for (k += 4; k < header.size(); ++k) tb.input_names.push_back(header[k]);
      continue;
    }
    const auto f = io::split_names(line);
    const std::size_t n = tb.state_names.size(), m = tb.input_names.size();
    if (f.size() != 1 + n + 4 + m) throw std::runtime_error("'" + path + "': row with wrong number of columns");
    tb.t.push_back(to_double(f[0]));
    std::vector<double> x, u;
    for (std::size_t i = 0; i < n; ++i) x.push_back(to_double(f[1 + i]));
    tb.energy.push_back(to_double(f[1 + n]));
    tb.power.push_back(to_double(f[2 + n]));
    tb.work.push_back(to_double(f[3 + n]));
    tb.dissipated.push_back(to_double(f[4 + n]));
    for (std::size_t i = 0; i < m; ++i) u.push_back(to_double(f[5 + n + i]));
    tb.x.push_back(x);
    tb.u.push_back(u);
  }
  for (const auto& [key, value] : event_lines) read_event_csv_line(key, value, tb.state_names.size(), tb.events);
  return tb;
}

// ---- HDF5 ------------------------------------------------------------------------------------

std::vector<double> flatten(const std::vector<std::vector<double>>& rows, std::size_t cols) {
  std::vector<double> out;
  out.reserve(rows.size() * cols);
  for (const auto& r : rows) out.insert(out.end(), r.begin(), r.end());
  return out;
}

std::vector<std::vector<double>> unflatten(const std::vector<double>& v, std::size_t N, std::size_t cols) {
  std::vector<std::vector<double>> rows(N);
  for (std::size_t k = 0; k < N; ++k) rows[k].assign(v.begin() + k * cols, v.begin() + (k + 1) * cols);
  return rows;
}

void write_h5(const std::string& path, const TrajectoryTable& tb) {
  h5::QuietErrors quiet;
  h5::File file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), "create file " + path);
  {
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    for (const auto& [k, v] : tb.attributes) h5::write_ascii_attribute(root, k, v);
  }
  {  // every dataset closed before the file, so that its close reports a failure
    const std::size_t N = tb.t.size(), n = tb.state_names.size(), m = tb.input_names.size();
    // A sample series (cols == 0) or a table of samples × cols, with the trajectory files' ASCII text.
    auto series = [&](const std::string& name, const std::vector<double>& data, std::size_t cols,
                      const std::string& units, const std::string& long_name,
                      const std::vector<std::string>& columns = {}) {
      const std::vector<hsize_t> dims = cols == 0 ? std::vector<hsize_t>{N} : std::vector<hsize_t>{N, cols};
      h5::Dataset ds = netcdf::create_with_data(file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, dims, data.data());
      netcdf::describe(ds, units, long_name, netcdf::Text::ascii);
      if (!columns.empty()) h5::write_ascii_attribute(ds, "columns", io::join_names(columns));
      return ds;
    };
    h5::Dataset t = series("t", tb.t, 0, "s", "time");
    std::vector<std::pair<std::string, h5::Dataset>> over_time;
    over_time.emplace_back(
        "state", series("state", flatten(tb.x, n), n, "rad, rad/s (per column)", "state q then qdot", tb.state_names));
    over_time.emplace_back("energy", series("energy", tb.energy, 0, "J", "total mechanical energy T + V"));
    over_time.emplace_back("power", series("power", tb.power, 0, "W", "actuator power (B u)^T qdot"));
    over_time.emplace_back("work",
                           series("work", tb.work, 0, "J", "actuator work since t0 (integrated with the state)"));
    over_time.emplace_back("dissipated",
                           series("dissipated", tb.dissipated, 0, "J", "energy dissipated by joint damping since t0"));
    if (m > 0)
      over_time.emplace_back("inputs",
                             series("inputs", flatten(tb.u, m), m, "N m", "joint moments u(t)", tb.input_names));
    // Dimension scales, so netCDF-4 readers (xarray via h5netcdf) see labelled dimensions: /t for
    // the sample axis of every dataset, /state_component and /input_component (column indices,
    // with the names in `columns`) for the second axis of /state and /inputs. Trajectory files have
    // float64 indices and no _Netcdf4Dimid (their format since the first version).
    auto column_scale = [&](const std::string& name, const std::vector<std::string>& labels) {
      std::vector<double> index(labels.size());
      for (std::size_t i = 0; i < index.size(); ++i) index[i] = static_cast<double>(i);
      h5::Dataset ds =
          netcdf::create_with_data(file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {index.size()}, index.data());
      netcdf::describe(ds, "1", "column index of the " + name, netcdf::Text::ascii);
      h5::write_ascii_attribute(ds, "columns", io::join_names(labels));
      netcdf::make_scale(ds, name);
      return ds;
    };
    h5::Dataset state_component = column_scale("state_component", tb.state_names);
    h5::Dataset input_component;
    if (m > 0) input_component = column_scale("input_component", tb.input_names);
    netcdf::make_scale(t, "t");
    for (const auto& [name, ds] : over_time) netcdf::attach(ds, t, 0, "t to " + name);
    netcdf::attach(over_time.front().second, state_component, 1, "state_component");
    if (m > 0) netcdf::attach(over_time.back().second, input_component, 1, "input_component");
    if (tb.events.present()) write_event_table_h5(file, tb.events, state_component);
  }
  h5::check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush " + path);
  file.close("close " + path);
}

TrajectoryTable read_h5(const std::string& path) {
  h5::QuietErrors quiet;
  return io::diagnosing_damage(path, [&] {
    const h5::File file = io::open_existing(path, false);
    TrajectoryTable tb;
    {
      h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
      for (const auto& [name, value] : h5::read_attributes(root))
        if (const auto* text = std::get_if<std::string>(&value)) tb.attributes[name] = *text;
    }
    tb.t = netcdf::read_values<double>(file, "t");
    const std::size_t N = tb.t.size();
    {
      h5::Dataset state(H5Dopen2(file, "state", H5P_DEFAULT), "open state");
      tb.state_names = io::split_names(h5::string_attribute_or_empty(state, "columns"));
    }
    tb.x = unflatten(netcdf::read_values<double>(file, "state"), N, tb.state_names.size());
    tb.energy = netcdf::read_values<double>(file, "energy");
    tb.power = netcdf::read_values<double>(file, "power");
    tb.work = netcdf::read_values<double>(file, "work");
    tb.dissipated = netcdf::read_values<double>(file, "dissipated");
    if (netcdf::has_dataset(file, "inputs")) {
      h5::Dataset inputs(H5Dopen2(file, "inputs", H5P_DEFAULT), "open inputs");
      tb.input_names = io::split_names(h5::string_attribute_or_empty(inputs, "columns"));
      tb.u = unflatten(netcdf::read_values<double>(file, "inputs"), N, tb.input_names.size());
    } else {
      tb.u.assign(N, {});
    }
    tb.events = read_event_table_h5(file, tb.state_names.size());
    return tb;
  });
}

}  // namespace

void write_trajectory(const std::string& path, const TrajectoryTable& table) {
  const std::string ext = extension_of(path);
  if (ext != ".csv" && !is_h5(ext))
    throw InputError("output", "unknown file type '" + path + "' (use .csv, .h5 or .hdf5)");
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent))
    throw InputError("output", "directory '" + parent.string() + "' does not exist");
  io::AtomicFile out(path);
  if (is_h5(ext))
    write_h5(out.temp_path(), table);
  else
    write_csv(out.temp_path(), table);
  out.commit();
}

TrajectoryTable read_trajectory(const std::string& path) {
  return is_h5(extension_of(path)) ? read_h5(path) : read_csv(path);
}

}  // namespace chaoskit
