// `chaoskit sweep` end to end: thread-count independence, agreement with the single-point
// commands, xarray's view of the file, energy/parameter axes, and refused command lines.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../support/json_lite.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "support/build_paths.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

TEST_CASE("sweep: 1 and 2 threads give identical datasets", "[sweep][cli]") {
  ScratchDir dir("sweep_threads");
  const std::string job = write_job(dir, "map.toml", golf_map_job(5, 4, 10.0));
  const auto r1 =
      run_cli("sweep " + shell_quote(job) + " --threads 1 --progress quiet --out " + shell_quote(dir.file("one.h5")));
  const auto r2 =
      run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(dir.file("two.h5")));
  REQUIRE(r1.exit_code == 0);
  REQUIRE(r2.exit_code == 0);
  std::string diff;
  CHECK(same_datasets(dir.file("one.h5"), dir.file("two.h5"), diff));
  INFO(diff);
  const auto names = dataset_names(dir.file("one.h5"));
  CHECK(std::find(names.begin(), names.end(), "lambda_max") != names.end());
  CHECK(std::find(names.begin(), names.end(), "status") != names.end());
}

TEST_CASE("sweep: a point's lambda_max equals `chaoskit lyapunov` for the same state bit for bit", "[sweep][cli]") {
  ScratchDir dir("sweep_point");
  const std::string job = write_job(dir, "map.toml", golf_map_job(3, 2, 10.0));
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  io::ResultsStore store = io::ResultsStore::open_read(dir.file("map.h5"));
  REQUIRE(store.finalized());
  const auto lam = store.read("lambda_max");
  const auto err = store.read("lambda_max_error");
  const auto status = store.read_status();
  const auto th1 = store.axes()[0].values, th2 = store.axes()[1].values;
  for (std::size_t i : {std::size_t{0}, std::size_t{5}}) {
    const auto idx = store.multi_index(i);
    char state[200];
    std::snprintf(state, sizeof state, "%.17g,%.17g,0,0", th1[idx[0]], th2[idx[1]]);
    const auto r = run_cli("lyapunov --model golf --state " + std::string(state) +
                           " --time 10 --renorm 1 --blocks 5 --rtol 1e-9 --atol 1e-9 --json");
    REQUIRE(r.exit_code == 0);
    const auto js = JsonParser::parse(r.out);
    CHECK(status[i] == point_status::ok);
    CHECK(lam[i] == js["lambda_max"].number());
    CHECK(err[i] == js["lambda_max_error"].number());
  }
}

TEST_CASE("sweep: xarray opens the results as a labelled grid", "[sweep][cli][python]") {
  if (!python_has("xarray, h5netcdf")) {
    WARN("/usr/bin/python3 lacks xarray or h5netcdf: skipped");
    return;
  }
  ScratchDir dir("sweep_xarray");
  const std::string job = write_job(dir, "map.toml", golf_map_job(4, 3, 5.0));
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  const auto r = run_python(dir, R"(
import sys, xarray
ds = xarray.open_dataset(sys.argv[1], engine="h5netcdf")
assert ds["lambda_max"].dims == ("th1", "th2"), ds["lambda_max"].dims
assert ds["final_state"].dims == ("th1", "th2", "component"), ds["final_state"].dims
assert ds.sizes["th1"] == 4 and ds.sizes["th2"] == 3
assert abs(float(ds["th1"][0]) - 0.3) < 1e-15 and float(ds["th1"][-1]) == 2.0
assert ds["lambda_max"].attrs["units"] == "1/s"
assert ds["th1"].attrs["units"] == "rad"
assert int((ds["status"] == 1).sum()) == 12
assert "job" in ds.attrs and "golf" in ds.attrs["job"]
print("ok")
)",
                            shell_quote(dir.file("map.h5")));
  INFO(r.out);
  CHECK(r.exit_code == 0);
}

TEST_CASE("sweep: an energy axis puts every admissible point on its energy surface", "[sweep][cli]") {
  ScratchDir dir("sweep_energy");
  const std::string job = write_job(dir, "energy.toml", R"([model]
name = "golf"
[grid]
energy = { linspace = [-30.0, 10.0, 5] }
th2 = { linspace = [-1.0, 1.0, 3] }
th1 = 0.5
dth2 = 0.0
[energy]
solve = "dth1"
[compute]
final_state = { time = 1.0 }
)");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  io::ResultsStore store = io::ResultsStore::open_read(dir.file("energy.h5"));
  const auto E = store.read("initial_energy");
  const auto status = store.read_status();
  const auto energies = store.axes()[0].values;
  int admissible = 0, inaccessible = 0;
  for (std::size_t i = 0; i < E.size(); ++i) {
    const auto idx = store.multi_index(i);
    if (status[i] == point_status::ok) {
      ++admissible;
      CHECK(E[i] == Approx(energies[idx[0]]).margin(1e-11));
    } else {
      ++inaccessible;
      CHECK(status[i] == point_status::invalid_point);
      CHECK(std::isnan(E[i]));
    }
  }
  CHECK(admissible > 0);
  CHECK(inaccessible > 0);  // -30 J is below the potential at th1 = 0.5
}

