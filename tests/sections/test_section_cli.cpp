// `chaoskit section` end to end: crossings on the section to 1e-10 and on the energy surface to
// the integrator's tolerance, energy-surface seeding with the inaccessible region reported and
// skipped, small oscillations on the linear modes' ellipse, thread-count independence (h5diff),
// xarray readability, and bad input (exit 2, one line naming the field).
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/models/energy_surface.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sections/section_file.hpp"
#include "support/json_lite.hpp"
#include "support/run_cli.hpp"
#include "support/scratch.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
namespace fs = std::filesystem;

namespace {

const char* kGolfEnergy =
    "section --model golf --energy -5 --seed th2=-2.5:2.5:13 --solve dth1 --plane 'th1 = 0' --crossings 40 "
    "--max-time 200 --rtol 1e-11 --atol 1e-11";

}  // namespace

TEST_CASE("section CLI: energy-surface seeds, crossings on the plane and on the energy surface", "[sections][cli]") {
  const ScratchDir scratch("section_energy");
  const fs::path& dir = scratch.path;
  const std::string out = (dir / "s.h5").string();
  const CliResult r = run_cli(std::string(kGolfEnergy) + " --json --out " + out);
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  // Inaccessible seeds: V(th1 = 0, th2) > E, computed here independently.
  int expect_inaccessible = 0;
  for (int k = 0; k < 13; ++k) {
    const double th2 = -2.5 + 5.0 * k / 12;
    if (!rate_for_energy(golf, Vec<double, 2>(0.0, th2), Vec<double, 2>::Zero(), 0, -5.0)) ++expect_inaccessible;
  }
  REQUIRE(expect_inaccessible > 0);
  REQUIRE(expect_inaccessible < 13);
  CHECK(j["seeds"].number() == 13);
  CHECK(j["inaccessible"].number() == expect_inaccessible);
  CHECK(j["failed"].number() == 0);

  const SectionTable tb = read_section_file(out);
  REQUIRE(tb.seeds() == 13);
  REQUIRE(tb.state_names == golf.state_names());
  REQUIRE(tb.crossings() == j["crossings"].number());
  int skipped = 0;
  for (std::size_t s = 0; s < tb.seeds(); ++s) {
    if (tb.seed_status[s] == 5) {
      ++skipped;
      CHECK(std::isnan(tb.seed_state[s * 4 + 2]));
      CHECK(tb.seed_crossings[s] == 0);
    } else {
      CHECK(tb.seed_status[s] == 1);
      CHECK(std::abs(tb.seed_energy[s] - (-5.0)) < 1e-12 * 5);
      CHECK(tb.seed_crossings[s] == 40);
    }
  }
  CHECK(skipped == expect_inaccessible);
  REQUIRE(tb.crossings() == 40u * static_cast<std::size_t>(13 - skipped));
  double worst_plane = 0, worst_energy = 0;
  for (std::size_t c = 0; c < tb.crossings(); ++c) {
    const Vec<double, 4> x = Eigen::Map<const Vec<double, 4>>(&tb.state[c * 4]);
    worst_plane = std::max(worst_plane, std::abs(x(0)));
    CHECK(x(2) > 0);  // direction up: th1 increasing
    worst_energy = std::max(worst_energy, std::abs(state_energy(golf, x) + 5.0));
    CHECK(tb.energy[c] == state_energy(golf, x));
    if (c > 0 && tb.orbit[c] == tb.orbit[c - 1]) CHECK(tb.t[c] > tb.t[c - 1]);
    if (c > 0) CHECK(tb.orbit[c] >= tb.orbit[c - 1]);
  }
  CHECK(worst_plane <= 1e-10);
  // Integrator tolerance 1e-11 over 200 s: the energy is conserved to ~1e-8 relative.
  CHECK(worst_energy < 1e-7 * 5);
  CHECK(tb.attributes.at("plane") == io::AttributeValue(std::string("th1 = 0")));
}

TEST_CASE("section CLI: a small-energy golf orbit crosses on the linear modes' ellipse", "[sections][cli][modes]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const auto modes = linear_modes(golf);
  const Mat<double, 2, 2> V = modes.shapes, Vinv = V.inverse();
  const double a1 = 2e-3, a2 = 1e-3;  // modal amplitudes [rad]
  const Vec<double, 2> q0 = V * Vec<double, 2>(0.0, a2);
  const Vec<double, 2> qd0 = V * Vec<double, 2>(a1 * modes.omega(0), 0.0);
  std::ostringstream state, plane;
  state.precision(17);
  plane.precision(17);
  state << q0(0) << "," << q0(1) << "," << qd0(0) << "," << qd0(1);
  plane << Vinv(0, 0) << " * th1 + " << Vinv(0, 1) << " * th2";
  const ScratchDir scratch("section_modes");
  const fs::path& dir = scratch.path;
  const std::string out = (dir / "m.h5").string();
  const CliResult r = run_cli("section --model golf --state=" + state.str() + " --plane=" + shell_quote(plane.str()) +
                              " --crossings 30 --rtol 1e-12 --atol 1e-12 --out " + out);
  REQUIRE(r.exit_code == 0);
  const SectionTable tb = read_section_file(out);
  REQUIRE(tb.crossings() == 30);
  // On eta1 = 0 (eta1 increasing) the fast mode lies on eta2^2 w2^2 + eta2dot^2 = a2^2 w2^2. The
  // nonlinear terms are O(a^2) relative: with a = 2e-3 the residual stays below 25 a^2 = 1e-4.
  const double w2 = modes.omega(1), r2 = a2 * a2 * w2 * w2, bound = 25 * a1 * a1;
  for (std::size_t c = 0; c < tb.crossings(); ++c) {
    const Vec<double, 2> eta = Vinv * Vec<double, 2>(tb.state[c * 4], tb.state[c * 4 + 1]);
    const Vec<double, 2> etad = Vinv * Vec<double, 2>(tb.state[c * 4 + 2], tb.state[c * 4 + 3]);
    CHECK(std::abs(eta(0)) < 1e-10);
    CHECK(std::abs(eta(1) * eta(1) * w2 * w2 + etad(1) * etad(1) - r2) / r2 < bound);
  }
  CHECK(std::abs((tb.t[1] - tb.t[0]) - 2 * M_PI / modes.omega(0)) < 1e-4 * 2 * M_PI / modes.omega(0));
}

