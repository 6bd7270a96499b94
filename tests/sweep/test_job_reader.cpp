// Job files: axes, targets, defaults, and every kind of malformed job refused with the key named.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/quantities/basin.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/quantities/section.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/job_fingerprint.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;

namespace {
const std::string golf_base = R"([model]
name = "golf"
[compute]
lambda_max = { time = 20.0 }
)";

Job job_with_grid(const std::string& grid, const std::string& rest = "") {
  return parse_job(golf_base + "[grid]\n" + grid + "\n" + rest, "/tmp/job.toml");
}
}  // namespace

TEST_CASE("sweep job: axis forms give exact end points and strictly increasing coordinates", "[sweep][job]") {
  const Job j = job_with_grid(
      "th1 = { linspace = [-3.0, 3.0, 7] }\nth2 = [0.5, 1.0, 2.0]\ndth1 = { logspace = [-2, 0, 3] }\n"
      "dth2 = { geomspace = [0.1, 10.0, 3] }");
  REQUIRE(j.axes.size() == 4);
  CHECK(j.axes[0].values == std::vector<double>{-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0});
  CHECK(j.axes[1].values == std::vector<double>{0.5, 1.0, 2.0});
  CHECK(j.axes[2].values[0] == Approx(0.01).epsilon(1e-15));
  CHECK(j.axes[2].values[2] == 1.0);
  CHECK(j.axes[3].values[1] == Approx(1.0).epsilon(1e-15));
  CHECK(j.axes[3].values[2] == 10.0);
  CHECK(j.point_count() == 7 * 3 * 3 * 3);
  CHECK(j.axes[0].units == "rad");
  CHECK(j.axes[2].units == "rad/s");
  CHECK(j.output == "/tmp/job.h5");
}

TEST_CASE("sweep job: names are classified as state, energy, parameter, torque or release", "[sweep][job]") {
  const Job j = job_with_grid(
      "energy = { linspace = [-5.0, 5.0, 3] }\nth1 = 0.1\nth2 = 0.2\ndth2 = 0.0\n"
      "m2 = { list = [0.3, 0.4] }\ntau1 = { linspace = [0.0, 10.0, 2] }\nrelease_tau2 = 0.25",
      "[energy]\nsolve = \"dth1\"\nbranch = \"-\"\n");
  REQUIRE(j.axes.size() == 3);
  CHECK(j.axes[0].target == Target::energy);
  CHECK(j.axes[1].target == Target::parameter);
  CHECK(j.axes[1].units == "kg");
  CHECK(j.axes[2].target == Target::torque);
  CHECK(j.energy.component == 2);
  CHECK(j.energy.branch == -1);
  bool release_fixed = false;
  for (const auto& f : j.fixed) release_fixed = release_fixed || (f.target == Target::release && f.values[0] == 0.25);
  CHECK(release_fixed);
}

TEST_CASE("sweep job: a point's context applies coordinates, parameters, inputs and the energy solve", "[sweep][job]") {
  const Job j = job_with_grid(
      "energy = { linspace = [-100.0, 20.0, 2] }\nth1 = 0.4\nth2 = -0.3\ndth2 = 1.0\n"
      "m2 = { list = [0.3, 0.4] }\ntau1 = { list = [2.0, 3.0] }\nrelease_tau2 = 0.25");
  const std::vector<std::size_t> low{0, 0, 0}, high{1, 1, 1};
  const PointContext a = point_context(j, low);
  CHECK_FALSE(a.admissible);  // E = -100 J is below the potential at these angles
  const PointContext b = point_context(j, high);
  REQUIRE(b.admissible);
  const auto& golf = std::get<GolfModel>(b.model);
  CHECK(golf.p.m2 == 0.4);
  const Vec<double, 2> q(0.4, -0.3), qd(b.x0[2], 1.0);
  CHECK(total_energy(golf, q, qd) == Approx(20.0).epsilon(1e-12));
  CHECK(b.x0[2] > 0);  // default branch: the larger root
  CHECK(b.inputs.value(0.0)[0] == 3.0);
  CHECK(b.inputs.value(0.3)[1] == 0.0);  // tau2 released at 0.25 s
}

