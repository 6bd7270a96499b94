// The sweep's orbit_class entry: its datasets are exactly classify_orbit() of each point, in the
// documented codes, and its options are checked like every other entry's.
#include <catch2/catch.hpp>

#include <filesystem>

#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

TEST_CASE("sweep: orbit_class stores classify_orbit's verdict, votes and indicators bit for bit",
          "[sweep][cli][classification]") {
  ScratchDir dir("sweep_orbit_class");
  const std::string job = write_job(dir, "classes.toml",
                                    "[model]\nname = \"golf\"\n[grid]\nth1 = { list = [0.3, 2.0] }\nth2 = -0.2\n"
                                    "dth1 = 0.0\ndth2 = 0.0\n[compute]\norbit_class = { time = 300, renorm = 0.5 }\n"
                                    "[integrator]\nrtol = 1e-9\natol = 1e-9\n");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  io::ResultsStore store = io::ResultsStore::open_read(dir.file("classes.h5"));
  REQUIRE(store.finalized());
  const auto cls = store.read("orbit_class"), votes = store.read("orbit_votes"), lam = store.read("orbit_lambda_max"),
             err = store.read("orbit_lambda_max_error"), half = store.read("orbit_lambda_max_half"),
             sali = store.read("orbit_sali"), sali_min = store.read("orbit_sali_min"), meg = store.read("orbit_megno");

  // The job names no stepper: the tangent flow takes rkf78 (default_stepper), and the file says so.
  const auto attributes = store.root_attributes();
  REQUIRE(attributes.count("integrator") == 1);
  CHECK(std::get<std::string>(attributes.at("integrator")).rfind("rkf78 (tangent flow), by default, rtol ", 0) == 0);

  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  IntegratorOptions io;
  io.stepper = StepperKind::rkf78;
  io.rtol = io.atol = 1e-9;
  OrbitClassOptions o;
  o.time = 300;
  o.renorm = 0.5;
  int chaotic = 0, regular = 0;
  for (std::size_t i = 0; i < 2; ++i) {
    const Vec<double, 4> x0(i == 0 ? 0.3 : 2.0, -0.2, 0, 0);
    const OrbitClassification r = classify_orbit(golf, x0, InputSchedule(2), o, io);
    CHECK(cls[i] == static_cast<int>(r.verdict));
    CHECK(votes[3 * i + 0] == static_cast<int>(r.lambda_vote));
    CHECK(votes[3 * i + 1] == static_cast<int>(r.sali_vote));
    CHECK(votes[3 * i + 2] == static_cast<int>(r.megno_vote));
    CHECK(lam[i] == r.lambda_max);
    CHECK(err[i] == r.lambda_error);
    CHECK(half[i] == r.lambda_half);
    CHECK(sali[i] == r.sali);
    CHECK(sali_min[i] == r.sali_min);
    CHECK(meg[i] == r.megno);
    if (r.verdict == OrbitClass::chaotic) ++chaotic;
    if (r.verdict == OrbitClass::regular) ++regular;
  }
  // The low release is regular, the high one chaotic: both codes occur.
  CHECK(regular == 1);
  CHECK(chaotic == 1);
}

TEST_CASE("sweep: malformed orbit_class entries are refused naming the key", "[sweep][cli][errors][classification]") {
  ScratchDir dir("sweep_orbit_class_bad");
  const std::string head = "[model]\nname = \"golf\"\n[grid]\nth1 = { list = [0.3, 2.0] }\nth2 = -1.0\n[compute]\n";
  struct Case {
    const char* entry;
    const char* key;
  };
  for (const Case& c : {Case{"orbit_class = { time = 10, renorm = 20 }", "compute.orbit_class.renorm"},
                        Case{"orbit_class = { time = 10, blocks = 20 }", "compute.orbit_class.blocks"},
                        Case{"orbit_class = { time = -5 }", "compute.orbit_class.time"},
                        Case{"orbit_class = { time = 10, metric = \"kinetic\" }", "compute.orbit_class.metric"}}) {
    INFO(c.entry);
    const std::string job = write_job(dir, "bad.toml", head + c.entry + "\n");
    const auto r = run_cli("sweep " + shell_quote(job) + " --progress quiet");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(c.key) != std::string::npos);
    CHECK(line_count(r.err) == 1);
    CHECK_FALSE(std::filesystem::exists(dir.file("bad.h5")));
  }
}

