#include "chaoskit/integrate/trajectory_file.hpp"

#include <hdf5.h>
#include <hdf5_hl.h>
#include <unistd.h>

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "chaoskit/core/errors.hpp"

namespace chaoskit {

namespace fs = std::filesystem;

namespace {

std::string extension_of(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

bool is_h5(const std::string& ext) { return ext == ".h5" || ext == ".hdf5"; }

std::string temp_name(const std::string& path) {
  const fs::path p(path);
  return (p.parent_path() / ("." + p.filename().string() + ".tmp-" + std::to_string(::getpid()))).string();
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + v[i];
  return s;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  std::size_t start = 0;
  while (true) {
    const auto c = s.find(',', start);
    out.push_back(s.substr(start, c == std::string::npos ? std::string::npos : c - start));
    if (c == std::string::npos) break;
    start = c + 1;
  }
  return out;
}

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
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      const auto eq = line.find(" = ");
      if (eq != std::string::npos) tb.attributes[line.substr(2, eq - 2)] = line.substr(eq + 3);
      continue;
    }
    if (header.empty()) {
      header = split(line);
      std::size_t k = 1;
      for (; k < header.size() && header[k] != "energy"; ++k) tb.state_names.push_back(header[k]);
      for (k += 4; k < header.size(); ++k) tb.input_names.push_back(header[k]);
      continue;
    }
    const auto f = split(line);
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
  return tb;
}

// ---- HDF5 ------------------------------------------------------------------------------------

/// Owns one hid_t and closes it with the matching H5*close.
class H5Id {
 public:
  H5Id(hid_t id, herr_t (*close)(hid_t), const std::string& what) : id_(id), close_(close) {
    if (id_ < 0) throw std::runtime_error("HDF5: " + what + " failed");
  }
  H5Id(const H5Id&) = delete;
  H5Id& operator=(const H5Id&) = delete;
  ~H5Id() {
    if (id_ >= 0) close_(id_);
  }
  operator hid_t() const { return id_; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

void check(herr_t status, const std::string& what) {
  if (status < 0) throw std::runtime_error("HDF5: " + what + " failed");
}

void string_attribute(hid_t obj, const std::string& name, const std::string& value) {
  check(H5LTset_attribute_string(obj, ".", name.c_str(), value.c_str()), "attribute " + name);
}

void write_dataset(hid_t file, const std::string& name, const std::vector<double>& data, std::size_t rows,
                   std::size_t cols, const char* units, const std::string& long_name, const std::string& columns = "") {
  const hsize_t dims2[2] = {rows, cols};
  const int rank = cols == 0 ? 1 : 2;
  H5Id space(H5Screate_simple(rank, dims2, nullptr), H5Sclose, "dataspace " + name);
  H5Id ds(H5Dcreate2(file, name.c_str(), H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
          "create " + name);
  if (!data.empty()) check(H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), "write " + name);
  string_attribute(ds, "units", units);
  string_attribute(ds, "long_name", long_name);
  if (!columns.empty()) string_attribute(ds, "columns", columns);
}

std::vector<double> flatten(const std::vector<std::vector<double>>& rows, std::size_t cols) {
  std::vector<double> out;
  out.reserve(rows.size() * cols);
  for (const auto& r : rows) out.insert(out.end(), r.begin(), r.end());
  return out;
}

void write_h5(const std::string& path, const TrajectoryTable& tb) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  H5Id file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "create file " + path);
  {
    H5Id root(H5Gopen2(file, "/", H5P_DEFAULT), H5Gclose, "open /");
    for (const auto& [k, v] : tb.attributes) string_attribute(root, k, v);
  }
  const std::size_t N = tb.t.size(), n = tb.state_names.size(), m = tb.input_names.size();
  write_dataset(file, "t", tb.t, N, 0, "s", "time");
  write_dataset(file, "state", flatten(tb.x, n), N, n, "rad, rad/s (per column)", "state q then qdot", join(tb.state_names));
  write_dataset(file, "energy", tb.energy, N, 0, "J", "total mechanical energy T + V");
  write_dataset(file, "power", tb.power, N, 0, "W", "actuator power (B u)^T qdot");
  write_dataset(file, "work", tb.work, N, 0, "J", "actuator work since t0 (integrated with the state)");
  write_dataset(file, "dissipated", tb.dissipated, N, 0, "J", "energy dissipated by joint damping since t0");
  if (m > 0) write_dataset(file, "inputs", flatten(tb.u, m), N, m, "N m", "joint moments u(t)", join(tb.input_names));
  // Dimension scales, so netCDF-4 readers (xarray via h5netcdf) see labelled dimensions: /t for
  // the sample axis of every dataset, /state_component and /input_component (column indices,
  // with the names in `columns`) for the second axis of /state and /inputs.
  auto index_scale = [&](const char* name, const std::vector<std::string>& labels) {
    const std::size_t k = labels.size();
    std::vector<double> idx(k);
    for (std::size_t i = 0; i < k; ++i) idx[i] = static_cast<double>(i);
    write_dataset(file, name, idx, k, 0, "1", std::string("column index of the ") + name, join(labels));
    H5Id ds(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose, std::string("open ") + name);
    check(H5DSset_scale(ds, name), std::string("dimension scale ") + name);
  };
  index_scale("state_component", tb.state_names);
  if (m > 0) index_scale("input_component", tb.input_names);
  H5Id tds(H5Dopen2(file, "t", H5P_DEFAULT), H5Dclose, "open t");
  check(H5DSset_scale(tds, "t"), "dimension scale t");
  for (const char* name : {"state", "energy", "power", "work", "dissipated", "inputs"}) {
    if (std::string(name) == "inputs" && m == 0) continue;
    H5Id ds(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose, std::string("open ") + name);
    check(H5DSattach_scale(ds, tds, 0), std::string("attach scale to ") + name);
  }
  {
    H5Id sc(H5Dopen2(file, "state_component", H5P_DEFAULT), H5Dclose, "open state_component");
    H5Id ds(H5Dopen2(file, "state", H5P_DEFAULT), H5Dclose, "open state");
    check(H5DSattach_scale(ds, sc, 1), "attach state_component");
  }
  if (m > 0) {
    H5Id sc(H5Dopen2(file, "input_component", H5P_DEFAULT), H5Dclose, "open input_component");
    H5Id ds(H5Dopen2(file, "inputs", H5P_DEFAULT), H5Dclose, "open inputs");
    check(H5DSattach_scale(ds, sc, 1), "attach input_component");
  }
  check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush");
}

std::string read_string_attribute(hid_t obj, const char* dataset, const char* name) {
  H5T_class_t cls;
  size_t size = 0;
  hsize_t dims[2];
  if (H5LTget_attribute_info(obj, dataset, name, dims, &cls, &size) < 0) return "";
  std::string s(size + 1, '\0');
  check(H5LTget_attribute_string(obj, dataset, name, s.data()), std::string("read attribute ") + name);
  s.resize(std::strlen(s.c_str()));
  return s;
}

std::vector<double> read_dataset(hid_t file, const char* name, std::size_t expect) {
  std::vector<double> v(expect);
  if (expect) check(H5LTread_dataset_double(file, name, v.data()), std::string("read ") + name);
  return v;
}

std::vector<std::vector<double>> unflatten(const std::vector<double>& v, std::size_t N, std::size_t cols) {
  std::vector<std::vector<double>> rows(N);
  for (std::size_t k = 0; k < N; ++k) rows[k].assign(v.begin() + k * cols, v.begin() + (k + 1) * cols);
  return rows;
}

TrajectoryTable read_h5(const std::string& path) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  H5Id file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open file " + path);
  TrajectoryTable tb;
  {
    H5Id root(H5Gopen2(file, "/", H5P_DEFAULT), H5Gclose, "open /");
    const int na = H5Aget_num_attrs(root);
    for (int i = 0; i < na; ++i) {
      H5Id a(H5Aopen_by_idx(root, ".", H5_INDEX_NAME, H5_ITER_INC, static_cast<hsize_t>(i), H5P_DEFAULT, H5P_DEFAULT),
             H5Aclose, "open attribute");
      char name[256];
      H5Aget_name(a, sizeof name, name);
      tb.attributes[name] = read_string_attribute(file, "/", name);
    }
  }
  hsize_t dims[2] = {0, 0};
  check(H5LTget_dataset_info(file, "t", dims, nullptr, nullptr), "info t");
  const std::size_t N = dims[0];
  tb.state_names = split(read_string_attribute(file, "state", "columns"));
  const std::size_t n = tb.state_names.size();
  tb.t = read_dataset(file, "t", N);
  tb.x = unflatten(read_dataset(file, "state", N * n), N, n);
  tb.energy = read_dataset(file, "energy", N);
  tb.power = read_dataset(file, "power", N);
  tb.work = read_dataset(file, "work", N);
  tb.dissipated = read_dataset(file, "dissipated", N);
  if (H5LTfind_dataset(file, "inputs") > 0) {
    tb.input_names = split(read_string_attribute(file, "inputs", "columns"));
    tb.u = unflatten(read_dataset(file, "inputs", N * tb.input_names.size()), N, tb.input_names.size());
  } else {
    tb.u.assign(N, {});
  }
  return tb;
}

}  // namespace

void write_trajectory(const std::string& path, const TrajectoryTable& table) {
  const std::string ext = extension_of(path);
  if (ext != ".csv" && !is_h5(ext))
    throw InputError("--out", "unknown file type '" + path + "' (use .csv, .h5 or .hdf5)");
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent))
    throw InputError("--out", "directory '" + parent.string() + "' does not exist");
  const std::string tmp = temp_name(path);
  try {
    if (is_h5(ext))
      write_h5(tmp, table);
    else
      write_csv(tmp, table);
    fs::rename(tmp, path);
  } catch (...) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw;
  }
}

TrajectoryTable read_trajectory(const std::string& path) {
  return is_h5(extension_of(path)) ? read_h5(path) : read_csv(path);
}

}  // namespace chaoskit
