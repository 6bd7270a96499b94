// The attribute conventions of the three kinds of chaoskit file, written by the CLI: users' scripts
// read them, so they are pinned here. Results files (sweep, basin) and section files carry
// variable-length UTF-8 strings (h5py returns str) and netCDF-4 dimension ids; trajectory files
// carry fixed-length ASCII strings (h5py returns bytes) and float64 column indices, as since their
// first version. Every file's dimensions are attached scales, and status variables name their codes.
#include <catch2/catch.hpp>

#include <hdf5.h>
#include <hdf5_hl.h>

#include <fstream>
#include <string>
#include <vector>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/point_status.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/netcdf_layout.hpp"
#include "chaoskit/io/provenance.hpp"
#include "io/store_fixtures.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

struct StringKind {
  bool variable_length = false;
  H5T_cset_t cset = H5T_CSET_ERROR;
};

StringKind string_kind(hid_t obj, const std::string& name) {
  h5::Attribute a(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "open attribute " + name);
  h5::Datatype t(H5Aget_type(a), "type of " + name);
  REQUIRE(H5Tget_class(t) == H5T_STRING);
  return {H5Tis_variable_str(t) > 0, H5Tget_cset(t)};
}

h5::File open_file(const std::string& path) {
  return h5::File(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "open " + path);
}

h5::Dataset open_dataset(hid_t file, const std::string& name) {
  return h5::Dataset(H5Dopen2(file, name.c_str(), H5P_DEFAULT), "open " + name);
}

bool attached(hid_t file, const std::string& dataset, const std::string& scale, unsigned dim) {
  h5::Dataset ds = open_dataset(file, dataset), sc = open_dataset(file, scale);
  return H5DSis_attached(ds, sc, dim) > 0;
}

}  // namespace

TEST_CASE("file formats: trajectory files keep ASCII attributes, float64 column indices and their scales",
          "[io][formats][simulate]") {
  ScratchDir dir("format_trajectory");
  const std::string f = dir.file("swing.h5");
  REQUIRE(run_cli("simulate --model golf --state 150deg,-70deg,0,0 --time 0.1 --torque=-15,-3 --out " + shell_quote(f))
              .exit_code == 0);
  h5::QuietErrors quiet;
  h5::File file = open_file(f);
  h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
  for (const char* key : {"software", "softwareVersion", "softwareCommit", "date", "host", "model", "status"}) {
    INFO(key);
    const StringKind k = string_kind(root, key);
    CHECK_FALSE(k.variable_length);
    CHECK(k.cset == H5T_CSET_ASCII);
  }
  CHECK(h5::read_string_attribute(root, "model") == "golf");
  // The provenance every chaoskit file carries, in the results files' names (io/provenance.hpp).
  CHECK(h5::read_string_attribute(root, "softwareCommit") == build_info::commit);
  CHECK_FALSE(h5::has_attribute(root, "commit"));
  h5::Dataset state = open_dataset(file, "state");
  CHECK_FALSE(string_kind(state, "units").variable_length);
  CHECK(h5::read_string_attribute(state, "columns") == "th1,th2,dth1,dth2");
  h5::Dataset index = open_dataset(file, "state_component");
  h5::Datatype index_type(H5Dget_type(index), "type");
  CHECK(H5Tget_class(index_type) == H5T_FLOAT);
  CHECK_FALSE(h5::has_attribute(index, "_Netcdf4Dimid"));
  for (const char* name : {"state", "energy", "power", "work", "dissipated", "inputs"}) {
    INFO(name);
    CHECK(attached(file, name, "t", 0));
  }
  CHECK(attached(file, "state", "state_component", 1));
  CHECK(attached(file, "inputs", "input_component", 1));
}

