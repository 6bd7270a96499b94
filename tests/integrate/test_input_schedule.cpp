// Input histories: constant, piecewise-linear table and release, from code, CSV and TOML; the
// segments the driver stops at; and the errors a malformed input produces.
#include <catch2/catch.hpp>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "support/integrate_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
using Catch::Matchers::WithinAbs;

TEST_CASE("A table interpolates linearly and holds its end rows", "[inputs]") {
  const auto s = InputSchedule::table({0.0, 1.0, 3.0}, {{0.0, 10.0}, {2.0, 0.0}, {-2.0, 4.0}});
  CHECK_THAT(s.base(0, 0.5), WithinAbs(1.0, 1e-15));
  CHECK_THAT(s.base(1, 2.0), WithinAbs(2.0, 1e-15));
  CHECK_THAT(s.base(0, -1.0), WithinAbs(0.0, 0.0));
  CHECK_THAT(s.base(1, 7.0), WithinAbs(4.0, 0.0));
  // Segments are cut at knots inside the horizon; on each the input is u0 + slope (t − ta).
  const auto segs = s.segments(0.5, 5.0);
  REQUIRE(segs.size() == 3);
  CHECK(segs[0].ta == 0.5);
  CHECK(segs[0].tb == 1.0);
  CHECK(segs[2].tb == 5.0);
  CHECK_THAT(segs[1].u<2>(2.0)(0), WithinAbs(0.0, 1e-14));
  CHECK_THAT(segs[2].u<2>(4.0)(1), WithinAbs(4.0, 1e-14));
  CHECK(segs[2].slope[0] == 0.0);
}

TEST_CASE("A release switches one channel off from t_r on and cuts a segment there", "[inputs]") {
  auto s = InputSchedule::constant({3.0, -2.0});
  s.set_release({InputSchedule::never, 0.25});
  CHECK(s.value(0.2) == std::vector<double>{3.0, -2.0});
  CHECK(s.value(0.25) == std::vector<double>{3.0, 0.0});
  const auto segs = s.segments(0.0, 1.0);
  REQUIRE(segs.size() == 2);
  CHECK(segs[0].active[1]);
  CHECK_FALSE(segs[1].active[1]);
  // The left segment keeps its own input up to and including t_r: no stage sees the jump early.
  CHECK(segs[0].u<2>(0.25)(1) == -2.0);
  CHECK(segs[1].u<2>(0.25)(1) == 0.0);
  // A release outside the horizon does not cut.
  CHECK(s.segments(0.3, 1.0).size() == 1);
  CHECK_FALSE(s.segments(0.3, 1.0)[0].active[1]);
  CHECK_THROWS_AS(s.set_release({0.1}), InputError);
  CHECK_THROWS_AS(s.set_release({NAN, 0.1}), InputError);
}

TEST_CASE("CSV torque tables: header, comments, and named errors", "[inputs][csv]") {
  const auto good = temp_file("tau.csv", "t,tau1,tau2\n# ramp\n0, 1, 2\n0.5, 3, 4\n");
  const auto s = read_torque_table_csv(good, 2);
  CHECK(s.has_table());
  CHECK_THAT(s.base(0, 0.25), WithinAbs(2.0, 1e-15));
  const auto short_row = temp_file("bad.csv", "0,1,2\n0.5,3\n");
  try {
    read_torque_table_csv(short_row, 2);
    FAIL("expected InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find(":2") != std::string::npos);  // names the line
  }
  const auto unsorted = temp_file("bad2.csv", "0,1,2\n0,3,4\n");
  CHECK_THROWS_AS(read_torque_table_csv(unsorted, 2), InputError);
  CHECK_THROWS_AS(read_torque_table_csv("/nonexistent/tau.csv", 2), InputError);
  for (const auto& f : {good, short_row, unsorted}) std::filesystem::remove(f);
}

TEST_CASE("TOML [inputs]: constant with release, inline table, CSV by relative path", "[inputs][toml]") {
  const auto f1 = temp_file("in1.toml", "[inputs]\ntorque = [-15, -3.5]\nrelease = [\"none\", 0.2]\n");
  const auto a = read_inputs_file(f1, 2);
  CHECK(a.value(0.1) == std::vector<double>{-15.0, -3.5});
  CHECK(a.value(0.3) == std::vector<double>{-15.0, 0.0});
  const auto f2 = temp_file("in2.toml", "[inputs.table]\nt = [0, 1]\nu = [[0, 0], [2, -2]]\n");
  CHECK_THAT(read_inputs_file(f2, 2).base(1, 0.5), WithinAbs(-1.0, 1e-15));
  const auto csv = temp_file("in3.csv", "0,1\n1,3\n");
  const auto f3 =
      temp_file("in3.toml", "[inputs]\ntable = \"" + std::filesystem::path(csv).filename().string() + "\"\n");
  CHECK_THAT(read_inputs_file(f3, 1).base(0, 0.5), WithinAbs(2.0, 1e-15));
  const auto bad = temp_file("in4.toml", "[inputs]\ntorque = [1, 2]\nspeed = 3\n");
  CHECK_THROWS_AS(read_inputs_file(bad, 2), InputError);
  const auto wrong_dim = temp_file("in5.toml", "[inputs]\ntorque = [1, 2, 3]\n");
  CHECK_THROWS_AS(read_inputs_file(wrong_dim, 2), InputError);
  for (const auto& f : {f1, f2, csv, f3, bad, wrong_dim}) std::filesystem::remove(f);
}

TEST_CASE("Release lists parse 'none' and reject a wrong count", "[inputs]") {
  const auto r = parse_release_list("none, 0.25", 2);
  CHECK(std::isinf(r[0]));
  CHECK(r[1] == 0.25);
  CHECK_THROWS_AS(parse_release_list("0.1", 2), InputError);
  CHECK_THROWS_AS(parse_release_list("soon,0.1", 2), InputError);
}
