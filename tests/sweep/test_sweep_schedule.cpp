// The pieces of an MPI sweep that need no MPI: guided work units and the message encoding.
#include <catch2/catch.hpp>

#include <cmath>

#include "chaoskit/sweep/runs/guided_schedule.hpp"
#include "chaoskit/sweep/runs/work_messages.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;

namespace {
std::vector<Batch> batches(std::size_t n, std::size_t size) {
  std::vector<Batch> b;
  for (std::size_t i = 0; i < n; ++i) b.push_back({i * size, size});
  return b;
}
}  // namespace

TEST_CASE("guided schedule: units cover every batch once, in order, shrinking to single batches", "[sweep][mpi]") {
  const auto all = batches(1000, 16);  // 16000 points
  GuidedSchedule s(all, 8);            // e.g. 4 ranks x 2 threads
  std::vector<Batch> seen;
  std::vector<std::size_t> sizes;
  for (;;) {
    const auto u = s.next_unit(2);
    if (u.empty()) break;
    sizes.push_back(u.size());
    seen.insert(seen.end(), u.begin(), u.end());
  }
  CHECK(seen == all);
  CHECK(s.remaining_points() == 0);
  // First unit: 16000 * 2 / (2 * 8) = 2000 points = 125 batches; then never larger; last ones single.
  CHECK(sizes.front() == 125);
  for (std::size_t i = 1; i < sizes.size(); ++i) CHECK(sizes[i] <= sizes[i - 1]);
  CHECK(sizes.back() == 1);
  // Guided scheduling needs O(P log(N/P)) units, not N: here well under a tenth of the batches.
  CHECK(sizes.size() < 100);
  CHECK(s.units_handed_out() == sizes.size());
}

TEST_CASE("guided schedule: single batches for the coordinator, empty when done", "[sweep][mpi]") {
  GuidedSchedule s(batches(3, 5), 2);
  CHECK(s.next_batch() == Batch{0, 5});
  CHECK(s.next_unit(1) == std::vector<Batch>{{5, 5}});
  CHECK(s.next_batch() == Batch{10, 5});
  CHECK_FALSE(s.next_batch().has_value());
  CHECK(s.next_unit(4).empty());
  GuidedSchedule none({}, 4);
  CHECK(none.next_unit(1).empty());
}

TEST_CASE("work messages: units and results round-trip bit for bit", "[sweep][mpi]") {
  const std::vector<Batch> unit{{0, 4}, {4, 3}, {100, 16}};
  CHECK(decode_unit(encode_unit(unit)) == unit);
  CHECK(decode_unit(encode_unit({})).empty());
  CHECK_THROWS_AS(decode_unit(std::vector<std::uint64_t>{1, 2, 3}), std::invalid_argument);

  // Every element type, a block of three doubles per point among them: each column travels in its
  // own type, bit for bit (NaN, −0, subnormal-adjacent and last-bit values included).
  const std::vector<io::Variable> variables = {
      {"x", io::ElementType::float64, {{"k", 3}}, "1", "", NAN},
      {"label", io::ElementType::int32, {}, "1", "", -1},
      {"flag", io::ElementType::uint8, {}, "1", "", 255},
      {"small", io::ElementType::int8, {}, "1", "", -1},
  };
  PointColumns values(variables, 2);
  const double doubles[6] = {1.5, NAN, -0.0, 1e-300, std::nextafter(1.0, 2.0), 7.0};
  std::copy(doubles, doubles + 6, values.at<double>(0, 0));
  *values.at<std::int32_t>(1, 0) = -2147483647;
  *values.at<std::int32_t>(1, 1) = 16777217;  // not a float: an int32 that went through float would change
  *values.at<std::uint8_t>(2, 1) = 1;
  *values.at<std::int8_t>(3, 0) = -128;
  const std::vector<std::int8_t> status{1, 3};
  const auto bytes = encode_result(42, values, status);
  const DecodedResult r = decode_result(bytes, variables);
  CHECK(r.first == 42);
  CHECK(r.count() == 2);
  CHECK(r.values.same_bits(values));
  CHECK(*r.values.at<std::int32_t>(1, 1) == 16777217);
  CHECK(*r.values.at<std::uint8_t>(2, 0) == 255);  // the fill value, as sent
  CHECK(r.status == status);
  const std::vector<io::Variable> fewer(variables.begin(), variables.begin() + 2);
  CHECK_THROWS_AS(decode_result(bytes, fewer), std::invalid_argument);
  CHECK_THROWS_AS(decode_result(std::span<const char>(bytes.data(), 5), variables), std::invalid_argument);
  CHECK_THROWS_AS(decode_result(std::span<const char>(bytes.data(), bytes.size() - 1), variables),
                  std::invalid_argument);
}