TEST_CASE("sweep: adaptive orbit_class stores classify_orbit's verdict and orbit_time bit for bit",
          "[sweep][cli][classification][adaptive]") {
  ScratchDir dir("sweep_orbit_class_adaptive");
  // lambda_floor 0.1 1/s: regular verdicts from 188 s, so the regular orbit stops at the 200 s
  // stage and the chaotic one at the first check.
  const std::string job = write_job(dir, "adaptive.toml",
                                    "[model]\nname = \"golf\"\n[grid]\nth1 = { list = [0.3, 2.0] }\nth2 = -0.2\n"
                                    "dth1 = 0.0\ndth2 = 0.0\n[compute]\n"
                                    "orbit_class = { time = 50, max_time = 400, lambda_floor = 0.1 }\n"
                                    "[integrator]\nstepper = \"rkf78\"\n[output]\nbatch = 1\n");
  const auto run = run_cli("sweep " + shell_quote(job) + " --progress log --log-interval 0.001");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  // After the first point (one point per batch), the progress line gives the range the other may take.
  CHECK(run.err.find("by orbit times") != std::string::npos);
  io::ResultsStore store = io::ResultsStore::open_read(dir.file("adaptive.h5"));
  const auto cls = store.read("orbit_class"), time = store.read("orbit_time"), lam = store.read("orbit_lambda_max"),
             meg = store.read("orbit_megno");
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  IntegratorOptions io;
  io.stepper = parse_stepper("rkf78");
  OrbitClassOptions o;
  o.time = 50;
  o.max_time = 400;
  o.lambda_floor = 0.1;
  for (std::size_t i = 0; i < 2; ++i) {
    const OrbitClassification r =
        classify_orbit(golf, Vec<double, 4>(i == 0 ? 0.3 : 2.0, -0.2, 0, 0), InputSchedule(2), o, io);
    CHECK(cls[i] == static_cast<int>(r.verdict));
    CHECK(time[i] == r.time);
    CHECK(lam[i] == r.lambda_max);
    CHECK(meg[i] == r.megno);
  }
  CHECK(cls[0] == static_cast<int>(OrbitClass::regular));
  CHECK(time[0] == 200);
  CHECK(cls[1] == static_cast<int>(OrbitClass::chaotic));
  CHECK(time[1] == 50);
}

TEST_CASE("sweep: malformed adaptive orbit_class entries are refused naming the key",
          "[sweep][cli][errors][classification][adaptive]") {
  ScratchDir dir("sweep_orbit_class_adaptive_bad");
  const std::string head = "[model]\nname = \"golf\"\n[grid]\nth1 = { list = [0.3, 2.0] }\nth2 = -1.0\n[compute]\n";
  struct Case {
    const char* entry;
    const char* key;
    const char* says;
  };
  for (const Case& c :
       {Case{"orbit_class = { time = 200, max_time = 100 }", "compute.orbit_class.max_time", ">= time"},
        Case{"orbit_class = { time = 200, max_time = 1000 }", "compute.orbit_class.max_time", "1877"},
        Case{"orbit_class = { time = 200, lambda_floor = 0.01 }", "compute.orbit_class.lambda_floor", "max_time"},
        Case{"orbit_class = { time = 200, max_time = 5000, lambda_floor = 0 }", "compute.orbit_class.lambda_floor",
             "> 0"},
        Case{"orbit_class = { time = 200, max_time = \"long\" }", "compute.orbit_class.max_time", "number"}}) {
    INFO(c.entry);
    const std::string job = write_job(dir, "bad.toml", head + c.entry + "\n");
    const auto r = run_cli("sweep " + shell_quote(job) + " --progress quiet");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(c.key) != std::string::npos);
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK(line_count(r.err) == 1);
    CHECK_FALSE(std::filesystem::exists(dir.file("bad.h5")));
  }
}
