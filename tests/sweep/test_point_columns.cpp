// The sweep's typed result columns (sweep/point_columns.hpp): fill values in each element type,
// points reset, joined, sliced and copied without a value changing type, and the runs that the
// writer joins (point_run.hpp) keeping every column in point order.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <variant>
#include <vector>

#include "chaoskit/sweep/quantities/point_run.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;

namespace {

const std::vector<io::Variable>& variables() {
  static const std::vector<io::Variable> v = {
      {"pair", io::ElementType::float64, {{"k", 2}}, "1", "", NAN},
      {"label", io::ElementType::int32, {}, "1", "", -1},
      {"flag", io::ElementType::uint8, {}, "1", "", 255},
  };
  return v;
}

/// Columns for points first .. first+count−1 whose values name their point.
PointColumns named_points(std::size_t first, std::size_t count) {
  PointColumns c(variables(), count);
  for (std::size_t p = 0; p < count; ++p) {
    const auto i = static_cast<std::int32_t>(first + p);
    c.at<double>(0, p)[0] = i + 0.5;
    c.at<double>(0, p)[1] = -i;
    *c.at<std::int32_t>(1, p) = 16777217 + i;  // beyond float's exact integers
    *c.at<std::uint8_t>(2, p) = static_cast<std::uint8_t>(i % 2);
  }
  return c;
}

void check_named(const PointColumns& c, std::size_t first) {
  for (std::size_t p = 0; p < c.points(); ++p) {
    const auto i = static_cast<std::int32_t>(first + p);
    INFO("point " << first + p);
    CHECK(c.at<double>(0, p)[0] == i + 0.5);
    CHECK(c.at<double>(0, p)[1] == -i);
    CHECK(*c.at<std::int32_t>(1, p) == 16777217 + i);
    CHECK(*c.at<std::uint8_t>(2, p) == i % 2);
  }
}

}  // namespace

TEST_CASE("point columns: each variable in its own type, starting at its fill value", "[sweep][columns]") {
  PointColumns c(variables(), 3);
  REQUIRE(c.points() == 3);
  REQUIRE(c.column_count() == 3);
  CHECK(c.type(1) == io::ElementType::int32);
  CHECK(c.values_per_point(0) == 2);
  CHECK(std::isnan(c.at<double>(0, 2)[1]));
  CHECK(*c.at<std::int32_t>(1, 0) == -1);
  CHECK(*c.at<std::uint8_t>(2, 1) == 255);
  // The store writes each column as a buffer of its element type and size.
  CHECK(std::get<std::span<const double>>(c.view(0)).size() == 6);
  CHECK(std::get<std::span<const std::int32_t>>(c.view(1)).size() == 3);
  CHECK(std::get<std::span<const std::uint8_t>>(c.view(2)).size() == 3);
  CHECK(c.bytes(1).size() == 3 * sizeof(std::int32_t));
  // A column asked for in another type is a programming error, caught.
  CHECK_THROWS_AS(c.at<double>(1, 0), std::bad_variant_access);
  CHECK_THROWS_AS(c.at<std::int32_t>(2, 0), std::bad_variant_access);

  *c.at<std::int32_t>(1, 1) = 7;
  c.at<double>(0, 1)[0] = 2.0;
  c.fill_point(1);  // a point whose computation threw
  CHECK(*c.at<std::int32_t>(1, 1) == -1);
  CHECK(std::isnan(c.at<double>(0, 1)[0]));
}

TEST_CASE("point columns: slices, joins and copies keep every value and its point", "[sweep][columns]") {
  const PointColumns a = named_points(10, 4);
  check_named(a, 10);
  check_named(a.slice(1, 2), 11);
  CHECK(a.slice(0, 4).same_bits(a));
  CHECK_FALSE(a.slice(0, 3).same_bits(a));

  PointColumns joined = named_points(10, 2);
  joined.append(named_points(12, 2));
  CHECK(joined.same_bits(a));

  PointColumns all(variables(), 6);
  all.assign_points(2, a);
  check_named(all.slice(2, 4), 10);
  CHECK(*all.at<std::int32_t>(1, 0) == -1);  // untouched points keep their fill values
  CHECK(*all.at<std::uint8_t>(2, 1) == 255);

  // NaN payloads and signed zeros count as bits, not as numbers.
  PointColumns z = named_points(0, 1), w = named_points(0, 1);
  z.at<double>(0, 0)[1] = 0.0;
  w.at<double>(0, 0)[1] = -0.0;
  CHECK_FALSE(z.same_bits(w));
}

TEST_CASE("point runs: neighbours join in point order, gaps stay apart", "[sweep][columns]") {
  std::vector<PointRun> runs;
  for (std::size_t first : {8u, 0u, 4u, 20u})
    runs.push_back({first, named_points(first, 4), std::vector<std::int8_t>(4, 1)});
  const std::vector<PointRun> merged = merge_adjacent(std::move(runs));
  REQUIRE(merged.size() == 2);
  CHECK(merged[0].first == 0);
  CHECK(merged[0].count() == 12);
  check_named(merged[0].values, 0);
  CHECK(merged[1].first == 20);
  check_named(merged[1].values, 20);
}
