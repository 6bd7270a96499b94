// ResultsStore::write_finished: the finalized file written in one go from values held in memory (a
// sweep that ends before its first write) is the file create, write_points and finalize leave: the
// same values, statuses, chunks and attributes; blocks that miss or repeat a point are refused before
// anything is written, and an existing file is not replaced without overwrite.
#include <catch2/catch.hpp>

#include <cmath>
#include <deque>

#include "chaoskit/core/errors.hpp"
#include "store_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

/// Equal attributes, a NaN equal to a NaN (the float variables' _FillValue).
bool same_attributes(const io::Attributes& a, const io::Attributes& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [key, value] : a) {
    const auto it = b.find(key);
    if (it == b.end()) return false;
    const auto* x = std::get_if<double>(&value);
    const auto* y = std::get_if<double>(&it->second);
    if (x && y && std::isnan(*x) && std::isnan(*y)) continue;
    if (!(value == it->second)) return false;
  }
  return true;
}

std::vector<io::PointBlock> blocks_of(const std::deque<RunValues>& runs) {
  std::vector<io::PointBlock> out;
  for (const RunValues& r : runs) out.push_back(r.block);
  return out;
}

}  // namespace

TEST_CASE("results store: write_finished gives the file that create, write_points and finalize give", "[io][store]") {
  ScratchDir dir("store_finished");
  const auto axes = grid_axes(40, 30);
  const io::Attributes provenance = {{"job", std::string("a job")}, {"threads", 2LL}};
  std::mt19937_64 rng(5);
  const auto batches = shuffled_batches(40 * 30, 97, rng);

  const std::string stepwise = dir.file("stepwise.h5"), direct = dir.file("direct.h5");
  {
    io::ResultsStore s = io::ResultsStore::create(stepwise, axes, grid_variables(), provenance);
    for (const auto& [first, count] : batches) write_run(s, first, count);
    s.finalize_and_close();
  }
  std::deque<RunValues> runs;
  for (const auto& [first, count] : batches) runs.emplace_back(first, count);
  io::ResultsStore::write_finished(direct, axes, grid_variables(), provenance, blocks_of(runs));

  const io::ResultsStore a = io::ResultsStore::open_read(stepwise);
  const io::ResultsStore b = io::ResultsStore::open_read(direct);
  CHECK(b.finalized());
  CHECK(b.done_count() == 40 * 30);
  for (const auto& v : grid_variables()) {
    INFO(v.name);
    CHECK(a.read(v.name) == b.read(v.name));
    CHECK(a.variable_info(v.name).chunks == b.variable_info(v.name).chunks);
    CHECK(same_attributes(a.variable_info(v.name).attributes, b.variable_info(v.name).attributes));
  }
  CHECK(a.read_status() == b.read_status());
  auto ra = a.root_attributes(), rb = b.root_attributes();
  ra.erase("date"), rb.erase("date");
  CHECK(ra == rb);
  // Nothing else in the folder: the temporary file was renamed into place.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path)) ++files;
  CHECK(files == 2);
}

TEST_CASE("results store: write_finished refuses blocks that miss or repeat points, and an existing file",
          "[io][store]") {
  ScratchDir dir("store_finished_bad");
  const auto axes = grid_axes(4, 5);
  const std::string path = dir.file("r.h5");
  auto attempt = [&](std::initializer_list<std::pair<std::size_t, std::size_t>> spans) {
    std::deque<RunValues> runs;
    for (const auto& [first, count] : spans) runs.emplace_back(first, count);
    io::ResultsStore::write_finished(path, axes, grid_variables(), {}, blocks_of(runs));
  };
  CHECK_THROWS_WITH(attempt({{0, 8}, {9, 11}}), Catch::Contains("points 8..8 are given no values"));
  CHECK_THROWS_WITH(attempt({{0, 8}, {6, 14}}), Catch::Contains("are given twice"));
  CHECK_THROWS_WITH(attempt({{0, 19}}), Catch::Contains("values for 19 of 20 points"));
  CHECK_FALSE(std::filesystem::exists(path));  // refused before anything was written
  attempt({{10, 10}, {0, 10}});
  CHECK(io::ResultsStore::open_read(path).finalized());
  CHECK_THROWS_AS(attempt({{0, 20}}), InputError);  // exists: not replaced without overwrite
}
