#include "chaoskit/sections/section_file.hpp"

#include <hdf5.h>
#include <hdf5_hl.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/h5_handle.hpp"

namespace chaoskit {

namespace fs = std::filesystem;

namespace {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

h5::Dataset make_dataset(hid_t file, const std::string& name, hid_t ftype, hid_t mtype, const void* data, std::size_t n,
                         const std::string& units, const std::string& long_name) {
  const hsize_t dims[1] = {n};
  h5::Dataspace space(H5Screate_simple(1, dims, nullptr), "dataspace of " + name);
  h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "property list");
  h5::check(H5Pset_obj_track_times(dcpl, 0), "object times off");
  h5::Dataset ds(H5Dcreate2(file, name.c_str(), ftype, space, H5P_DEFAULT, dcpl, H5P_DEFAULT), "create " + name);
  if (n > 0) h5::check(H5Dwrite(ds, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), "write " + name);
  h5::write_attribute(ds, "units", units);
  h5::write_attribute(ds, "long_name", long_name);
  return ds;
}

h5::Dataset make_index_scale(hid_t file, const std::string& name, std::size_t n, int dimid, const std::string& long_name) {
  std::vector<std::int32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = static_cast<std::int32_t>(i);
  h5::Dataset ds = make_dataset(file, name, H5T_STD_I32LE, H5T_NATIVE_INT32, idx.data(), n, "1", long_name);
  h5::write_attribute_raw(ds, "_Netcdf4Dimid", H5T_STD_I32LE, H5T_NATIVE_INT, &dimid);
  h5::check(H5DSset_scale(ds, name.c_str()), "make " + name + " a dimension scale");
  return ds;
}

std::vector<double> column(const std::vector<double>& rows, std::size_t n, std::size_t c) {
  std::vector<double> out(n ? rows.size() / n : 0);
  for (std::size_t k = 0; k < out.size(); ++k) out[k] = rows[k * n + c];
  return out;
}

void write_file(const std::string& tmp, const SectionTable& tb) {
  const hid_t id = H5Fcreate(tmp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT);
  if (id < 0) throw InputError("--out", "cannot create '" + tmp + "': " + h5::innermost_error());
  h5::File file(id, "create " + tmp);
  {
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    io::Attributes all{{"software", std::string("chaoskit")},
                       {"softwareVersion", std::string(build_info::version)},
                       {"softwareCommit", std::string(build_info::commit)},
                       {"date", utc_now()},
                       {"chaoskit_format", std::string("chaoskit-section-1")}};
    for (const auto& [k, v] : tb.attributes) all[k] = v;
    std::string names;
    for (const auto& nm : tb.state_names) names += (names.empty() ? "" : ",") + nm;
    all["state_names"] = names;
    // Named copy of the key: clang before 16 cannot capture a structured binding in a lambda.
    for (const auto& [k, v] : all) {
      const std::string& key = k;
      std::visit([&](const auto& x) { h5::write_attribute(root, key, x); }, v);
    }
  }
  const std::size_t n = tb.state_names.size(), C = tb.crossings(), S = tb.seeds();
  h5::Dataset crossing = make_index_scale(file, "crossing", C, 0, "crossing index (orbit by orbit, each in time order)");
  h5::Dataset seed = make_index_scale(file, "seed", S, 1, "seed (orbit) index");
  auto on = [&](h5::Dataset ds, hid_t scale) {
    h5::check(H5DSattach_scale(ds, scale, 0), "attach dimension scale");
  };
  on(make_dataset(file, "orbit", H5T_STD_I32LE, H5T_NATIVE_INT32, tb.orbit.data(), C, "1", "seed index of the orbit"), crossing);
  on(make_dataset(file, "t", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.t.data(), C, "s", "crossing time"), crossing);
  for (std::size_t c = 0; c < n; ++c) {
    const std::string& nm = tb.state_names[c];
    const std::string units = nm.rfind("dth", 0) == 0 ? "rad/s" : nm.rfind("th", 0) == 0 ? "rad" : "1";
    const auto col = column(tb.state, n, c);
    on(make_dataset(file, nm, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, col.data(), C, units, nm + " at the crossing"), crossing);
    const auto scol = column(tb.seed_state, n, c);
    on(make_dataset(file, "seed_" + nm, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, scol.data(), S, units, "initial " + nm), seed);
  }
  on(make_dataset(file, "energy", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.energy.data(), C, "J",
                  "total energy at the crossing"), crossing);
  on(make_dataset(file, "seed_energy", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.seed_energy.data(), S, "J",
                  "initial total energy"), seed);
  on(make_dataset(file, "seed_end_time", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.seed_end_time.data(), S, "s",
                  "time the orbit's integration ended"), seed);
  on(make_dataset(file, "seed_crossings", H5T_STD_I32LE, H5T_NATIVE_INT32, tb.seed_crossings.data(), S, "1",
                  "number of crossings of the orbit"), seed);
  {
    h5::Dataset st = make_dataset(file, "seed_status", H5T_STD_I8LE, H5T_NATIVE_INT8, tb.seed_status.data(), S, "1",
                                  "orbit status");
    h5::write_attribute(st, "flag_meanings", point_status_flag_meanings());
    on(std::move(st), seed);
  }
  h5::check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush " + tmp);
  crossing.reset();
  seed.reset();
  file.close("close " + tmp);
}

}  // namespace

