// Basin quantities through the sweep engine: the same labels as `chaoskit basin` on the same grid,
// and a flip-time map of the undamped double pendulum.
#include <catch2/catch.hpp>

#include "chaoskit/io/results_store.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

TEST_CASE("sweep: rest-basin labels equal those of chaoskit basin on the same grid", "[sweep][basins]") {
  ScratchDir dir("sweep_basin");
  const std::string job = write_job(dir, "basin.toml", R"([model]
name = "chain"
params = "chain1_damped_rod"
[grid]
th1 = { linspace = [-3.0, 3.0, 9] }
dth1 = { linspace = [-12.0, 12.0, 11] }
[compute]
basin = { kind = "rest", max_time = 200.0 }
)");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  const auto direct = run_cli(
      "basin --model chain --params chain1_damped_rod --x th1=-3:3:9 --y dth1=-12:12:11 "
      "--kind rest --max-time 200 --out " +
      shell_quote(dir.file("direct.h5")));
  REQUIRE(direct.exit_code == 0);
  io::ResultsStore a = io::ResultsStore::open_read(dir.file("basin.h5"));
  io::ResultsStore b = io::ResultsStore::open_read(dir.file("direct.h5"));
  const auto la = a.read("basin_label"), lb = b.read("label");
  REQUIRE(la.size() == 99);
  CHECK(la == lb);
  int distinct = 0;
  for (double v : {-1.0, 0.0, 1.0, 2.0})  // windings 0, +1, -1 (zigzag codes 0, 1, 2) appear on this grid
    distinct += std::count(la.begin(), la.end(), v) > 0;
  CHECK(distinct >= 2);
}

TEST_CASE("sweep: a rest basin of an undamped model is refused with the key named", "[sweep][basins][errors]") {
  ScratchDir dir("sweep_basin_bad");
  const std::string job = write_job(dir, "bad.toml", R"([model]
name = "golf"
[grid]
th1 = { linspace = [-3.0, 3.0, 3] }
[compute]
basin = { kind = "rest" }
)");
  const auto r = run_cli("sweep " + shell_quote(job));
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("compute.basin.kind") != std::string::npos);
  CHECK(line_count(r.err) == 1);
}