TEST_CASE("sweep: a parameter axis changes the model point by point", "[sweep][cli]") {
  ScratchDir dir("sweep_param");
  const std::string job = write_job(dir, "param.toml", R"([model]
name = "golf"
[grid]
m2 = { list = [0.2, 0.3] }
th1 = 1.0
th2 = 0.5
[compute]
final_state = { time = 0.5 }
)");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  io::ResultsStore store = io::ResultsStore::open_read(dir.file("param.h5"));
  const auto x = store.read("final_state");
  const auto m2 = store.axes()[0].values;
  for (std::size_t i = 0; i < 2; ++i) {
    ScratchDir p("sweep_param_set");
    const std::string params = write_job(p, "p.toml", "");
    // The same state integrated with `simulate` under an edited copy of the default set.
    const auto base = run_command("sed 's/^m2 = .*/m2 = " + std::to_string(m2[i]) + "/' " +
                                  quote_arg((data_directory() / "params/golf_manufactured.toml").string()) + " > " +
                                  quote_arg(params));
    REQUIRE(base.exit_code == 0);
    const auto r =
        run_cli("simulate --model golf --params " + shell_quote(params) + " --state 1,0.5,0,0 --time 0.5 --json");
    REQUIRE(r.exit_code == 0);
    const auto js = JsonParser::parse(r.out);
    const auto& last = js["state"].arr.back().arr;
    for (std::size_t k = 0; k < 4; ++k) CHECK(x[i * 4 + k] == Approx(last[k].number()).epsilon(1e-9));
  }
  CHECK(x[0] != x[4]);
}

TEST_CASE("sweep: command lines and outputs are refused cleanly", "[sweep][cli][errors]") {
  ScratchDir dir("sweep_refuse");
  const std::string job = write_job(dir, "map.toml", golf_map_job(2, 2, 5.0));
  const std::string out = dir.file("map.h5");
  struct Case {
    std::string args, field;
  };
  const std::vector<Case> cases = {
      {"sweep " + shell_quote(dir.file("missing.toml")), "job"},
      {"sweep " + shell_quote(job) + " --threads -1", "--threads"},
      {"sweep " + shell_quote(job) + " --resume --force", "--force"},
      {"sweep " + shell_quote(job) + " --progress loud", "--progress"},
      {"sweep " + shell_quote(job) + " --out " + shell_quote(dir.file("no/such/dir/x.h5")), "--out"},
  };
  for (const auto& c : cases) {
    const auto r = run_cli(c.args);
    INFO(c.args << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(c.field) != std::string::npos);
  }
  CHECK_FALSE(std::filesystem::exists(out));

  // An existing result is never replaced without --force; --resume of a complete file does nothing.
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  const auto before = std::filesystem::last_write_time(out);
  const auto again = run_cli("sweep " + shell_quote(job) + " --progress quiet");
  CHECK(again.exit_code == 2);
  CHECK(again.err.find("--force") != std::string::npos);
  CHECK(again.err.find("output.file") != std::string::npos);
  CHECK(std::filesystem::last_write_time(out) == before);
  const auto resumed = run_cli("sweep " + shell_quote(job) + " --resume --progress quiet --json");
  CHECK(resumed.exit_code == 0);
  CHECK(JsonParser::parse(resumed.out)["computed"].number() == 0);
  CHECK(run_cli("sweep " + shell_quote(job) + " --force --progress quiet").exit_code == 0);

  // --resume with a different job names what differs and leaves the file alone.
  const std::string other = write_job(dir, "other.toml", golf_map_job(2, 2, 6.0));
  const auto diff = run_cli("sweep " + shell_quote(other) + " --resume --out " + shell_quote(out));
  CHECK(diff.exit_code == 2);
  CHECK(line_count(diff.err) == 1);
  CHECK(diff.err.find("compute.lambda_max") != std::string::npos);

  // A malformed job writes nothing.
  const std::string bad = write_job(dir, "bad.toml", golf_map_job(2, 2, 5.0) + "[output]\nbatch = 0\n");
  const auto r = run_cli("sweep " + shell_quote(bad));
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("output.batch") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.file("bad.h5")));
}

TEST_CASE("sweep: every malformed job in tests/sweep/bad_jobs exits 2 naming its key and writes nothing",
          "[sweep][cli][errors]") {
  const std::filesystem::path dir = std::filesystem::path(chaoskit::test::test_dir()) / "sweep" / "bad_jobs";
  ScratchDir out("sweep_bad_jobs");
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".toml") continue;
    std::ifstream in(entry.path());
    std::string first;
    std::getline(in, first);
    REQUIRE(first.rfind("# expect: ", 0) == 0);
    const std::string field = first.substr(10);
    const std::string result = out.file(entry.path().stem().string() + ".h5");
    const auto r = run_cli("sweep " + shell_quote(entry.path().string()) + " --out " + shell_quote(result));
    INFO(entry.path().filename().string() << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    // The job reader names the job file, then its key.
    CHECK(r.err.rfind("chaoskit: " + entry.path().string() + ": " + field + ":", 0) == 0);
    CHECK(std::filesystem::is_empty(out.path));
    ++cases;
  }
  CHECK(cases >= 15);
}