void write_section_file(const std::string& path, const SectionTable& tb, bool overwrite) {
  const std::size_t n = tb.state_names.size();
  if (tb.orbit.size() != tb.t.size() || tb.state.size() != n * tb.t.size() || tb.energy.size() != tb.t.size() ||
      tb.seed_state.size() != n * tb.seeds() || tb.seed_status.size() != tb.seeds() ||
      tb.seed_crossings.size() != tb.seeds() || tb.seed_end_time.size() != tb.seeds())
    throw std::invalid_argument("write_section_file: inconsistent table sizes");
  if (path.empty()) throw InputError("--out", "an output file is required");
  const fs::path p(path);
  if (!p.parent_path().empty() && !fs::is_directory(p.parent_path()))
    throw InputError("--out", "directory '" + p.parent_path().string() + "' does not exist");
  if (fs::exists(p) && !overwrite) throw InputError("--out", "'" + path + "' exists (use --force to replace it)");
  const std::string tmp =
      (p.parent_path() / ("." + p.filename().string() + ".tmp-" + std::to_string(::getpid()))).string();
  h5::QuietErrors quiet;
  try {
    std::error_code ec;
    fs::remove(tmp, ec);
    write_file(tmp, tb);
    fs::rename(tmp, p);
  } catch (...) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw;
  }
}

namespace {
template <class T>
std::vector<T> read_1d(hid_t file, const std::string& name, hid_t mtype) {
  h5::Dataset ds(H5Dopen2(file, name.c_str(), H5P_DEFAULT), "open " + name);
  h5::Dataspace sp(H5Dget_space(ds), "dataspace of " + name);
  hsize_t dims[1] = {0};
  H5Sget_simple_extent_dims(sp, dims, nullptr);
  std::vector<T> v(dims[0]);
  if (!v.empty()) h5::check(H5Dread(ds, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()), "read " + name);
  return v;
}
}  // namespace

SectionTable read_section_file(const std::string& path) {
  h5::QuietErrors quiet;
  const hid_t id = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (id < 0) throw InputError("file", "cannot open '" + path + "'");
  h5::File file(id, "open " + path);
  SectionTable tb;
  {
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    const std::string names = h5::read_string_attribute(root, "state_names");
    std::size_t start = 0;
    while (start <= names.size()) {
      const auto c = names.find(',', start);
      tb.state_names.push_back(names.substr(start, c == std::string::npos ? std::string::npos : c - start));
      if (c == std::string::npos) break;
      start = c + 1;
    }
    for (const char* key : {"model", "plane", "direction", "command_line"})
      if (h5::has_attribute(root, key)) tb.attributes[key] = h5::read_string_attribute(root, key);
  }
  const std::size_t n = tb.state_names.size();
  tb.orbit = read_1d<std::int32_t>(file, "orbit", H5T_NATIVE_INT32);
  tb.t = read_1d<double>(file, "t", H5T_NATIVE_DOUBLE);
  tb.energy = read_1d<double>(file, "energy", H5T_NATIVE_DOUBLE);
  tb.seed_energy = read_1d<double>(file, "seed_energy", H5T_NATIVE_DOUBLE);
  tb.seed_end_time = read_1d<double>(file, "seed_end_time", H5T_NATIVE_DOUBLE);
  tb.seed_crossings = read_1d<std::int32_t>(file, "seed_crossings", H5T_NATIVE_INT32);
  tb.seed_status = read_1d<std::int8_t>(file, "seed_status", H5T_NATIVE_INT8);
  tb.state.assign(n * tb.t.size(), 0.0);
  tb.seed_state.assign(n * tb.seed_energy.size(), 0.0);
  for (std::size_t c = 0; c < n; ++c) {
    const auto col = read_1d<double>(file, tb.state_names[c], H5T_NATIVE_DOUBLE);
    for (std::size_t k = 0; k < col.size(); ++k) tb.state[k * n + c] = col[k];
    const auto scol = read_1d<double>(file, "seed_" + tb.state_names[c], H5T_NATIVE_DOUBLE);
    for (std::size_t k = 0; k < scol.size(); ++k) tb.seed_state[k * n + c] = scol[k];
  }
  return tb;
}

}  // namespace chaoskit
