// Points computed into memory (sweep/memory_run.hpp) and point lists given without a file
// (parse_job with a PointTable): the values of the file run_sweep writes, bit for bit.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/memory_run.hpp"
#include "chaoskit/sweep/runs/runner.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;
using namespace chaoskit::test;

namespace {

/// The values of one variable for every point of an in-memory run, in file order (as the store
/// reads them back: converted to double here, in the test).
std::vector<double> variable(const MemoryRun& run, const std::string& name) {
  const int v = run.layout.find(name);
  REQUIRE(v >= 0);
  return std::visit([](auto column) { return std::vector<double>(column.begin(), column.end()); },
                    run.values.view(static_cast<std::size_t>(v)));
}

PointTable golf_states() {
  PointTable t;
  t.file = "states";
  t.names = {"th1", "th2", "dth1", "dth2"};
  t.file_columns = {0, 1, 2, 3};
  t.values = {2.0, -1.0, 0.0, 0.0, 0.5, 0.2, 0.0, 0.0, 1.2, 2.5, 0.3, -0.7};
  t.lines = {1, 2, 3};
  return t;
}

const std::string kCompute = "[compute]\nlambda_max = { time = 8.0, renorm = 0.5 }\nmegno = { time = 8.0 }\n";

}  // namespace

TEST_CASE("memory run: a grid job's values equal the results file's, bit for bit", "[sweep][memory]") {
  ScratchDir dir("memory_grid");
  const std::string path = write_job(dir, "job.toml", golf_map_job(3, 2, 6.0));
  const Job job = read_job_file(path);
  SweepOptions opt;
  opt.output = dir.file("out.h5");
  opt.progress = ProgressMode::quiet;
  opt.threads = 2;
  run_sweep(job, opt);
  const MemoryRun run = compute_in_memory(job, 1, [] { return false; });
  CHECK_FALSE(run.stopped);
  const io::ResultsStore store = io::ResultsStore::open_read(opt.output);
  for (const std::string name : {"lambda_max", "lambda_max_error", "lambda_max_converged", "final_state"}) {
    const std::vector<double> file = store.read(name), mem = variable(run, name);
    REQUIRE(file.size() == mem.size());
    for (std::size_t i = 0; i < file.size(); ++i) CHECK(same_bits(file[i], mem[i]));
  }
  CHECK(store.read_status() == run.status);
}

TEST_CASE("memory run: a point list given directly equals the same list read from a file", "[sweep][memory]") {
  ScratchDir dir("memory_points");
  const PointTable table = golf_states();
  std::string csv = "th1,th2,dth1,dth2\n";
  for (std::size_t r = 0; r < table.rows(); ++r) {
    for (std::size_t c = 0; c < 4; ++c) csv += (c ? "," : "") + std::to_string(table.row(r)[c]);
    csv += "\n";
  }
  write_job(dir, "states.csv", csv);
  const std::string head = "[model]\nname = \"golf\"\n[points]\n";
  const Job from_file = parse_job(head + "file = \"states.csv\"\n" + kCompute, dir.file("job.toml"));
  const Job given = parse_job(head + kCompute, dir.file("job.toml"), &table);
  CHECK(given.point_count() == 3);
  CHECK(given.points.columns.size() == 4);
  const MemoryRun a = compute_in_memory(from_file, 2, [] { return false; });
  const MemoryRun b = compute_in_memory(given, 1, [] { return false; });
  CHECK(a.values.same_bits(b.values));
  CHECK(b.status == std::vector<std::int8_t>(3, point_status::ok));
}

TEST_CASE("memory run: given points refuse a file, and a stop leaves points uncomputed", "[sweep][memory]") {
  const PointTable table = golf_states();
  CHECK_THROWS_WITH(parse_job("[model]\nname = \"golf\"\n[points]\nfile = \"x.csv\"\n" + kCompute, "job.toml", &table),
                    Catch::Contains("points.file") && Catch::Contains("given directly"));
  CHECK_THROWS_WITH(parse_job("[model]\nname = \"golf\"\n" + kCompute, "job.toml", &table),
                    Catch::Contains("[points]"));
  PointTable bad = table;
  bad.names[1] = "th9";
  CHECK_THROWS_AS(parse_job("[model]\nname = \"golf\"\n[points]\n" + kCompute, "job.toml", &bad), InputError);

  const Job job = parse_job("[model]\nname = \"golf\"\n[points]\n" + kCompute, "job.toml", &table);
  // A stop before the first point: nothing computed, every value the variable's fill value.
  const MemoryRun run = compute_in_memory(job, 1, [] { return true; });
  CHECK(run.stopped);
  CHECK(run.status == std::vector<std::int8_t>(3, point_status::not_computed));
  for (double v : variable(run, "lambda_max")) CHECK(std::isnan(v));
}
