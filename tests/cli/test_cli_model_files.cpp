// Model files (data/models/README.md) through the command line: simulate, lyapunov, section and a
// sweep with a file parameter as grid axis, then query on its results; a bad file gives exit 2 and
// one line naming file, line and column.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "chaoskit/params/param_sets.hpp"
#include "support/json_lite.hpp"
#include "support/model_files.hpp"
#include "support/run_cli.hpp"
#include "support/scratch.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
namespace fs = std::filesystem;

TEST_CASE("model files: simulate and lyapunov take a model file as --model", "[cli][model_files]") {
  const std::string golf = shell_quote(shipped_model_file("golf"));
  const CliResult file = run_cli("simulate --model " + golf + " --state 2,-1,0,0 --time 1 --torque 1,0 --json");
  const CliResult builtin = run_cli("simulate --model golf --state 2,-1,0,0 --time 1 --torque 1,0 --json");
  REQUIRE(file.exit_code == 0);
  REQUIRE(builtin.exit_code == 0);
  const Json jf = JsonParser::parse(file.out), jb = JsonParser::parse(builtin.out);
  const auto& sf = jf["state"].arr.back().arr;
  const auto& sb = jb["state"].arr.back().arr;
  REQUIRE(sf.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(sf[i].num - sb[i].num) < 1e-6);
  // The energy comes from the file's potential plus ½ q̇ᵀ M q̇.
  CHECK(std::abs(jf["energy"].arr.front().num - jb["energy"].arr.front().num) < 1e-12);

  const CliResult lyap =
      run_cli("lyapunov --model " + shell_quote(shipped_model_file("lorenz")) + " --state 1,1,20 --time 20 --json");
  REQUIRE(lyap.exit_code == 0);
  CHECK(JsonParser::parse(lyap.out)["lambda_max"].num > 0.5);
}

TEST_CASE("model files: section and a sweep over a file parameter, then query", "[cli][model_files]") {
  const ScratchDir scratch("cli_model_files");
  const fs::path& d = scratch.path;
  const CliResult sec = run_cli("section --model " + shell_quote(shipped_model_file("golf")) +
                                    " --state 2,-1,0,0 --plane 'th1 = 0' --crossings 5 --out sec.h5",
                                d.string());
  CHECK(sec.exit_code == 0);
  CHECK(fs::exists(d / "sec.h5"));
  std::ofstream(d / "job.toml") << "[model]\nname = \"" << shipped_model_file("limb") << "\"\n"
                                << "[grid]\nm2 = { list = [3.3, 4.0] }\nth1 = 1.0\nth2 = 2.0\ndth1 = 0.0\ndth2 = 0.0\n"
                                << "[compute]\nlambda_max = { time = 10.0 }\n";
  const CliResult sweep = run_cli("sweep job.toml --out job.h5 --progress quiet", d.string());
  INFO(sweep.err);
  REQUIRE(sweep.exit_code == 0);
  const CliResult q = run_cli("query job.h5 describe", d.string());
  CHECK(q.exit_code == 0);
  CHECK(q.out.find("m2") != std::string::npos);
}

TEST_CASE("model files: a bad model file exits 2 with one line naming file, line and column",
          "[cli][model_files][bad_input]") {
  const ScratchDir scratch("cli_bad_model");
  const fs::path& d = scratch.path;
  std::ofstream(d / "bad.toml") << "model = \"ode\"\nstates = [\"x\", \"y\", \"z\"]\n[values]\ns = 1.0\n"
                                << "[derivatives]\nx = \"s * w\"\ny = \"x\"\nz = \"y\"\n";
  const CliResult r = run_cli("simulate --model bad.toml --state 1,1,1 --time 1", d.string());
  CHECK(r.exit_code == 2);
  CHECK(line_count(r.err) == 1);
  CHECK(r.err.find("bad.toml:6:10:") != std::string::npos);
  CHECK(r.err.find("unknown name 'w'") != std::string::npos);
}

