// `chaoskit sweep` of a [points] job end to end: the same numbers as a grid sweep of the same
// states, the stored columns and initial states, parameters and inputs as columns, the energy
// solve, resume and thread-count independence, --dry-run, and every kind of bad point list refused
// with one line naming the file, the line and the column, and no results file.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../support/json_lite.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/models/energy_surface.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

void write_file(const ScratchDir& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir.file(name), std::ios::binary) << text;
}

// Short integrations (the suite also runs under the sanitizers), tight tolerances.
const std::string kLimbCompute =
    "[compute]\nlambda_max = { time = 4.0, renorm = 0.5, blocks = 4 }\nsali = { time = 4.0 }\nfinal_state = { time = "
    "1.0 }\n"
    "[integrator]\nrtol = 1e-9\natol = 1e-9\n";

/// Every variable of the grid file at grid point g equals the points file's at point p, bit for bit.
void require_same_point(const io::ResultsStore& grid, std::size_t g, const io::ResultsStore& points, std::size_t p) {
  for (const auto& v : grid.variables()) {
    INFO("variable " << v.name << ", grid point " << g << ", list point " << p);
    const std::size_t n = v.values_per_point();
    const auto a = grid.read(v.name), b = points.read(v.name);
    for (std::size_t k = 0; k < n; ++k) CHECK(same_bits(a[g * n + k], b[p * n + k]));
  }
  CHECK(grid.read_status()[g] == points.read_status()[p]);
}

}  // namespace

TEST_CASE("sweep points: a point list gives a grid sweep's values bit for bit and stores what it computed",
          "[sweep][points][cli]") {
  ScratchDir dir("sweep_points_grid");
  const std::string grid = write_job(dir, "grid.toml",
                                     "[model]\nname = \"limb\"\n[grid]\nth1 = [0.3, 1.2]\nth2 = [-0.4, \"25deg\"]\n"
                                     "dth1 = 0.0\ndth2 = 0.5\n" +
                                         kLimbCompute);
  // The grid's four states in another order, with the format's liberties: comments, blank lines,
  // CRLF, spaces, a `deg` cell; dth2 fixed in [grid], dth1 a column.
  write_file(dir, "states.csv",
             "# hip and knee angles of four frames\r\n th2 , th1,dth1\r\n25deg,1.2,0\r\n\r\n-0.4, 0.3 ,0\r\n"
             "# the next two\r\n25deg,0.3,0\r\n-0.4,1.2,0\r\n");
  const std::string points =
      write_job(dir, "points.toml",
                "[model]\nname = \"limb\"\n[points]\nfile = \"states.csv\"\n[grid]\ndth2 = 0.5\n" + kLimbCompute);
  REQUIRE(run_cli(sweep_quiet(grid)).exit_code == 0);
  const auto r = run_cli(sweep_quiet(points));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);

  const io::ResultsStore g = io::ResultsStore::open_read(dir.file("grid.h5"));
  const io::ResultsStore p = io::ResultsStore::open_read(dir.file("points.h5"));
  REQUIRE(p.finalized());
  REQUIRE(p.axes().size() == 1);
  CHECK(p.axes()[0].name == "point");
  CHECK(p.axes()[0].values == std::vector<double>{0, 1, 2, 3});
  // Grid flat order is (th1, th2) row-major: (0.3,-0.4) (0.3,25deg) (1.2,-0.4) (1.2,25deg).
  const std::size_t grid_index_of_point[] = {3, 0, 1, 2};
  for (std::size_t i = 0; i < 4; ++i) require_same_point(g, grid_index_of_point[i], p, i);
  for (std::size_t i = 0; i < 4; ++i) CHECK(p.read_status()[i] == point_status::ok);
  CHECK(p.read("lambda_max")[0] != p.read("lambda_max")[1]);  // the points differ: the comparison means something

  const double deg25 = 25 * kDegree;
  CHECK(p.read("th2") == std::vector<double>{deg25, -0.4, deg25, -0.4});
  CHECK(p.read("th1") == std::vector<double>{1.2, 0.3, 0.3, 1.2});
  CHECK(p.read("dth1") == std::vector<double>{0, 0, 0, 0});
  CHECK(p.variable_info("th1").definition.units == "rad");
  CHECK(p.variable_info("dth1").definition.units == "rad/s");
  CHECK(p.variable_info("initial_state").dims == std::vector<std::string>{"point", "component"});
  CHECK(p.read("initial_state") ==
        std::vector<double>{1.2, deg25, 0, 0.5, 0.3, -0.4, 0, 0.5, 0.3, deg25, 0, 0.5, 1.2, -0.4, 0, 0.5});
  const auto attrs = p.root_attributes();
  CHECK(std::get<std::string>(attrs.at("points_file")) == dir.file("states.csv"));

  // The grid file is what it always was: no point-list variables or attributes.
  const auto grid_names = dataset_names(dir.file("grid.h5"));
  CHECK(std::find(grid_names.begin(), grid_names.end(), "initial_state") == grid_names.end());
  CHECK(g.root_attributes().count("points_file") == 0);
}

