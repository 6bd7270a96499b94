// `chaoskit basin` end to end: the results grid (xarray-readable, label and time variables,
// metrics in the provenance), labels identical for 1 and 2 threads (h5diff), and bad input
// (exit 2, one line naming the field).
#include <catch2/catch.hpp>

#include <filesystem>

#include "support/json_lite.hpp"
#include "support/run_cli.hpp"
#include "support/scratch.hpp"

using namespace chaoskit::test;
namespace fs = std::filesystem;

TEST_CASE("basin CLI: labels identical for 1 and 2 threads, file readable by xarray", "[basins][cli][threads]") {
  const ScratchDir scratch("basin_threads");
  const fs::path& dir = scratch.path;
  const std::string f1 = (dir / "b1.h5").string(), f2 = (dir / "b2.h5").string();
  const std::string job =
      "basin --model chain --params chain2_damped_rods --x th1=-3:3:24 --y th2=-3:3:20 --kind rest "
      "--max-time 60 --rtol 1e-8 --atol 1e-8 --box 4 --json";
  const CliResult r1 = run_cli(job + " --threads 1 --out " + f1);
  REQUIRE(r1.exit_code == 0);
  REQUIRE(run_cli(job + " --threads 2 --out " + f2).exit_code == 0);
  const Json j = JsonParser::parse(r1.out);
  for (const char* key : {"Sb", "Sbb", "alpha", "alpha_error", "dimension", "boundary_boxes", "labels", "seconds"})
    CHECK(j.has(key));
  CHECK(j["labels"].number() > 2);
  for (const char* ds : {"label", "capture_time", "status", "th1", "th2"}) {
    INFO(ds);
    CHECK(shell_status("h5diff " + f1 + " " + f2 + " /" + ds + " /" + ds + " >/dev/null 2>&1") == 0);
  }
  const std::string py =
      "import xarray as xr; d = xr.open_dataset('" + f1 +
      "', engine='h5netcdf'); assert d['label'].dims == ('th1', 'th2'); assert d['label'].shape == (24, 20); "
      "assert (d['status'] == 1).all(); assert d.attrs['kind'] == 'rest'; assert 'boundary_basin_entropy' in d.attrs";
  CHECK(shell_status("/usr/bin/python3 -c " + shell_quote(py) + " >/dev/null 2>&1") == 0);
}

TEST_CASE("basin CLI: flip and task maps", "[basins][cli]") {
  const ScratchDir scratch("basin_kinds");
  const fs::path& dir = scratch.path;
  const CliResult flip = run_cli(
      "basin --model chain --params chain3_uniform_rods --x th1=-3:3:8 --y th2=-3:3:8 "
      "--kind flip --max-time 5 --rtol 1e-8 --atol 1e-8 --box 2 --json --out " +
      (dir / "f.h5").string());
  REQUIRE(flip.exit_code == 0);
  const CliResult task = run_cli(
      "basin --model golf --x th1=100deg:170deg:6 --y th2=-100deg:-40deg:6 --kind task "
      "--torque=-15,-3 --threshold 30 --max-time 2 --box 2 --json --out " +
      (dir / "t.h5").string());
  REQUIRE(task.exit_code == 0);
  const std::string py = "import xarray as xr; d = xr.open_dataset('" + (dir / "t.h5").string() +
                         "', engine='h5netcdf'); assert float(d['speed'].max()) > 0; "
                         "assert set(int(v) for v in d['label'].values.ravel()) <= {-1, 0, 1}";
  CHECK(shell_status("/usr/bin/python3 -c " + shell_quote(py) + " >/dev/null 2>&1") == 0);
}

TEST_CASE("basin CLI: bad input exits 2 with one line naming the field", "[basins][cli][errors]") {
  const ScratchDir scratch("basin_bad");
  const fs::path& dir = scratch.path;
  const std::string out = " --out " + (dir / "x.h5").string();
  const std::string c1 = "basin --model chain --params chain1_damped_rod --x th1=-3:3:10 --y dth1=-5:5:10";
  const std::vector<std::pair<std::string, std::string>> cases{
      {c1 + " --kind sideways" + out, "--kind"},
      {"basin --model chain --params chain1_damped_rod --x th9=-3:3:10 --y dth1=-5:5:10" + out, "--x"},
      {"basin --model chain --params chain1_damped_rod --x th1=-3:3:10 --y dth1=2" + out, "--y"},
      {"basin --model chain --params chain1_damped_rod --x th1=-3:3:10 --y th1=-1:1:10" + out, "--y"},
      {c1 + " --damping 0.1,0.2" + out, "--damping"},
      {c1 + " --damping=-1" + out, "--damping"},
      {"basin --model chain --x th1=-3:3:10 --y th2=-3:3:10" + out, "--damping"},
      {"basin --model golf --x th1=-3:3:10 --y th2=-3:3:10 --damping 0.1" + out, "--damping"},
      {c1 + " --kind task" + out, "--threshold"},
      {c1 + " --max-time 0" + out, "--max-time"},
      {c1 + " --box 50" + out, "--box"},
      {c1 + " --fixed th1=1" + out, "--fixed"},
      {c1 + " --torque 1" + out, "--torque"},
      {"basin --model lorenz --x x=-3:3:10 --y y=-3:3:10" + out, "--model"},
  };
  for (const auto& [args, field] : cases) {
    INFO(args);
    const CliResult r = run_cli(args);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(field) != std::string::npos);
  }
  // A grid no machine can hold (10^12 cells, 32 TB) is refused before any work with the estimate,
  // not after minutes with std::bad_alloc.
  const CliResult huge =
      run_cli("basin --model chain --params chain1_damped_rod --x th1=-3:3:1000000 --y dth1=-5:5:1000000" + out);
  CHECK(huge.exit_code == 2);
  CHECK(line_count(huge.err) == 1);
  CHECK(huge.err.find("--x: the grid of 1000000 x 1000000 cells (--x by --y) needs about 3.2e+04 GB of memory") !=
        std::string::npos);
  CHECK(fs::is_empty(dir));
}