TEST_CASE("model files: a file without parameters needs no [values]", "[cli][model_files]") {
  const ScratchDir scratch("cli_model_no_values");
  // Lorenz with its numbers written into the equations: no parameter, so no [values] table.
  const std::string equations =
      "model = \"ode\"\nstates = [\"x\", \"y\", \"z\"]\n"
      "[derivatives]\nx = \"10 * (y - x)\"\ny = \"x * (28 - z) - y\"\nz = \"x * y - 8/3 * z\"\n";
  const fs::path bare = scratch.path / "bare.toml", empty = scratch.path / "empty.toml";
  std::ofstream(bare) << equations;
  std::ofstream(empty) << equations << "[values]\n";
  // The set reader gives it an empty [values], as if it had written one.
  const ParamFile set = read_param_file(bare.string());
  REQUIRE(set.table["values"].as_table() != nullptr);
  CHECK(set.table["values"].as_table()->empty());
  // simulate, lyapunov and a sweep run it, with the results of the same file with an empty [values].
  for (const std::string command :
       {"simulate --state 1,1,20 --time 2 --json", "lyapunov --state 1,1,20 --time 10 --json"}) {
    INFO(command);
    const CliResult a = run_cli(command.substr(0, command.find(' ')) + " --model " + shell_quote(bare.string()) +
                                command.substr(command.find(' ')));
    const CliResult b = run_cli(command.substr(0, command.find(' ')) + " --model " + shell_quote(empty.string()) +
                                command.substr(command.find(' ')));
    INFO(a.err);
    REQUIRE(a.exit_code == 0);
    REQUIRE(b.exit_code == 0);
    const Json ja = JsonParser::parse(a.out), jb = JsonParser::parse(b.out);
    const char* key = command.rfind("simulate", 0) == 0 ? "state" : "lambda_max";
    CHECK(ja[key].kind == jb[key].kind);
    if (ja[key].kind == Json::Kind::number) CHECK(ja[key].num == jb[key].num);
    if (ja[key].kind == Json::Kind::array)
      CHECK(ja[key].arr.back().arr.back().num == jb[key].arr.back().arr.back().num);
  }
  std::ofstream(scratch.path / "job.toml")
      << "[model]\nname = \"bare.toml\"\n[grid]\nx = [1.0, 2.0]\ny = 1.0\nz = 20.0\n"
         "[compute]\nlambda_max = { time = 10.0, blocks = 2 }\n";
  const CliResult sweep = run_cli("sweep " + shell_quote((scratch.path / "job.toml").string()) + " --progress quiet");
  INFO(sweep.err);
  CHECK(sweep.exit_code == 0);
  // Without equations it is still refused, in one line naming the file.
  const fs::path nothing = scratch.path / "nothing.toml";
  std::ofstream(nothing) << "model = \"ode\"\nstates = [\"x\", \"y\", \"z\"]\n";
  const CliResult refused = run_cli("simulate --model " + shell_quote(nothing.string()) + " --state 1 --time 1");
  CHECK(refused.exit_code == 2);
  CHECK(line_count(refused.err) == 1);
  CHECK(refused.err.find(nothing.string()) != std::string::npos);
}