TEST_CASE("file formats: section files carry UTF-8 provenance, dimension ids and the status codes' names",
          "[io][formats][section]") {
  ScratchDir dir("format_section");
  const std::string f = dir.file("s.h5");
  REQUIRE(run_cli("section --model golf --state 2,-1,0,0 --plane 'th1 = 0' --crossings 3 --out " + shell_quote(f))
              .exit_code == 0);
  h5::QuietErrors quiet;
  h5::File file = open_file(f);
  h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
  for (const char* key : {"software", "softwareVersion", "softwareCommit", "date", "chaoskit_format", "state_names"}) {
    INFO(key);
    const StringKind k = string_kind(root, key);
    CHECK(k.variable_length);
    CHECK(k.cset == H5T_CSET_UTF8);
  }
  CHECK(h5::read_string_attribute(root, "host") == io::host_name());
  CHECK(h5::read_string_attribute(root, "chaoskit_format") == "chaoskit-section-1");
  h5::Dataset status = open_dataset(file, "seed_status");
  CHECK(h5::read_string_attribute(status, "flag_meanings") == point_status_flag_meanings());
  for (const char* dim : {"crossing", "seed"}) CHECK(h5::has_attribute(open_dataset(file, dim), "_Netcdf4Dimid"));
  CHECK(attached(file, "t", "crossing", 0));
  CHECK(attached(file, "seed_status", "seed", 0));
}

TEST_CASE("file formats: results files name their storage, host and status codes", "[io][formats][basin]") {
  ScratchDir dir("format_results");
  const std::string f = dir.file("b.h5");
  REQUIRE(run_cli("basin --model golf --x th1=100deg:170deg:6 --y th2=-100deg:-40deg:6 --kind task --torque=-15,-3 "
                  "--threshold 30 --max-time 2 --box 2 --out " +
                  shell_quote(f))
              .exit_code == 0);
  h5::QuietErrors quiet;
  h5::File file = open_file(f);
  h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
  for (const char* key : {"software", "softwareCommit", "date", "host", "chaoskit_format", "chaoskit_storage"}) {
    INFO(key);
    CHECK(string_kind(root, key).variable_length);
  }
  CHECK(h5::read_string_attribute(root, "chaoskit_storage") == "deflate (finalized)");
  CHECK(h5::read_string_attribute(root, "chaoskit_axes") == "th1,th2");
  h5::Dataset status = open_dataset(file, "status");
  CHECK(h5::read_string_attribute(status, "flag_meanings") == point_status_flag_meanings());
  CHECK(h5::read_string_attribute(status, "chaoskit_dims") == "th1,th2");
  CHECK(attached(file, "label", "th2", 1));
}

TEST_CASE("file formats: index axes are int64 and the orbit verdicts carry CF flags, in the finished file",
          "[io][formats][sweep]") {
  ScratchDir dir("format_index_flags");
  std::ofstream(dir.file("states.csv")) << "th1,th2\n0.3,-0.2\n2.0,-0.2\n";
  std::ofstream(dir.file("points.toml")) << "[model]\nname = \"golf\"\n[points]\nfile = \"states.csv\"\n"
                                            "[compute]\norbit_class = { time = 20 }\n";
  std::ofstream(dir.file("sample.toml")) << "[model]\nname = \"golf\"\n[sample]\nenergy = -3.0\nn = 3\n"
                                            "[compute]\nfinal_state = { time = 0.1 }\n";
  for (const char* job : {"points.toml", "sample.toml"})
    REQUIRE(run_cli("sweep " + shell_quote(dir.file(job)) + " --progress quiet").exit_code == 0);
  auto integer_axis = [](hid_t file, const std::string& name, std::size_t n) {
    INFO(name);
    h5::Dataset axis = open_dataset(file, name);
    h5::Datatype type(H5Dget_type(axis), "type");
    CHECK(H5Tequal(type, H5T_STD_I64LE) > 0);
    CHECK(io::netcdf::read_values<double>(file, name) == [n] {
      std::vector<double> v(n);
      for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<double>(i);
      return v;
    }());
  };
  h5::QuietErrors quiet;
  {
    h5::File file = open_file(dir.file("points.h5"));
    integer_axis(file, "point", 2);
    for (const char* name : {"orbit_class", "orbit_votes"}) {
      INFO(name);
      h5::Dataset ds = open_dataset(file, name);
      CHECK(h5::read_string_attribute(ds, "flag_meanings") == "regular chaotic undecided");
      CHECK(std::get<std::string>(h5::read_attribute(ds, "flag_values")) == "0,1,2");
    }
    CHECK_FALSE(h5::has_attribute(open_dataset(file, "orbit_lambda_max"), "flag_values"));
  }
  {
    h5::File file = open_file(dir.file("sample.h5"));
    integer_axis(file, "sample", 3);
    h5::Dataset energy = open_dataset(file, "energy");  // the levels stay float64
    h5::Datatype type(H5Dget_type(energy), "type");
    CHECK(H5Tequal(type, H5T_IEEE_F64LE) > 0);
  }
}