TEST_CASE("section CLI: crossings identical for 1 and 2 threads (h5diff), xarray reads the file",
          "[sections][cli][threads]") {
  const ScratchDir scratch("section_threads");
  const fs::path& dir = scratch.path;
  const std::string f1 = (dir / "t1.h5").string(), f2 = (dir / "t2.h5").string();
  const std::string job =
      "section --model chain --params chain2_damped_rods --energy -5 --seed th1=-1.5:1.5:9 --seed th2=0:1:2 "
      "--solve dth2 --plane 'th2 = 0' --direction both --crossings 25 --max-time 100 --rtol 1e-9 --atol 1e-9";
  REQUIRE(run_cli(job + " --threads 1 --out " + f1).exit_code == 0);
  REQUIRE(run_cli(job + " --threads 2 --out " + f2).exit_code == 0);
  for (const char* ds : {"orbit", "t", "th1", "th2", "dth1", "dth2", "energy", "seed_th1", "seed_dth2", "seed_status",
                         "seed_crossings", "seed_end_time"}) {
    INFO(ds);
    CHECK(shell_status("h5diff " + f1 + " " + f2 + " /" + ds + " /" + ds + " >/dev/null 2>&1") == 0);
  }
  // And the comparison does detect a difference.
  CHECK(shell_status("h5diff " + f1 + " " + f2 + " /t /th1 >/dev/null 2>&1") == 1);
  const std::string py =
      "import xarray as xr; d = xr.open_dataset('" + f1 +
      "', engine='h5netcdf'); assert d['t'].dims == ('crossing',); assert d['seed_status'].dims == ('seed',); "
      "assert int(d['orbit'].max()) < d.sizes['seed']; print(d.sizes['crossing'])";
  CHECK(shell_status("/usr/bin/python3 -c " + shell_quote(py) + " >/dev/null 2>&1") == 0);
}

TEST_CASE("section CLI: bad input exits 2 with one line naming the field", "[sections][cli][errors]") {
  const ScratchDir scratch("section_bad");
  const fs::path& dir = scratch.path;
  const std::string out = " --out " + (dir / "x.h5").string();
  const std::string golf = "section --model golf --plane th1 --crossings 5";
  const std::vector<std::pair<std::string, std::string>> cases{
      {golf + " --state 1,0,0,0 --direction sideways" + out, "--direction"},
      {golf + " --state 1,0,0" + out, "--state"},
      {golf + out, "--state"},
      {golf + " --energy=-20 --seed th9=0 --solve dth1" + out, "--seed"},
      {golf + " --energy=-20 --seed th2=0:1 --solve dth1" + out, "--seed"},
      {golf + " --energy=-20 --solve th1" + out, "--solve"},
      {golf + " --energy=-20" + out, "--solve"},
      {golf + " --energy=-20 --seed dth1=0 --solve dth1" + out, "--seed"},
      {"section --model golf --plane 'th1 +' --crossings 5 --state 1,0,0,0" + out, "--plane"},
      {"section --model golf --plane th1 --crossings 0 --state 1,0,0,0" + out, "--crossings"},
      {golf + " --state 1,0,0,0 --max-time=-1" + out, "--max-time"},
      {"section --model lorenz --plane x --crossings 5 --energy 1 --solve z" + out, "--energy"},
      {golf + " --state 1,0,0,0 --out /nonexistent/dir/x.h5", "--out"},
  };
  for (const auto& [args, field] : cases) {
    INFO(args);
    const CliResult r = run_cli(args);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(field) != std::string::npos);
  }
  // A seed grid no machine can hold is refused before any work with the estimate.
  const CliResult huge =
      run_cli(golf + " --energy=-20 --seed th1=-1:1:1000000 --seed th2=-1:1:1000000 --solve dth1" + out);
  CHECK(huge.exit_code == 2);
  CHECK(line_count(huge.err) == 1);
  CHECK(huge.err.find("--seed: keeping 1000000000000 seeds and up to 5 crossings of each needs about") !=
        std::string::npos);
  CHECK(huge.err.find("of memory, but only") != std::string::npos);
  CHECK(fs::is_empty(dir));
  // An existing output is refused without --force and replaced with it.
  const std::string ok = golf + " --state 1,0,0,0" + out;
  REQUIRE(run_cli(ok).exit_code == 0);
  const CliResult again = run_cli(ok);
  CHECK(again.exit_code == 2);
  CHECK(again.err.find("--force") != std::string::npos);
  CHECK(run_cli(ok + " --force").exit_code == 0);
  // ... before integrating: 10^6 crossings over 10^7 s would take hours.
  const CliResult early =
      run_cli("section --model golf --plane th1 --crossings 1000000 --max-time 1e7 --state 1,0,0,0" + out);
  CHECK(early.exit_code == 2);
  CHECK(early.err.find("exists") != std::string::npos);
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);  // no temporary left
}