TEST_CASE("model files: sizes without a compiled type run every command (2 and 10 states)",
          "[cli][model_files][sizes]") {
  const ScratchDir scratch("cli_model_sizes");
  const fs::path& d = scratch.path;
  // A forced Duffing oscillator: two states, the flow's divergence −δ = −0.3 everywhere.
  std::ofstream(d / "duffing.toml") << "model = \"ode\"\nstates = [\"x\", \"v\"]\n"
                                       "[values]\ndelta = 0.3\ngamma = 0.5\nomega = 1.2\n"
                                       "[derivatives]\nx = \"v\"\nv = \"-delta*v + x - x^3 + gamma*cos(omega*t)\"\n";
  const CliResult lyap =
      run_cli("lyapunov --model duffing.toml --state 1,0 --time 200 --spectrum --indicators --json", d.string());
  INFO(lyap.err);
  REQUIRE(lyap.exit_code == 0);
  const Json j = JsonParser::parse(lyap.out);
  REQUIRE(j["spectrum"].arr.size() == 2);
  CHECK(std::abs(j["spectrum"].arr[0].num + j["spectrum"].arr[1].num + 0.3) < 1e-5);
  CHECK(j["gali"].arr.size() == 1);  // GALI_2 of two states
  std::ofstream(d / "job.toml") << "[model]\nname = \"duffing.toml\"\n[grid]\nx = [0.5, 1.0]\nv = 0.0\n"
                                   "[compute]\nspectrum = { time = 50.0, blocks = 5 }\nfinal_state = { time = 2.0 }\n"
                                   "stm = { time = 1.0 }\norbit_class = { time = 50.0, blocks = 5 }\n";
  const CliResult sweep = run_cli("sweep job.toml --out job.h5 --progress quiet", d.string());
  INFO(sweep.err);
  REQUIRE(sweep.exit_code == 0);
  const CliResult shape = run_cli("query job.h5 describe --json", d.string());
  REQUIRE(shape.exit_code == 0);
  for (const char* name : {"\"stm\"", "\"spectrum\"", "\"final_state\"", "\"orbit_class\""})
    CHECK(shape.out.find(name) != std::string::npos);
  const CliResult rows = run_cli("query job.h5 select --format json", d.string());
  INFO(rows.out);
  REQUIRE(rows.exit_code == 0);
  CHECK(rows.out.find("\"rows_written\":2") != std::string::npos);

  // A five-link chain file: ten states, three coordinates' worth of commands beyond the ODE ones.
  std::ofstream chain(d / "chain5.toml");
  chain << "model = \"mechanical\"\ncoordinates = [\"a1\", \"a2\", \"a3\", \"a4\", \"a5\"]\n"
           "mass_matrix = [[\"2\", \"0\", \"0\", \"0\", \"0\"], [\"0\", \"2\", \"0\", \"0\", \"0\"],"
           " [\"0\", \"0\", \"2\", \"0\", \"0\"], [\"0\", \"0\", \"0\", \"2\", \"0\"], [\"0\", \"0\", \"0\", \"0\", "
           "\"2\"]]\n"
           "forces = [\"-k*sin(a1) + c*(a2 - a1)\", \"c*(a1 - 2*a2 + a3)\", \"c*(a2 - 2*a3 + a4)\", "
           "\"c*(a3 - 2*a4 + a5)\", \"c*(a4 - a5)\"]\n"
           "potential = \"-k*cos(a1) + c/2*((a2 - a1)^2 + (a3 - a2)^2 + (a4 - a3)^2 + (a5 - a4)^2)\"\n"
           "[kinematics]\nangles = \"absolute\"\nlengths = [\"0.3\", \"0.3\", \"0.3\", \"0.3\", \"0.3\"]\n"
           "[values]\nk = 20.0\nc = 5.0\n";
  chain.close();
  const std::string state = " --state 0.5,0.1,0,0,0,0,0,0,0,0";
  const CliResult sim = run_cli("simulate --model chain5.toml" + state + " --time 2 --json", d.string());
  INFO(sim.err);
  REQUIRE(sim.exit_code == 0);
  const Json js = JsonParser::parse(sim.out);
  CHECK(js["state"].arr.back().arr.size() == 10);
  const double e0 = js["energy"].arr.front().num, e1 = js["energy"].arr.back().num;
  CHECK(std::abs(e1 - e0) <= 1e-7 * std::abs(e0));
  CHECK(run_cli("stm --model chain5.toml" + state + " --time 1 --json", d.string()).exit_code == 0);
  CHECK(run_cli("inspect --model chain5.toml" + state + " --modes --json", d.string()).exit_code == 0);
  CHECK(run_cli("section --model chain5.toml" + state + " --plane 'a1 = 0' --crossings 3 --out sec.h5", d.string())
            .exit_code == 0);
  CHECK(run_cli("basin --model chain5.toml --x a1=-1:1:4 --y a2=-1:1:4 --box 2 --kind flip --max-time 1 --out b.h5",
                d.string())
            .exit_code == 0);

  // States drawn on an energy level of the ten-state file; a job that names SALI on one state is refused.
  std::ofstream(d / "sample.toml") << "[model]\nname = \"chain5.toml\"\n"
                                      "[sample]\nenergy = { list = [0.0] }\nn = 4\nseed = 1\n"
                                      "[compute]\nfinal_state = { time = 0.1 }\n";
  const CliResult sample = run_cli("sweep sample.toml --out s.h5 --progress quiet", d.string());
  INFO(sample.err);
  CHECK(sample.exit_code == 0);
  const CliResult drawn = run_cli("query s.h5 select --format json", d.string());
  CHECK(drawn.out.find("\"rows_written\":4") != std::string::npos);
  std::ofstream(d / "one.toml") << "model = \"ode\"\nstates = [\"x\"]\n[derivatives]\nx = \"-x\"\n";
  std::ofstream(d / "sali1.toml") << "[model]\nname = \"one.toml\"\n[grid]\nx = [0.1, 0.2]\n"
                                     "[compute]\nsali = { time = 10.0 }\n";
  const CliResult sali = run_cli("sweep sali1.toml --out s1.h5 --progress quiet", d.string());
  CHECK(sali.exit_code == 2);
  CHECK(sali.err.find("compute.sali: follows two deviation vectors") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "s1.h5"));
  const CliResult indicators = run_cli("lyapunov --model one.toml --state 0.1 --time 10 --indicators", d.string());
  CHECK(indicators.exit_code == 2);
  CHECK(line_count(indicators.err) == 1);
  CHECK(indicators.err.find("--indicators: SALI and GALI follow two deviation vectors") != std::string::npos);

  // Thirteen states: exit 2 and one line naming the file.
  std::ofstream big(d / "big.toml");
  big << "model = \"ode\"\nstates = [";
  for (int i = 0; i < 13; ++i) big << (i ? ", " : "") << "\"x" << i << "\"";
  big << "]\n[derivatives]\n";
  for (int i = 0; i < 13; ++i) big << "x" << i << " = \"-x" << i << "\"\n";
  big.close();
  const CliResult refused = run_cli("simulate --model big.toml --state 1,1,1,1,1,1,1,1,1,1,1,1,1 --time 1", d.string());
  CHECK(refused.exit_code == 2);
  CHECK(line_count(refused.err) == 1);
  CHECK(refused.err.find("big.toml: a model file has at most 12 states (this one has 13)") != std::string::npos);
}
