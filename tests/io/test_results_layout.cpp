// The layout of a results file beyond a grid of float64 coordinates: index axes stored as int64
// and enumerated variables with their CF flags, written, read back (resume, the compressed copy)
// and checked (io/results_layout.hpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/h5_handle.hpp"
#include "chaoskit/io/results_store.hpp"
#include "support/scratch.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

TEST_CASE("results store: integer coordinates and CF flags are written, read back and checked", "[io][store]") {
  ScratchDir dir("store_integer_flags");
  const std::string f = dir.file("i.h5");
  std::vector<io::Axis> axes{{"point", {0, 1, 2, 3, 4}, "1", "index of the point", true}};
  std::vector<io::Variable> vars{
      {"verdict", io::ElementType::int32, {}, "1", "a verdict", -1, {{0, 1, 2}, "no yes maybe"}},
      {"value", io::ElementType::float64, {}, "1", "a value", NAN}};
  io::ResultsStore::create(f, axes, vars, {}).close();
  {
    h5::File file(H5Fopen(f.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "open");
    h5::Dataset point(H5Dopen2(file, "point", H5P_DEFAULT), "open point");
    h5::Datatype type(H5Dget_type(point), "type");
    CHECK(H5Tget_class(type) == H5T_INTEGER);
    CHECK(H5Tget_size(type) == 8);
    h5::Dataset verdict(H5Dopen2(file, "verdict", H5P_DEFAULT), "open verdict");
    CHECK(h5::read_string_attribute(verdict, "flag_meanings") == "no yes maybe");
    CHECK(std::get<std::string>(h5::read_attribute(verdict, "flag_values")) == "0,1,2");
    h5::Attribute values(H5Aopen(verdict, "flag_values", H5P_DEFAULT), "open flag_values");
    h5::Datatype values_type(H5Aget_type(values), "type");
    CHECK(H5Tequal(values_type, H5T_STD_I32LE) > 0);  // in the variable's own type, as CF asks
    h5::Dataset value(H5Dopen2(file, "value", H5P_DEFAULT), "open value");
    CHECK_FALSE(h5::has_attribute(value, "flag_values"));
  }
  auto s = io::ResultsStore::open_for_resume(f, axes, vars);
  REQUIRE(s.axes().size() == 1);
  CHECK(s.axes()[0].integer);
  CHECK(s.axes()[0].values == std::vector<double>{0, 1, 2, 3, 4});
  s.close();
  // The same coordinates as float64 are another layout.
  auto floats = axes;
  floats[0].integer = false;
  CHECK_THROWS_WITH(io::ResultsStore::open_for_resume(f, floats, vars),
                    Catch::Matchers::Contains("axis 'point' is float64 but int64"));
  // Coordinates that are not whole numbers cannot be integer; flags need an integer variable and
  // one meaning per value.
  auto field_of = [&](std::vector<io::Axis> a, std::vector<io::Variable> v) {
    try {
      io::ResultsStore::create(dir.file("bad.h5"), a, v, {});
    } catch (const InputError& e) { return e.field() + " | " + e.what(); }
    return std::string("accepted");
  };
  auto half = axes;
  half[0].values[2] = 1.5;
  CHECK_THAT(field_of(half, vars), Catch::Matchers::StartsWith("axes[0].values |") &&
                                       Catch::Matchers::Contains("integer axis but has the value"));
  auto float_flags = vars;
  float_flags[1].flags = {{0, 1}, "off on"};
  CHECK_THAT(field_of(axes, float_flags), Catch::Matchers::StartsWith("variables.value.flags |"));
  auto short_meanings = vars;
  short_meanings[0].flags.meanings = "no yes";
  CHECK_THAT(field_of(axes, short_meanings), Catch::Matchers::StartsWith("variables.verdict.flags |") &&
                                                 Catch::Matchers::Contains("3 flag values but 2"));
}

TEST_CASE("results store: the compressed copy keeps the integer coordinates and the flags", "[io][store]") {
  ScratchDir dir("store_integer_flags_finalized");
  const std::string f = dir.file("done.h5");
  const std::vector<io::Axis> axes{{"sample", {0, 1, 2}, "1", "index of the sample", true}};
  const std::vector<io::Variable> vars{
      {"verdict", io::ElementType::int32, {}, "1", "a verdict", -1, {{0, 1, 2}, "regular chaotic undecided"}}};
  auto s = io::ResultsStore::create(f, axes, vars, {});
  const std::vector<std::int32_t> verdicts{2, 0, 1};
  const std::vector<std::int8_t> status(3, 1);
  s.write_points(0, 3, {{"verdict", io::BufferView(std::span<const std::int32_t>(verdicts))}}, status);
  s.finalize();
  s.close();
  {
    const io::ResultsStore done = io::ResultsStore::open_read(f);
    REQUIRE(done.finalized());
    REQUIRE(done.axes().size() == 1);
    CHECK(done.axes()[0].integer);
  }  // closed first: HDF5 refuses a second open of a file with other locking flags
  h5::File file(H5Fopen(f.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "open");
  h5::Dataset verdict(H5Dopen2(file, "verdict", H5P_DEFAULT), "open verdict");
  CHECK(h5::read_string_attribute(verdict, "flag_meanings") == "regular chaotic undecided");
  CHECK(std::get<std::string>(h5::read_attribute(verdict, "flag_values")) == "0,1,2");
  h5::Dataset sample(H5Dopen2(file, "sample", H5P_DEFAULT), "open sample");
  h5::Datatype type(H5Dget_type(sample), "type");
  CHECK(H5Tequal(type, H5T_STD_I64LE) > 0);
}
