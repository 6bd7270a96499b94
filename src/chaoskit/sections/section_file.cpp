#include "chaoskit/sections/section_file.hpp"

#include <hdf5.h>

#include <cassert>
#include <filesystem>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/atomic_file.hpp"
#include "chaoskit/io/file_open.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/name_list.hpp"
#include "chaoskit/io/netcdf_layout.hpp"
#include "chaoskit/io/provenance.hpp"

namespace chaoskit {

namespace fs = std::filesystem;

namespace {

std::vector<double> column(const std::vector<double>& rows, std::size_t n, std::size_t c) {
  std::vector<double> out(n ? rows.size() / n : 0);
  for (std::size_t k = 0; k < out.size(); ++k) out[k] = rows[k * n + c];
  return out;
}

void write_file(const std::string& file_path, const std::string& path, const SectionTable& tb) {
  const hid_t id = H5Fcreate(file_path.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT);
  if (id < 0) throw InputError("output", "cannot create '" + path + "': " + h5::innermost_error());
  h5::File file(id, "create " + file_path);
  {
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    io::Attributes all = io::software_provenance();
    all["chaoskit_format"] = std::string("chaoskit-section-1");
    for (const auto& [k, v] : tb.attributes) all[k] = v;
    all["state_names"] = io::join_names(tb.state_names);
    h5::write_attributes(root, all);
  }
  {  // every dataset closed before the file, so that its close reports a failure
    const std::size_t n = tb.state_names.size(), C = tb.crossings(), S = tb.seeds();
    // The two tables' dimensions: crossings and seeds.
    struct Dim {
      h5::Dataset scale;
      std::size_t rows;
      const char* name;
    };
    const Dim crossing{
        io::netcdf::index_dimension(file, "crossing", C, "crossing index (orbit by orbit, each in time order)", 0), C,
        "crossing"};
    const Dim seed{io::netcdf::index_dimension(file, "seed", S, "seed (orbit) index", 1), S, "seed"};
    auto put = [&](const std::string& name, hid_t file_type, hid_t mem_type, const void* data, const Dim& dim,
                   const std::string& units, const std::string& long_name, bool status_codes = false) {
      h5::Dataset ds = io::netcdf::create_with_data(file, name, file_type, mem_type, {dim.rows}, data);
      io::netcdf::describe(ds, units, long_name);
      if (status_codes) io::netcdf::describe_status_codes(ds);
      io::netcdf::attach(ds, dim.scale, 0, dim.name);
    };
    put("orbit", H5T_STD_I32LE, H5T_NATIVE_INT32, tb.orbit.data(), crossing, "1", "seed index of the orbit");
    put("t", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.t.data(), crossing, "s", "crossing time");
    for (std::size_t c = 0; c < n; ++c) {
      const std::string& nm = tb.state_names[c];
      const std::string units = nm.rfind("dth", 0) == 0 ? "rad/s" : nm.rfind("th", 0) == 0 ? "rad" : "1";
      const auto col = column(tb.state, n, c);
      put(nm, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, col.data(), crossing, units, nm + " at the crossing");
      const auto scol = column(tb.seed_state, n, c);
      put("seed_" + nm, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, scol.data(), seed, units, "initial " + nm);
    }
    put("energy", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.energy.data(), crossing, "J", "total energy at the crossing");
    put("seed_energy", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.seed_energy.data(), seed, "J", "initial total energy");
    put("seed_end_time", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, tb.seed_end_time.data(), seed, "s",
        "time the orbit's integration ended");
    put("seed_crossings", H5T_STD_I32LE, H5T_NATIVE_INT32, tb.seed_crossings.data(), seed, "1",
        "number of crossings of the orbit");
    put("seed_status", H5T_STD_I8LE, H5T_NATIVE_INT8, tb.seed_status.data(), seed, "1", "orbit status", true);
  }
  h5::check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush " + file_path);
  file.close("close " + file_path);
}

}  // namespace

void write_section_file(const std::string& path, const SectionTable& tb, bool overwrite) {
  // The table is filled by run_sections, never by the user: unequal columns are a bug here.
  [[maybe_unused]] const std::size_t n = tb.state_names.size();
  assert(tb.orbit.size() == tb.t.size() && tb.state.size() == n * tb.t.size() && tb.energy.size() == tb.t.size() &&
         tb.seed_state.size() == n * tb.seeds() && tb.seed_status.size() == tb.seeds() &&
         tb.seed_crossings.size() == tb.seeds() && tb.seed_end_time.size() == tb.seeds());
  if (path.empty()) throw InputError("output", "an output file is required");
  const fs::path p(path);
  if (!p.parent_path().empty() && !fs::is_directory(p.parent_path()))
    throw InputError("output", "directory '" + p.parent_path().string() + "' does not exist");
  if (fs::exists(p) && !overwrite)
    throw InputError("output", "'" + path + "' exists and replacing it was not asked for");
  h5::QuietErrors quiet;
  io::AtomicFile out(path);
  write_file(out.temp_path(), path, tb);
  out.commit();
}

SectionTable read_section_file(const std::string& path) {
  h5::QuietErrors quiet;
  return io::diagnosing_damage(path, [&] {
    const h5::File file = io::open_existing(path, false);
    SectionTable tb;
    {
      h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
      tb.state_names = io::split_names(h5::read_string_attribute(root, "state_names"));
      for (const char* key : {"model", "plane", "direction", "command_line"})
        if (h5::has_attribute(root, key)) tb.attributes[key] = h5::read_string_attribute(root, key);
    }
    const std::size_t n = tb.state_names.size();
    tb.orbit = io::netcdf::read_values<std::int32_t>(file, "orbit");
    tb.t = io::netcdf::read_values<double>(file, "t");
    tb.energy = io::netcdf::read_values<double>(file, "energy");
    tb.seed_energy = io::netcdf::read_values<double>(file, "seed_energy");
    tb.seed_end_time = io::netcdf::read_values<double>(file, "seed_end_time");
    tb.seed_crossings = io::netcdf::read_values<std::int32_t>(file, "seed_crossings");
    tb.seed_status = io::netcdf::read_values<std::int8_t>(file, "seed_status");
    tb.state.assign(n * tb.t.size(), 0.0);
    tb.seed_state.assign(n * tb.seed_energy.size(), 0.0);
    for (std::size_t c = 0; c < n; ++c) {
      const auto col = io::netcdf::read_values<double>(file, tb.state_names[c]);
      for (std::size_t k = 0; k < col.size(); ++k) tb.state[k * n + c] = col[k];
      const auto scol = io::netcdf::read_values<double>(file, "seed_" + tb.state_names[c]);
      for (std::size_t k = 0; k < scol.size(); ++k) tb.seed_state[k * n + c] = scol[k];
    }
    return tb;
  });
}

}  // namespace chaoskit
