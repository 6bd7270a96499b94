// Mechanical model files where a built-in mechanical model's pieces are needed, end to end:
// inspect (--json keys and values, --modes), basin, a sweep over an energy grid, a [sample] sweep
// and section --energy give golf.toml what they give the built-in golf (h5diff of the datasets),
// and an ODE file or a file without [kinematics] is refused with exit 2 and one line naming it.
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "chaoskit/params/param_sets.hpp"
#include "support/json_lite.hpp"
#include "support/model_files.hpp"
#include "support/run_cli.hpp"
#include "support/scratch.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
namespace fs = std::filesystem;

namespace {
/// h5diff of one dataset of two files within an absolute tolerance (0: bit for bit): 0 equal.
int h5diff(const fs::path& a, const fs::path& b, const std::string& dataset, double delta = 0.0) {
  std::ostringstream d;
  if (delta > 0.0) d << " -d " << delta;
  return shell_status("h5diff" + d.str() + " " + shell_quote(a.string()) + " " + shell_quote(b.string()) + " /" +
                      dataset + " /" + dataset + " >/dev/null 2>&1");
}

/// Largest |a − b| over two JSON numbers or (nested) arrays of them.
double json_difference(const Json& a, const Json& b) {
  if (a.kind == Json::Kind::number && b.kind == Json::Kind::number) return std::abs(a.num - b.num);
  REQUIRE(a.kind == Json::Kind::array);
  REQUIRE(b.kind == Json::Kind::array);
  REQUIRE(a.arr.size() == b.arr.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < a.arr.size(); ++i) worst = std::max(worst, json_difference(a.arr[i], b.arr[i]));
  return worst;
}

/// Largest |a| over a JSON number or (nested) array of them.
double json_max_abs(const Json& a) {
  if (a.kind == Json::Kind::number) return std::abs(a.num);
  double worst = 0.0;
  for (const Json& e : a.arr) worst = std::max(worst, json_max_abs(e));
  return worst;
}

}  // namespace

TEST_CASE("model file mechanics CLI: inspect --json of golf.toml gives the built-in's keys and numbers",
          "[cli][model_files][mechanics]") {
  const std::string args = " --state 0,-5deg,10,9 --torque 5,0 --modes --json";
  for (const char* name : {"golf", "limb"}) {
    INFO(name);
    const CliResult file = run_cli("inspect --model " + shell_quote(shipped_model_file(name)) + args);
    const CliResult builtin = run_cli(std::string("inspect --model ") + name + args);
    INFO(file.err);
    REQUIRE(file.exit_code == 0);
    REQUIRE(builtin.exit_code == 0);
    const Json jf = JsonParser::parse(file.out), jb = JsonParser::parse(builtin.out);
    for (const char* key : {"M", "c", "G", "qdd", "kinetic_energy", "potential_energy", "energy", "power",
                            "dissipation_power", "schur_inertia"}) {
      INFO(key);
      REQUIRE(jf.has(key));
      CHECK(json_difference(jf[key], jb[key]) <= 1e-12 * std::max(1.0, json_max_abs(jb[key])));
    }
    for (const char* key : {"p", "v", "a", "J"}) {
      INFO(key);
      CHECK(json_difference(jf["endpoint"][key], jb["endpoint"][key]) <= 1e-10);
    }
    CHECK(json_difference(jf["modes"]["omega"], jb["modes"]["omega"]) <= 1e-10);
    CHECK(json_difference(jf["modes"]["shapes"], jb["modes"]["shapes"]) <= 1e-10);
  }
  // Text output names each piece too.
  const CliResult text = run_cli("inspect --model " + shell_quote(shipped_model_file("golf")) + " --state 0.3,0.2,1,2");
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("c(q,qd)") != std::string::npos);
  CHECK(text.out.find("endpoint p") != std::string::npos);
}

