// The sweep's results writer (sweep/runs/results_file.hpp): finished batches are held and written
// together once the hold time has passed, neighbouring runs joined; flush() writes what is held;
// values and statuses arrive in the file exactly as computed, whatever the order of the batches.
// A new file is created at the first write; a sweep whose every point is still held at the end gets
// its finished (compressed) file written at once, with the values the running file would hold.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <vector>

#include "../io/store_fixtures.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/job_fingerprint.hpp"
#include "chaoskit/sweep/runs/results_file.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

// Two variables, a float64 block of 2 values per point and a uint8 flag, so joining runs must keep
// each column's points in order and each point's block together. The job gives the provenance.
struct Fixture {
  ScratchDir dir{"store_writer"};
  std::size_t n1, n2;
  sweep::Job job;
  sweep::ResultsLayout layout;
  sweep::SweepOptions options;
  sweep::SweepFile file;
  sweep::Progress progress;
  explicit Fixture(std::size_t n1 = 10, std::size_t n2 = 12)
      : n1(n1),
        n2(n2),
        job(sweep::parse_job("[model]\nname = \"golf\"\n[grid]\nth1 = { linspace = [-1.0, 1.0, " + std::to_string(n1) +
                                 "] }\nth2 = { linspace = [0.0, 1.0, " + std::to_string(n2) +
                                 "] }\ndth1 = 0.0\ndth2 = 0.0\n[compute]\nfinal_state = { time = 1.0 }\n",
                             dir.file("w.toml"))),
        layout{.axes = grid_axes(n1, n2),
               .variables = {{"pair", io::ElementType::float64, {{"k", 2}}, "1", "two values per point", NAN},
                             {"flag", io::ElementType::uint8, {}, "1", "a flag", 255}}},
        options{.output = dir.file("w.h5")},
        file(job, options, dir.file("w.h5"), 1, layout),
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

  static void check_values(const io::ResultsStore& store, std::size_t points) {
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
  void check_file(std::size_t points) { check_values(file.store(), points); }
  std::size_t done_in_file() { return file.created() ? file.store().done_count() : 0; }
};

}  // namespace

TEST_CASE("store writer holds batches until the hold time and joins neighbours into one write", "[sweep][writer]") {
  Fixture f;
  sweep::StoreWriter w(f.file, f.layout, f.progress, std::chrono::hours(1));
  // Batches out of order, as threads finish them; 40..47 leaves a gap after 31.
  for (std::size_t first : {0u, 16u, 24u, 8u, 40u}) f.put(w, first, 8);
  CHECK(w.written() == 0);
  CHECK_FALSE(f.file.created());  // held: no file yet
  w.flush();
  CHECK(f.file.created());
  CHECK(w.written() == 40);
  CHECK(w.writes() == 2);  // 0..31 joined, 40..47 alone
  CHECK(w.failed() == 6);  // points 0, 7, 14, 21, 28 and 42
  CHECK(f.done_in_file() == 40);
  w.flush();  // nothing held: no write
  CHECK(w.writes() == 2);
  // The rest of the grid, then everything is in the file as computed.
  for (std::size_t first = 32; first < 120; first += 8)
    if (first != 40) f.put(w, first, 8);
  CHECK(f.done_in_file() == 40);
  CHECK_FALSE(w.write_finished());  // points were written already: the running file goes on
  w.flush();
  CHECK(f.done_in_file() == 120);
  CHECK(w.writes() == 4);  // 32..39 and 48..119: 40..47 is already in the file
  f.check_file(120);
}

TEST_CASE("store writer writes at once when the hold time has passed", "[sweep][writer]") {
  Fixture f;
  sweep::StoreWriter w(f.file, f.layout, f.progress, std::chrono::seconds(0));
  for (std::size_t first = 0; first < 48; first += 8) f.put(w, first, 8);
  CHECK(w.writes() == 6);
  CHECK(f.done_in_file() == 48);
  f.check_file(48);
}

TEST_CASE("store writer writes when kMaxPendingPoints wait, whatever the hold time", "[sweep][writer]") {
  Fixture f(300, 300);  // 90 000 points
  sweep::StoreWriter w(f.file, f.layout, f.progress, std::chrono::hours(1));
  const std::size_t batch = 4096, full = sweep::StoreWriter::kMaxPendingPoints / batch;
  for (std::size_t b = 0; b + 1 < full; ++b) f.put(w, b * batch, batch);
  CHECK(w.written() == 0);  // held: memory bounded by the limit, not by the hold time
  f.put(w, (full - 1) * batch, batch);
  CHECK(w.written() == sweep::StoreWriter::kMaxPendingPoints);
  CHECK(w.writes() == 1);
  f.check_file(sweep::StoreWriter::kMaxPendingPoints);
}