TEST_CASE("sweep points: parameter and input columns take effect as grid values do", "[sweep][points][cli]") {
  ScratchDir dir("sweep_points_params");
  const std::string compute =
      "[compute]\nfinal_state = { time = 1.0 }\nlambda_max = { time = 2.0, renorm = 0.5, blocks = 4 }\n";
  const std::string grid = write_job(dir, "grid.toml",
                                     "[model]\nname = \"limb\"\n[grid]\nm2 = [2.5, 3.3]\ntau_hip = [0.0, 6.0]\n"
                                     "release_tau_knee = 0.3\nth1 = 0.8\ntau_knee = -2.0\n" +
                                         compute);
  write_file(dir, "states.csv", "m2,tau_hip,release_tau_knee\n3.3,0,0.3\n2.5,6.0,0.3\n");
  const std::string points = write_job(dir, "points.toml",
                                       "[model]\nname = \"limb\"\n[points]\nfile = \"states.csv\"\n[grid]\nth1 = 0.8\n"
                                       "tau_knee = -2.0\n" +
                                           compute);
  REQUIRE(run_cli(sweep_quiet(grid)).exit_code == 0);
  REQUIRE(run_cli(sweep_quiet(points)).exit_code == 0);
  const io::ResultsStore g = io::ResultsStore::open_read(dir.file("grid.h5"));
  const io::ResultsStore p = io::ResultsStore::open_read(dir.file("points.h5"));
  // Grid order (m2, tau_hip): (2.5,0) (2.5,6) (3.3,0) (3.3,6).
  require_same_point(g, 2, p, 0);
  require_same_point(g, 1, p, 1);
  // Each column matters: the grid points that differ from a row in one value have other results.
  const auto fs = g.read("final_state");
  CHECK_FALSE(same_bits(fs[2 * 4], fs[0 * 4]));  // m2
  CHECK_FALSE(same_bits(fs[1 * 4], fs[0 * 4]));  // tau_hip
  CHECK(p.read("m2") == std::vector<double>{3.3, 2.5});
  CHECK(p.variable_info("m2").definition.units == "kg");
  CHECK(p.variable_info("tau_hip").definition.units == "N m");
  CHECK(p.variable_info("release_tau_knee").definition.units == "s");
}

