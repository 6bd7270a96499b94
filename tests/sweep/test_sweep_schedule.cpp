// The pieces of an MPI sweep that need no MPI: guided work units and the message encoding.
#include <catch2/catch.hpp>

#include <cmath>

#include "chaoskit/sweep/guided_schedule.hpp"
#include "chaoskit/sweep/work_messages.hpp"

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

  const std::vector<double> values{1.5, NAN, -0.0, 1e-300, std::nextafter(1.0, 2.0), 7.0};
  const std::vector<std::int8_t> status{1, 3};
  const auto bytes = encode_result(42, 2, values, status);
  const DecodedResult r = decode_result(bytes, 3);
  CHECK(r.first == 42);
  CHECK(r.count == 2);
  REQUIRE(r.values.size() == values.size());
  CHECK(std::memcmp(r.values.data(), values.data(), values.size() * sizeof(double)) == 0);
  CHECK(r.status == status);
  CHECK_THROWS_AS(decode_result(bytes, 2), std::invalid_argument);
  CHECK_THROWS_AS(decode_result(std::span<const char>(bytes.data(), 5), 3), std::invalid_argument);
}