TEST_CASE("sweep job: result variables follow the compute entries", "[sweep][job]") {
  const Job j = parse_job(R"([model]
name = "chain"
params = "chain3_uniform_rods"
[grid]
th1 = { linspace = [0.0, 1.0, 2] }
[compute]
spectrum = { time = 10.0 }
stm = { time = 1.0 }
section = { plane = "th1 = 0", crossings = 5 }
)",
                          "job.toml");
  const ResultsLayout L = results_layout(j);
  std::vector<std::string> names;
  for (const auto& v : L.variables) names.push_back(v.name);
  CHECK(names == std::vector<std::string>{"spectrum", "spectrum_error", "stm", "section_count", "section_time",
                                          "section_state", "initial_energy"});
  std::size_t values_per_point = 0;
  for (const auto& v : L.variables) values_per_point += v.values_per_point();
  CHECK(values_per_point == 6 + 6 + 36 + 1 + 5 + 30 + 1);
}

TEST_CASE("sweep job: malformed jobs are refused with the offending key named", "[sweep][job][errors]") {
  struct Case {
    std::string text, field;
  };
  const std::string model = "[model]\nname = \"golf\"\n";
  const std::string grid = "[grid]\nth1 = { linspace = [0.0, 1.0, 3] }\n";
  const std::string compute = "[compute]\nlambda_max = { time = 10.0 }\n";
  const std::vector<Case> cases = {
      {"[model\nname=1", "job"},
      {grid + compute, "model"},
      {"[model]\nname = \"golfx\"\n" + grid + compute, "model.name"},
      {model + "colour = 1\n" + grid + compute, "model.colour"},
      {model + "[model.overrides]\nL9 = 1.0\n" + grid + compute, "model.overrides.L9"},
      {model + "[model.overrides]\nm1 = \"heavy\"\n" + grid + compute, "model.overrides.m1"},
      {model + compute, "grid"},
      {model + "[grid]\nth3 = { linspace = [0.0, 1.0, 3] }\n" + compute, "grid.th3"},
      {model + "[grid]\nth1 = { linspace = [1.0, 0.0, 3] }\n" + compute, "grid.th1.linspace"},
      {model + "[grid]\nth1 = { linspace = [0.0, 1.0, 0] }\n" + compute, "grid.th1.linspace[2]"},
      {model + "[grid]\nth1 = []\n" + compute, "grid.th1"},
      {model + "[grid]\nth1 = [0.0, 0.5, 0.4]\n" + compute, "grid.th1"},
      {model + "[grid]\nth1 = { range = [0.0, 1.0] }\n" + compute, "grid.th1.range"},
      {model + "[grid]\nth1 = \"abc\"\n" + compute, "grid.th1"},
      {model + "[grid]\nm1 = { linspace = [0.0, 1.0, 3] }\n" + compute, "grid.m1"},
      {model + "[grid]\ndth1 = 0.0\ndth2 = 0.0\nenergy = { linspace = [0.0, 1.0, 3] }\n" + compute, "energy.solve"},
      {model + grid + "[energy]\nsolve = \"dth1\"\n" + compute, "energy"},
      {model + grid, "compute"},
      {model + grid + "[compute]\n", "compute"},
      {model + grid + "[compute]\nlyapunov = { time = 1.0 }\n", "compute.lyapunov"},
      {model + grid + "[compute]\nlambda_max = { time = -1.0 }\n", "compute.lambda_max.time"},
      {model + grid + "[compute]\nlambda_max = { time = 10.0, renorm = 20.0 }\n", "compute.lambda_max.renorm"},
      {model + grid + "[compute]\nlambda_max = { time = 10.0, blocks = 50 }\n", "compute.lambda_max.blocks"},
      {model + grid + "[compute]\nlambda_max = { time = 10.0, tolerance = 1 }\n", "compute.lambda_max.tolerance"},
      {model + grid + "[compute]\nftle = { time = 1.0, metric = \"manhattan\" }\n", "compute.ftle.metric"},
      {model + grid + "[compute]\nsection = { crossings = 5 }\n", "compute.section.plane"},
      {model + grid + "[compute]\nsection = { plane = \"th9 = 0\" }\n", "compute.section.plane"},
      {model + grid + compute + "[integrator]\nrtol = 0.0\n", "integrator.rtol"},
      {model + grid + compute + "[integrator]\nrtol = \"tight\"\n", "integrator.rtol"},
      {model + grid + compute + "[integrator]\nstepper = \"euler\"\n", "integrator.stepper"},
      {model + grid + compute + "[integrator]\nmax_steps = 1.5\n", "integrator.max_steps"},
      // Refused by the library's own checks, which name the job's key, not a CLI flag.
      {model + grid + compute + "[integrator]\nrtol = 2.0\n", "integrator.rtol"},
      {"[model]\nname = \"golf\"\nparams = \"no_such_set\"\n" + grid + compute, "model.params"},
      {model + grid + compute + "[output]\nformat = \"csv\"\n", "output.format"},
      {"[model]\nname = \"lorenz\"\n[grid]\nx = { linspace = [0.0, 1.0, 3] }\n[compute]\nendpoint_sensitivity = { time "
       "= 1.0 }\n",
       "compute.endpoint_sensitivity"},
      {"[model]\nname = \"lorenz\"\n[grid]\nenergy = { linspace = [0.0, 1.0, 3] }\n" + compute, "grid.energy"},
      {model + grid + compute + "[inputs]\ntorque = [1.0]\n", "inputs.torque"},
      {model + grid + compute + "[surprise]\n", "surprise"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    try {
      (void)parse_job(c.text, "bad.toml");
      FAIL("accepted a malformed job");
    } catch (const InputError& e) {
      CHECK(e.field() == c.field);
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  }
}

TEST_CASE("sweep job: a quantity needing links refuses a flow and names the mechanical models",
          "[sweep][job][errors]") {
  // The names come from the model list (models/model_list.hpp), not from a copy in each message.
  CHECK(mechanical_model_names() == "limb, golf, chain");
  const std::string lorenz = "[model]\nname = \"lorenz\"\n[grid]\n";
  for (const std::string& text : {lorenz + "x = [0.0, 1.0]\n[compute]\nbasin = { max_time = 1.0 }\n",
                                  lorenz + "x = [0.0, 1.0]\n[compute]\nendpoint_sensitivity = { time = 1.0 }\n",
                                  lorenz + "energy = [0.0, 1.0]\n[compute]\nlambda_max = { time = 1.0 }\n"}) {
    INFO(text);
    try {
      (void)parse_job(text, "flow.toml");
      FAIL("accepted a flow for a mechanical quantity");
    } catch (const InputError& e) {
      CHECK_THAT(e.what(), Catch::Contains("needs a mechanical model (limb, golf, chain), not lorenz"));
    }
  }
}

TEST_CASE("sweep job: the stepper follows the workload unless [integrator] names one", "[sweep][job][steppers]") {
  const Job plain = job_with_grid("th1 = [0.1, 0.2]", "[compute.section]\nplane = \"th1 = 0\"\n");
  CHECK_FALSE(plain.stepper_named);
  CHECK(plain.integrator_for(Workload::tangent_flow).stepper == StepperKind::rkf78);
  CHECK(plain.integrator_for(Workload::trajectory).stepper == StepperKind::dopri5);
  CHECK(stepper_description(plain) == "rkf78 (tangent flow), dopri5 (trajectories), by default");
  CHECK(workload_of(Quantity::orbit_class) == Workload::tangent_flow);
  CHECK(workload_of(Quantity::ftle) == Workload::tangent_flow);
  CHECK(workload_of(Quantity::basin) == Workload::trajectory);
  CHECK(workload_of(Quantity::final_state) == Workload::trajectory);

  const Job tangent_only = job_with_grid("th1 = [0.1, 0.2]");
  CHECK(stepper_description(tangent_only) == "rkf78 (tangent flow), by default");

  const Job named = job_with_grid("th1 = [0.1, 0.2]", "[integrator]\nstepper = \"dopri5\"\nrtol = 1e-9\n");
  CHECK(named.stepper_named);
  CHECK(named.integrator_for(Workload::tangent_flow).stepper == StepperKind::dopri5);
  CHECK(named.integrator_for(Workload::tangent_flow).rtol == 1e-9);
  CHECK(stepper_description(named) == "dopri5");
  // The fingerprint tells a default job from one naming the same steppers, so --resume refuses to mix them.
  CHECK(job_fingerprint(plain) != job_fingerprint(job_with_grid("th1 = [0.1, 0.2]",
                                                                "[compute.section]\nplane = \"th1 = 0\"\n"
                                                                "[integrator]\nstepper = \"rkf78\"\n")));
}

TEST_CASE("sweep job: each quantity is one unit of the list, read once into typed options",
          "[sweep][job][quantities]") {
  // The list follows the enumeration and names each quantity once.
  std::vector<std::string> names;
  for (const QuantityUnit* u : quantity_units()) {
    CHECK(&unit_of(u->quantity) == u);
    CHECK(quantity_name(u->quantity) == u->name);
    CHECK(std::find(names.begin(), names.end(), u->name) == names.end());
    names.push_back(u->name);
  }
  CHECK(names.size() == quantity_count);
  // The section plane is parsed when the job is read: the point evaluator only evaluates it.
  const Job s = job_with_grid("th1 = { linspace = [0.0, 1.0, 2] }",
                              "[compute.section]\nplane = \"th2 = 2*th1\"\ndirection = \"down\"\n");
  REQUIRE(s.compute.size() == 2);
  const ComputeSpec& section = s.compute[1];
  CHECK(section.quantity == Quantity::section);
  CHECK(section.options_as<SectionEntry>().direction == -1);
  CHECK(section.options_as<SectionEntry>().surface.evaluate(std::vector<double>{0.5, 3.0, 0.0, 0.0}) == 2.0);
  // The basin kind is an enumeration, and its variables follow it.
  const Job b =
      job_with_grid("th1 = { linspace = [0.0, 1.0, 2] }", "[compute.basin]\nkind = \"task\"\nthreshold = 3.5\n");
  CHECK(b.compute[1].options_as<BasinEntry>().kind == basins::BasinKind::task);
  const ResultsLayout layout = results_layout(b);
  CHECK(layout.find("basin_speed") >= 0);
  CHECK(layout.find("basin_label") == layout.find("basin_time") - 1);
  // The kind and the task threshold change what basin_label means, so they are part of the job:
  // a resume refuses a file written with another kind or threshold.
  const auto basin_job = [](const std::string& entry) {
    return job_fingerprint(job_with_grid("th1 = { linspace = [0.0, 1.0, 2] }", "[compute.basin]\n" + entry));
  };
  CHECK(basin_job("kind = \"task\"\nthreshold = 3.5\n") == job_fingerprint(b));
  CHECK(basin_job("kind = \"task\"\nthreshold = 4.0\n") != job_fingerprint(b));
  CHECK(basin_job("kind = \"flip\"\n") != job_fingerprint(b));
}

// Resume compares fingerprints line by line, so files written before each quantity had options of
// its own must still be accepted: these lines are what chaoskit 8937187 (one flat ComputeSpec)
// wrote into the results file of this job, taken from its job_fingerprint attribute.
TEST_CASE("job fingerprint: each quantity's line is the one files written before per-quantity options carry",
          "[sweep][job]") {
  const Job job = parse_job(R"([model]
name = "golf"
[grid]
th1 = { linspace = [0.3, 2.5, 2] }
[compute]
lambda_max = { time = 20.0, renorm = 0.5, blocks = 4 }
ftle = { time = 2.0, metric = "kinetic" }
orbit_class = { time = 20.0, max_time = 80.0, lambda_floor = 0.3 }
section = { plane = "th2 = 2*th1", direction = "down", crossings = 4, max_time = 30.0 }
basin = { kind = "flip", max_time = 5.0 }
)",
                            "fp.toml");
  const std::string fingerprint = job_fingerprint(job);
  for (const char* line :
       {"compute.lambda_max = time 0x1.4p+4, transient 0x0p+0, renorm 0x1p-1, blocks 4, metric euclidean, plane '', "
        "direction 1, crossings 100\n",
        "compute.ftle = time 0x1p+1, transient 0x0p+0, renorm 0x1p+0, blocks 10, metric kinetic, plane '', direction "
        "1, crossings 100\n",
        "compute.orbit_class = time 0x1.4p+4, transient 0x0p+0, renorm 0x1p+0, blocks 10, metric euclidean, plane '', "
        "direction 1, crossings 100, max_time 0x1.4p+6, lambda_floor 0x1.3333333333333p-2\n",
        "compute.section = time 0x1.ep+4, transient 0x0p+0, renorm 0x1p+0, blocks 10, metric euclidean, plane 'th2 = "
        "2*th1', direction -1, crossings 4\n",
        "compute.basin = time 0x1.4p+2, transient 0x0p+0, renorm 0x1p+0, blocks 10, metric euclidean, plane '', "
        "direction 1, crossings 100, kind flip, threshold nan\n"}) {
    INFO(line);
    CHECK(fingerprint.find(line) != std::string::npos);
  }
}