TEST_CASE("sweep points: an energy column solves the rate, and initial_state holds it", "[sweep][points][cli]") {
  ScratchDir dir("sweep_points_energy");
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const Vec<double, 2> q(0.4, -0.3), qd(0.0, 1.0);
  const double floor = total_energy(limb, q, qd);  // dth1 = 0: the least energy at this state
  char csv[256];
  std::snprintf(csv, sizeof csv, "th1,th2,dth2,energy\n0.4,-0.3,1.0,%.17g\n0.4,-0.3,1.0,%.17g\n", floor + 5.0,
                floor - 1.0);
  write_file(dir, "states.csv", csv);
  const std::string job =
      write_job(dir, "energy.toml",
                "[model]\nname = \"limb\"\n[points]\nfile = \"states.csv\"\n[energy]\nsolve = \"dth1\"\n"
                "[compute]\nfinal_state = { time = 0.5 }\n");
  REQUIRE(run_cli(sweep_quiet(job)).exit_code == 0);
  const io::ResultsStore s = io::ResultsStore::open_read(dir.file("energy.h5"));
  const auto status = s.read_status();
  const auto x0 = s.read("initial_state"), E = s.read("energy"), E0 = s.read("initial_energy");
  REQUIRE(status[0] == point_status::ok);
  const std::optional<double> rate = rate_for_energy(limb, q, qd, 0, floor + 5.0, +1);
  REQUIRE(rate);
  CHECK(same_bits(x0[2], *rate));
  CHECK(x0[2] > 0);
  CHECK(E[0] == floor + 5.0);
  CHECK(E0[0] == Approx(floor + 5.0).margin(1e-11));
  // Below the potential: no state, status 5; the given components stay, the rate is NaN.
  CHECK(status[1] == point_status::invalid_point);
  CHECK(x0[4] == 0.4);
  CHECK(x0[5] == -0.3);
  CHECK(std::isnan(x0[6]));
  CHECK(x0[7] == 1.0);
  CHECK(E[1] == floor - 1.0);
}

TEST_CASE("sweep points: threads, resume, an edited list and --dry-run", "[sweep][points][cli]") {
  ScratchDir dir("sweep_points_resume");
  write_file(dir, "states.csv", "th1,th2\n0.3,0.1\n0.9,-0.2\n1.5,0.4\n0.6,0.0\n1.1,0.2\n");
  const std::string job = write_job(dir, "frames.toml",
                                    "[model]\nname = \"limb\"\n[points]\nfile = \"states.csv\"\n[compute]\n"
                                    "lambda_max = { time = 2.0, renorm = 0.5, blocks = 4 }\n[output]\nbatch = 2\n");
  const auto dry = run_cli(sweep_quiet(job, "--dry-run"));
  CHECK(dry.exit_code == 0);
  CHECK(dry.out.find("points 5 from " + dir.file("states.csv") + " (lines 2..6)") != std::string::npos);
  CHECK(dry.out.find("th1 0.3..1.5 rad (state)") != std::string::npos);
  CHECK(dry.out.find("initial_state") != std::string::npos);
  CHECK_FALSE(any_h5_in(dir));

  REQUIRE(run_cli(sweep_quiet(job, "--threads 1 --out " + shell_quote(dir.file("one.h5")))).exit_code == 0);
  REQUIRE(run_cli(sweep_quiet(job, "--threads 2 --out " + shell_quote(dir.file("two.h5")))).exit_code == 0);
  std::string diff;
  CHECK(same_datasets(dir.file("one.h5"), dir.file("two.h5"), diff));
  INFO(diff);

  const std::string out = dir.file("one.h5");
  const auto unchanged = run_cli(sweep_quiet(job, "--resume --json --out " + shell_quote(out)));
  REQUIRE(unchanged.exit_code == 0);
  CHECK(JsonParser::parse(unchanged.out)["computed"].number() == 0);

  // One value edited: the same number of points, a different job. The refused file keeps its bytes.
  const std::string before = file_bytes(out);
  write_file(dir, "states.csv", "th1,th2\n0.3,0.1\n0.9,-0.25\n1.5,0.4\n0.6,0.0\n1.1,0.2\n");
  const auto edited = run_cli(sweep_quiet(job, "--resume --out " + shell_quote(out)));
  INFO(edited.err);
  CHECK(edited.exit_code == 2);
  CHECK(line_count(edited.err) == 1);
  CHECK(edited.err.find("--resume") != std::string::npos);
  CHECK(edited.err.find("points.row.1 differs") != std::string::npos);
  // A row added: the file's `point` dimension no longer fits.
  write_file(dir, "states.csv", "th1,th2\n0.3,0.1\n0.9,-0.2\n1.5,0.4\n0.6,0.0\n1.1,0.2\n1.3,0.0\n");
  const auto added = run_cli(sweep_quiet(job, "--resume --out " + shell_quote(out)));
  INFO(added.err);
  CHECK(added.exit_code == 2);
  CHECK(line_count(added.err) == 1);
  CHECK(added.err.find("point") != std::string::npos);
  CHECK(file_bytes(out) == before);
}

