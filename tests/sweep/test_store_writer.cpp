// The sweep's results writer (sweep/results_file.hpp): finished batches are held and written
// together once the hold time has passed, neighbouring runs joined; flush() writes what is held;
// values and statuses arrive in the file exactly as computed, whatever the order of the batches.
#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

#include "../io/store_fixtures.hpp"
#include "chaoskit/sweep/runs/results_file.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

// Two variables, a float64 block of 2 values per point and a uint8 flag, so joining runs must keep
// each column's points in order and each point's block together.
struct Fixture {
  ScratchDir dir{"store_writer"};
  sweep::ResultsLayout layout;
  io::ResultsStore store;
  sweep::Progress progress;
  explicit Fixture(std::size_t n1 = 10, std::size_t n2 = 12)
      : layout{.variables = {{"pair", io::ElementType::float64, {{"k", 2}}, "1", "two values per point", NAN},
                             {"flag", io::ElementType::uint8, {}, "1", "a flag", 255}}},
        store(io::ResultsStore::create(dir.file("w.h5"), grid_axes(n1, n2), layout.variables, {})),
        progress(n1 * n2, 0, sweep::ProgressMode::quiet) {}

  // Batch [first, first + count) with values that name their point.
  void put(sweep::StoreWriter& w, std::size_t first, std::size_t count) const {
    sweep::PointColumns v(layout.variables, count);
    std::vector<std::int8_t> st;
    for (std::size_t i = first; i < first + count; ++i) {
      double* pair = v.at<double>(0, i - first);
      pair[0] = static_cast<double>(i) + 0.25;
      pair[1] = -static_cast<double>(i);
      *v.at<std::uint8_t>(1, i - first) = static_cast<std::uint8_t>(i % 2);
      st.push_back(i % 7 == 0 ? point_status::non_finite : point_status::ok);
    }
    w.put(first, v, st);
  }

  void check_file(std::size_t points) const {
    const auto pair = store.read("pair");
    const auto flag = store.read("flag");
    const auto status = store.read_status();
    for (std::size_t i = 0; i < points; ++i) {
      INFO("point " << i);
      CHECK(pair[2 * i] == static_cast<double>(i) + 0.25);
      CHECK(pair[2 * i + 1] == -static_cast<double>(i));
      CHECK(flag[i] == static_cast<double>(i % 2));
      CHECK(status[i] == (i % 7 == 0 ? point_status::non_finite : point_status::ok));
    }
  }
};

}  // namespace

TEST_CASE("store writer holds batches until the hold time and joins neighbours into one write", "[sweep][writer]") {
  Fixture f;
  sweep::StoreWriter w(f.store, f.layout, f.progress, std::chrono::hours(1));
  f.put(w, 0, 8);  // the first batch goes to the file at once
  CHECK(w.written() == 8);
  CHECK(w.writes() == 1);
  // Batches out of order, as threads finish them; 40..47 leaves a gap after 31.
  for (std::size_t first : {16u, 24u, 8u, 40u}) f.put(w, first, 8);
  CHECK(w.written() == 8);
  CHECK(f.store.done_count() == 8);  // held: not in the file yet
  w.flush();
  CHECK(w.written() == 40);
  CHECK(w.writes() == 3);  // 8..31 joined, 40..47 alone
  CHECK(w.failed() == 6);  // points 0, 7, 14, 21, 28 and 42
  CHECK(f.store.done_count() == 40);
  w.flush();  // nothing held: no write
  CHECK(w.writes() == 3);
  // The rest of the grid, then everything is in the file as computed.
  for (std::size_t first = 32; first < 120; first += 8)
    if (first != 40) f.put(w, first, 8);
  w.flush();
  CHECK(f.store.done_count() == 120);
  CHECK(w.writes() == 5);  // 32..39 and 48..119: 40..47 is already in the file
  f.check_file(120);
}

TEST_CASE("store writer writes at once when the hold time has passed", "[sweep][writer]") {
  Fixture f;
  sweep::StoreWriter w(f.store, f.layout, f.progress, std::chrono::seconds(0));
  for (std::size_t first = 0; first < 48; first += 8) f.put(w, first, 8);
  CHECK(w.writes() == 6);
  CHECK(f.store.done_count() == 48);
  f.check_file(48);
}

TEST_CASE("store writer writes when kMaxPendingPoints wait, whatever the hold time", "[sweep][writer]") {
  Fixture f(300, 300);  // 90 000 points
  sweep::StoreWriter w(f.store, f.layout, f.progress, std::chrono::hours(1));
  const std::size_t batch = 4096, full = sweep::StoreWriter::kMaxPendingPoints / batch;
  f.put(w, 0, batch);  // written at once
  for (std::size_t b = 1; b < full; ++b) f.put(w, b * batch, batch);
  CHECK(w.written() == batch);  // the others held: memory bounded by the limit, not by the hold time
  f.put(w, full * batch, batch);
  CHECK(w.written() == batch + sweep::StoreWriter::kMaxPendingPoints);
  CHECK(w.writes() == 2);
  f.check_file(batch + sweep::StoreWriter::kMaxPendingPoints);
}