TEST_CASE("model file mechanics CLI: basin maps of golf.toml equal the built-in's (h5diff)",
          "[cli][model_files][mechanics][basins]") {
  const ScratchDir scratch("cli_mech_basin");
  const fs::path& d = scratch.path;
  const std::string grid = " --x th1=-3:3:6 --y th2=-3:3:5 --kind flip --max-time 3 --box 2 --threads 2";
  REQUIRE(run_cli("basin --model " + shell_quote(shipped_model_file("golf")) + grid + " --out file.h5", d.string())
              .exit_code == 0);
  REQUIRE(run_cli("basin --model golf" + grid + " --out builtin.h5", d.string()).exit_code == 0);
  CHECK(h5diff(d / "file.h5", d / "builtin.h5", "label") == 0);
  CHECK(h5diff(d / "file.h5", d / "builtin.h5", "status") == 0);
  CHECK(h5diff(d / "file.h5", d / "builtin.h5", "flip_time", 1e-6) == 0);

  // An ODE file, and a mechanical file without [kinematics]: exit 2, one line naming the file.
  const CliResult ode = run_cli("basin --model " + shell_quote(shipped_model_file("lorenz")) +
                                    " --x x=-1:1:3 --y y=-1:1:3 --kind flip --out ode.h5",
                                d.string());
  CHECK(ode.exit_code == 2);
  CHECK(line_count(ode.err) == 1);
  CHECK(ode.err.find(shipped_model_file("lorenz") + ": basins need a mechanical model file (model = \"mechanical\")") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(d / "ode.h5"));
  std::string golf_text;
  {
    std::ifstream in(shipped_model_file("golf"));
    golf_text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t k = golf_text.find("[kinematics]");
  REQUIRE(k != std::string::npos);
  golf_text.erase(k, golf_text.find("[values]") - k);
  std::ofstream(d / "bare.toml") << golf_text;
  const CliResult bare = run_cli("basin --model bare.toml" + grid + " --out bare.h5", d.string());
  CHECK(bare.exit_code == 2);
  CHECK(line_count(bare.err) == 1);
  CHECK(bare.err.find("bare.toml: basins need [kinematics]") != std::string::npos);
  // inspect still works without [kinematics]: everything but the endpoint.
  const CliResult inspect = run_cli("inspect --model bare.toml --state 0.3,0.2,1,2 --json", d.string());
  REQUIRE(inspect.exit_code == 0);
  const Json j = JsonParser::parse(inspect.out);
  CHECK(j.has("c"));
  CHECK_FALSE(j.has("endpoint"));
}

TEST_CASE("model file mechanics CLI: energy-grid and [sample] sweeps of golf.toml equal the built-in's (h5diff)",
          "[cli][model_files][mechanics][energy]") {
  const ScratchDir scratch("cli_mech_sweeps");
  const fs::path& d = scratch.path;
  auto write_jobs = [&](const std::string& stem, const std::string& body) {
    std::ofstream(d / (stem + "_file.toml")) << "[model]\nname = \"" << shipped_model_file("golf") << "\"\n" << body;
    std::ofstream(d / (stem + "_builtin.toml")) << "[model]\nname = \"golf\"\n" << body;
    for (const char* which : {"_file", "_builtin"}) {
      const std::string job = stem + which;
      const CliResult r =
          run_cli("sweep " + job + ".toml --out " + job + ".h5 --progress quiet --threads 2", d.string());
      INFO(r.err);
      REQUIRE(r.exit_code == 0);
    }
  };
  write_jobs(
      "grid",
      "[grid]\nenergy = { list = [-3.0, 0.0, 2.0] }\nth1 = { linspace = [-1.0, 1.0, 3] }\nth2 = 0.5\ndth2 = 0.0\n"
      "[energy]\nsolve = \"dth1\"\n[compute]\nfinal_state = { time = 0.5 }\n");
  // A grid job keeps no initial_state: the rates solved for the energy show in final_state and in
  // initial_energy (which equals the grid's energy only where the solve reproduces it).
  CHECK(h5diff(d / "grid_file.h5", d / "grid_builtin.h5", "status") == 0);
  CHECK(h5diff(d / "grid_file.h5", d / "grid_builtin.h5", "initial_energy", 1e-12) == 0);
  CHECK(h5diff(d / "grid_file.h5", d / "grid_builtin.h5", "final_state", 1e-8) == 0);
  write_jobs("sample",
             "[sample]\nenergy = { list = [0.0, 2.0] }\nn = 12\nseed = 5\n[compute]\nfinal_state = { time = 0.2 }\n");
  CHECK(h5diff(d / "sample_file.h5", d / "sample_builtin.h5", "initial_state", 1e-12) == 0);
  CHECK(h5diff(d / "sample_file.h5", d / "sample_builtin.h5", "final_state", 1e-8) == 0);
  // The comparison does see a difference: another level's states are not these.
  std::ofstream(d / "other.toml")
      << "[model]\nname = \"golf\"\n[sample]\nenergy = { list = [0.5, 2.0] }\nn = 12\nseed = 5\n"
      << "[compute]\nfinal_state = { time = 0.2 }\n";
  REQUIRE(run_cli("sweep other.toml --out other.h5 --progress quiet", d.string()).exit_code == 0);
  CHECK(h5diff(d / "sample_file.h5", d / "other.h5", "initial_state", 1e-12) == 1);

  // An ODE file has no energy grid: exit 2, one line naming the file, nothing written.
  std::ofstream(d / "ode.toml")
      << "[model]\nname = \"" << shipped_model_file("lorenz") << "\"\n"
      << "[grid]\nenergy = { list = [1.0] }\nx = 1.0\ny = 1.0\n[compute]\nfinal_state = { time = 0.1 }\n";
  const CliResult ode = run_cli("sweep ode.toml --out ode.h5 --progress quiet", d.string());
  CHECK(ode.exit_code == 2);
  CHECK(line_count(ode.err) == 1);
  CHECK(ode.err.find(shipped_model_file("lorenz") + ": energy grids need a mechanical model file") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(d / "ode.h5"));
}

TEST_CASE("model file mechanics CLI: section --energy of golf.toml seeds the built-in's states",
          "[cli][model_files][mechanics][energy]") {
  const ScratchDir scratch("cli_mech_section");
  const fs::path& d = scratch.path;
  const std::string job = " --energy 1.0 --seed th2=-1:1:5 --solve dth1 --plane 'th1 = 0' --crossings 3 --max-time 20";
  REQUIRE(run_cli("section --model " + shell_quote(shipped_model_file("golf")) + job + " --out file.h5", d.string())
              .exit_code == 0);
  REQUIRE(run_cli("section --model golf" + job + " --out builtin.h5", d.string()).exit_code == 0);
  for (const char* ds : {"seed_th2", "seed_dth1", "seed_status"}) {
    INFO(ds);
    CHECK(h5diff(d / "file.h5", d / "builtin.h5", ds, 1e-12) == 0);
  }
  const CliResult ode = run_cli("section --model " + shell_quote(shipped_model_file("lorenz")) +
                                    " --energy 1 --seed x=0 --solve z --plane 'x = 0' --crossings 2 --out ode.h5",
                                d.string());
  CHECK(ode.exit_code == 2);
  CHECK(line_count(ode.err) == 1);
  CHECK(ode.err.find(shipped_model_file("lorenz") + ": energy-surface seeds need a mechanical model file") !=
        std::string::npos);
}