TEST_CASE("sweep points: every bad point list exits 2 with one line naming file, line and column, and writes nothing",
          "[sweep][points][cli][errors]") {
  struct Case {
    std::string csv;       ///< states.csv ("-" for none)
    std::string job_tail;  ///< after [model]; default: [points] file = "states.csv"
    std::vector<std::string> expect;
  };
  const std::string points = "[points]\nfile = \"states.csv\"\n";
  const std::vector<Case> cases = {
      {"-", points, {"points.file", "states.csv", "cannot read"}},
      {"-", "[points]\nfile = \".\"\n", {"points.file", "is a folder, not a file"}},
      {"", points, {"states.csv:1:", "empty"}},
      {"th1,th2\n", points, {"states.csv:1:", "no rows"}},
      {"th1,,th2\n0,0,0\n", points, {"states.csv:1, column 2:", "empty column name"}},
      {"th1,th2,th1\n0,0,0\n", points, {"states.csv:1, column 3 (th1):", "duplicate name"}},
      {"th1,knee\n0,0\n",
       points,
       {"states.csv:1, column 2 (knee):", "unknown name for model limb (known: th1, th2, dth1"}},
      {"th1,th2\n0.1,0.2\n# short\n0.3\n", points, {"states.csv:4 (point 1), column 2 (th2):", "missing"}},
      {"th1,th2\n0.1,0.2,0.3\n", points, {"states.csv:2 (point 0), column 3:", "extra cell"}},
      {"th1,th2\n0.1,abc\n", points, {"states.csv:2 (point 0), column 2 (th2):", "'abc' is not a number"}},
      {"th1,th2\n0.1,NaN\n", points, {"states.csv:2 (point 0), column 2 (th2):", "finite"}},
      {"th1,th2\ninf,0\n", points, {"states.csv:2 (point 0), column 1 (th1):", "finite"}},
      {"th1,th2\n0.1,0.2\n", points + "[grid]\nth1 = 0.5\n", {"states.csv:1, column 1 (th1):", "also set in [grid]"}},
      {"m2\n3.0\n-1.0\n", points, {"states.csv:3 (point 1), column 1 (m2):"}},
      {"th1\n0.1\n", points + "[grid]\nth2 = [0.0, 1.0]\n", {"grid.th2:", "[points]"}},
      {"th1\n0.1\n", "[points]\n", {"points.file:", "missing"}},
      {"th1\n0.1\n", points + "separator = \";\"\n", {"points.separator:", "unknown key"}},
  };
  for (const auto& c : cases) {
    ScratchDir dir("sweep_points_bad");
    if (c.csv != "-") write_file(dir, "states.csv", c.csv);
    const std::string job = write_job(
        dir, "bad.toml", "[model]\nname = \"limb\"\n" + c.job_tail + "[compute]\nfinal_state = { time = 0.5 }\n");
    const auto r = run_cli(sweep_quiet(job));
    INFO("csv:\n" << c.csv << "\njob tail:\n" << c.job_tail << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.rfind("chaoskit: ", 0) == 0);
    for (const auto& e : c.expect) CHECK(r.err.find(e) != std::string::npos);
    CHECK_FALSE(any_h5_in(dir));
  }
}