TEST_CASE("store writer: every point held at the end gives the finished file at once, as the running file would",
          "[sweep][writer]") {
  Fixture direct, running;
  sweep::StoreWriter a(direct.file, direct.layout, direct.progress, std::chrono::hours(1));
  sweep::StoreWriter b(running.file, running.layout, running.progress, std::chrono::hours(1));
  for (std::size_t first : {64u, 0u, 112u, 8u, 16u, 24u, 32u, 40u, 48u, 56u, 72u, 80u, 88u, 96u, 104u}) {
    CHECK_FALSE(a.write_finished());  // not every point yet
    direct.put(a, first, 8);
    running.put(b, first, 8);
  }
  CHECK(a.write_finished());
  CHECK_FALSE(direct.file.created());  // no running file was made
  CHECK(a.written() == 120);
  CHECK(a.failed() == 18);
  CHECK(a.writes() == 1);
  CHECK_FALSE(a.write_finished());  // once
  // The other way: the running file, then its compressed copy.
  b.flush();
  running.file.store().finalize_and_close();
  const io::ResultsStore d = io::ResultsStore::open_read(direct.dir.file("w.h5"));
  const io::ResultsStore r = io::ResultsStore::open_read(running.dir.file("w.h5"));
  CHECK(d.finalized());
  Fixture::check_values(d, 120);
  for (const char* v : {"pair", "flag"}) CHECK(d.read(v) == r.read(v));
  CHECK(d.read_status() == r.read_status());
  for (const char* v : {"pair", "flag"}) CHECK(d.variable_info(v).chunks == r.variable_info(v).chunks);
  auto root_d = d.root_attributes(), root_r = r.root_attributes();
  for (const char* differs : {"date", "job_file"}) root_d.erase(differs), root_r.erase(differs);  // (two folders)
  CHECK(root_d == root_r);
  // No temporary file is left beside it.
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(direct.dir.path)) files += e.path().extension() == ".h5";
  CHECK(files == 1);
}

TEST_CASE("store writer: a finished file that cannot be written leaves the points held for the running file",
          "[sweep][writer]") {
  Fixture f(4, 4);
  sweep::StoreWriter w(f.file, f.layout, f.progress, std::chrono::hours(1));
  f.put(w, 0, 16);
  // The folder disappears after the sweep checked it: both ways of writing fail, the second with
  // the folder's refusal in one line.
  std::filesystem::remove_all(f.dir.path);
  CHECK_FALSE(w.write_finished());
  CHECK(w.written() == 0);
  CHECK_THROWS_AS(w.flush(), InputError);
  std::filesystem::create_directories(f.dir.path);
}

TEST_CASE("results file: [output] write_interval is read, checked, and not part of what --resume compares",
          "[sweep][writer][job]") {
  const std::string base =
      "[model]\nname = \"golf\"\n[grid]\nth1 = { linspace = [0.3, 2.0, 3] }\nth2 = 0.5\ndth1 = 0.0\n"
      "dth2 = 0.0\n[compute]\nfinal_state = { time = 1.0 }\n";
  CHECK(sweep::parse_job(base, "j.toml").write_interval == 1.0);
  CHECK(sweep::parse_job(base + "[output]\nwrite_interval = 0\n", "j.toml").write_interval == 0.0);
  CHECK(sweep::parse_job(base + "[output]\nwrite_interval = 2.5\n", "j.toml").write_interval == 2.5);
  CHECK(sweep::write_hold(sweep::parse_job(base + "[output]\nwrite_interval = 2.5\n", "j.toml")) ==
        std::chrono::milliseconds(2500));
  CHECK(sweep::job_fingerprint(sweep::parse_job(base, "j.toml")) ==
        sweep::job_fingerprint(sweep::parse_job(base + "[output]\nwrite_interval = 0\n", "j.toml")));
  for (const char* bad : {"-1", "3601", "\"soon\""}) {
    INFO(bad);
    try {
      (void)sweep::parse_job(base + "[output]\nwrite_interval = " + bad + "\n", "j.toml");
      FAIL("accepted");
    } catch (const InputError& e) { CHECK(e.field() == "output.write_interval"); }
  }
}
