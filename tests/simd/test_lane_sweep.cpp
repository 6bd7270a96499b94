// A sweep gives the same datasets on every vector path (CHAOSKIT_SIMD = scalar, sse2, avx2,
// avx512 where the CPU has it) and every thread count: lanes change how fast, never what. And the
// values the lanes compute for stm, ftle and endpoint_sensitivity are those of Ψ(T, 0) from the
// library's tangent flow (indicators/state_transition.hpp), on the scalar path and on lanes.
#include <catch2/catch.hpp>

#include <array>
#include <cstring>
#include <filesystem>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "../sweep/sweep_fixtures.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "support/build_paths.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {
/// `job_text` swept on every vector path and thread count: every dataset equal to the scalar
/// single-thread file's (or the first thread count's), and the file's vector_path the path's (so
/// that a job that fell back to the scalar driver fails here).
void check_job_identical_on_every_path(const std::string& job_text, const std::string& scratch,
                                       std::vector<int> thread_counts) {
  ScratchDir dir(scratch);
  const std::string job = write_job(dir, "lanes.toml", job_text);
  const simd::LanePath widest = simd::widest_supported_path();
  std::string reference;
  for (simd::LanePath path :
       {simd::LanePath::scalar, simd::LanePath::sse2, simd::LanePath::avx2, simd::LanePath::avx512}) {
    if (static_cast<int>(path) > static_cast<int>(widest)) continue;
    for (int threads : thread_counts) {
      const std::string name = simd::lane_path_name(path) + "_" + std::to_string(threads);
      INFO(name);
      const std::string out = dir.file(name + ".h5");
      // run_cli has no environment argument: the variable goes in front of the program's path.
      const ProcessResult p =
          run_command("CHAOSKIT_SIMD=" + simd::lane_path_name(path) + " " + chaoskit::test::cli_path() + " sweep " +
                      quote_arg(job) + " --out " + quote_arg(out) + " --force --threads " + std::to_string(threads) +
                      " --progress quiet");
      REQUIRE(p.exit_code == 0);
      io::ResultsStore store = io::ResultsStore::open_read(out);
      const auto attributes = store.root_attributes();
      REQUIRE(attributes.count("vector_path") == 1);
      CHECK(std::get<std::string>(attributes.at("vector_path")) == simd::lane_path_description(path));
      if (reference.empty()) {
        reference = out;
        continue;
      }
      std::string first_difference;
      const bool same = same_datasets(reference, out, first_difference);
      INFO("first difference: " << first_difference);
      CHECK(same);
    }
  }
}

/// The job below for `model` (a built-in's name or a model file's path) on every vector path and
/// thread count.
void check_identical_on_every_path(const std::string& model, const std::string& scratch,
                                   std::vector<int> thread_counts) {
  // Lane entries (orbit_class, adaptive; lambda_max with a transient; spectrum, SALI, MEGNO; Ψ for
  // stm and ftle at one time, shared, and for endpoint_sensitivity at another) beside scalar ones
  // (final_state), moments and a release time swept so that the lanes' input segments differ.
  check_job_identical_on_every_path(
      "[model]\nname = \"" + model +
          "\"\n[grid]\nth1 = { linspace = [0.4, 2.4, 4] }\nth2 = { list = [-1.2, 0.3, 1.9] }\n"
          "dth1 = 0.0\ndth2 = 0.0\ntau1 = { list = [0.0, 0.6] }\nrelease_tau1 = 13.3\n"
          "[compute]\norbit_class = { time = 30, max_time = 200, lambda_floor = 0.1 }\n"
          "lambda_max = { time = 40, transient = 5, renorm = 2, blocks = 4 }\nfinal_state = { time = 3 }\n"
          "spectrum = { time = 30 }\nsali = { time = 60 }\nmegno = { time = 60, renorm = 0.5 }\n"
          "ftle = { time = 14, metric = \"kinetic\" }\nstm = { time = 14 }\nendpoint_sensitivity = { time = 0.3 }\n"
          "[integrator]\nrtol = 1e-9\natol = 1e-9\n",
      scratch, std::move(thread_counts));
}
}  // namespace

TEST_CASE("lanes: a sweep's datasets are identical on every vector path and thread count", "[simd][sweep][cli]") {
  check_identical_on_every_path("golf", "lane_sweep", {1, 2});
}

TEST_CASE("lanes: a model file's sweep (golf.toml) is identical on every vector path and thread count",
          "[simd][sweep][cli][model_files]") {
  // Two threads only: thread-count independence is the engine's, shown by the built-in's test
  // above; what a file adds is its kernel on every path.
  check_identical_on_every_path((data_directory() / "models" / "golf.toml").string(), "lane_sweep_file", {2});
}

TEST_CASE("lanes: sweeps of model files of three and six states are identical on every vector path",
          "[simd][sweep][cli][model_files]") {
  // lorenz.toml (an ODE file, three states) and a three-link chain (mechanical, six states, a 3 × 3
  // mass matrix): every tangent-flow entry on lanes, the file's vector_path the lane path's.
  check_job_identical_on_every_path(
      "[model]\nname = \"" + (data_directory() / "models" / "lorenz.toml").string() +
          "\"\n[grid]\nx = { list = [-8.0, 1.0, 12.0] }\ny = { list = [-5.0, 3.0] }\nz = 27.0\n"
          "[compute]\nlambda_max = { time = 15, transient = 1, renorm = 0.5 }\nspectrum = { time = 8, renorm = 0.5 }\n"
          "sali = { time = 8 }\nmegno = { time = 8 }\nftle = { time = 2 }\norbit_class = { time = 10 }\n",
      "lane_sweep_lorenz_file", {2});
  check_job_identical_on_every_path(
      "[model]\nname = \"" +
          (std::filesystem::path(chaoskit::test::test_dir()) / "simd" / "chain3_absolute.toml").string() +
          "\"\n[grid]\na1 = { list = [0.5, 1.9] }\na2 = -0.6\na3 = { list = [0.2, 1.1] }\nda1 = 0.0\nda2 = 0.0\n"
          "da3 = 0.0\ntau2 = { list = [0.0, 0.4] }\n"
          "[compute]\nlambda_max = { time = 10, renorm = 0.5 }\nmegno = { time = 10 }\n"
          "orbit_class = { time = 10, max_time = 40, lambda_floor = 0.5 }\nftle = { time = 2 }\n"
          "endpoint_sensitivity = { time = 0.3 }\n",
      "lane_sweep_chain_file", {2});
}

TEST_CASE("lanes: Lorenz and Henon-Heiles sweeps are identical on every vector path", "[simd][sweep][cli][lorenz]") {
  // Two threads only (the golf test above shows thread-count independence); a few short orbits:
  // what these models add is their kernels. Lorenz's MEGNO too (three states: its rates sum an
  // odd number of components).
  check_job_identical_on_every_path(
      "[model]\nname = \"lorenz\"\n[grid]\nx = { list = [-8.0, 1.0, 12.0] }\ny = { list = [-5.0, 3.0] }\nz = 27.0\n"
      "[compute]\nlambda_max = { time = 15, transient = 1, renorm = 0.5 }\nspectrum = { time = 8, renorm = 0.5 }\n"
      "sali = { time = 8 }\nmegno = { time = 8 }\nftle = { time = 2 }\n",
      "lane_sweep_lorenz", {2});
  check_job_identical_on_every_path(
      "[model]\nname = \"henon_heiles\"\n[grid]\nx = { list = [0.0, 0.1, 0.3] }\ny = { list = [-0.2, 0.25] }\n"
      "px = 0.3\npy = 0.0\n"
      "[compute]\norbit_class = { time = 30, max_time = 200, lambda_floor = 0.1 }\n"
      "lambda_max = { time = 40, renorm = 1 }\nmegno = { time = 40 }\nspectrum = { time = 15 }\n",
      "lane_sweep_henon_heiles", {2});
}

TEST_CASE("lanes: sweeps over model parameters run on lanes, identical on every vector path",
          "[simd][sweep][cli][parameters]") {
  // Each point its own model: the lanes hold per-lane constants (the file's vector_path, checked
  // there, names the lane path, not the scalar fallback). Golf's two masses, and Lorenz's
  // ρ and σ, so that lanes of one register integrate different models.
  check_job_identical_on_every_path(
      "[model]\nname = \"golf\"\n[grid]\nm2 = { list = [0.2, 0.35] }\nm1 = { list = [1.0, 1.6] }\n"
      "th1 = { list = [0.7, 2.2] }\nth2 = -0.4\ndth1 = 0.0\ndth2 = 0.0\ntau1 = 0.5\n"
      "[compute]\nlambda_max = { time = 20, renorm = 1 }\norbit_class = { time = 30, max_time = 200, lambda_floor = "
      "0.1 }\n"
      "stm = { time = 2 }\nfinal_state = { time = 2 }\n",
      "lane_sweep_golf_parameters", {2});
  check_job_identical_on_every_path(
      "[model]\nname = \"lorenz\"\n[grid]\nrho = { list = [28.0, 45.0, 99.6] }\nsigma = { list = [10.0, 16.0] }\n"
      "x = 1.0\ny = { list = [-3.0, 1.0] }\nz = 20.0\n"
      "[compute]\nlambda_max = { time = 10, renorm = 0.5 }\nspectrum = { time = 5, renorm = 0.5 }\n",
      "lane_sweep_lorenz_parameters", {2});
}

TEST_CASE("lanes: sweeps over a model file's [values] run on lanes, identical on every vector path",
          "[simd][sweep][cli][parameters][model_files]") {
  // Each point its own program, compiled with its values; each lane holds its program's constants.
  // golf.toml over both masses (m2 = 0.3 makes two of its constants equal); swept_power.toml over an exponent p through
  // 2 and a coupling c through 0.3, a number the file also writes (neither changes the compiled code).
  check_job_identical_on_every_path("[model]\nname = \"" + (data_directory() / "models" / "golf.toml").string() +
                                        "\"\n[grid]\nm2 = { list = [0.2, 0.3] }\nm1 = { list = [1.0, 1.6] }\n"
                                        "th1 = { list = [0.7, 2.2] }\nth2 = -0.4\ndth1 = 0.0\ndth2 = 0.0\ntau1 = 0.5\n"
                                        "[compute]\nlambda_max = { time = 10, renorm = 1 }\nmegno = { time = 10 }\nstm "
                                        "= { time = 2 }\nfinal_state = { time = 2 }\n",
                                    "lane_sweep_golf_file_parameters", {2});
  check_job_identical_on_every_path(
      "[model]\nname = \"" +
          (std::filesystem::path(chaoskit::test::test_dir()) / "simd" / "swept_power.toml").string() +
          "\"\n[grid]\np = { list = [1.5, 2.0, 2.5, 3.0] }\nc = { list = [0.1, 0.3] }\n"
          "x = { list = [0.5, 1.2] }\ny = 0.3\npx = 0.0\npy = 0.2\n"
          "[compute]\nlambda_max = { time = 10, renorm = 1 }\nmegno = { time = 10 }\nftle = { time = 2 }\n",
      "lane_sweep_power_parameters", {2});
}

TEST_CASE("lanes: a sweep of a model with events (the knee stop, over its restitution) is identical on every path",
          "[simd][sweep][cli][model_events]") {
  // Each lane's task finds and applies its events (simd/lane_hybrid_tasks.hpp): an elastic stop's
  // impacts; a partly elastic one that rebounds and then locks, and a plastic one that locks at once
  // (a locked knee's task runs on the scalar driver). The file's vector_path is the lane path's.
  check_job_identical_on_every_path(
      "[model]\nname = \"" + (data_directory() / "models" / "limb_knee_stop.toml").string() +
          "\"\n[grid]\ne_knee = { list = [0.0, 0.6, 1.0] }\nth1 = { list = [1.2, 2.2] }\nth2 = { list = [0.3, 1.0] }\n"
          "dth1 = 0.0\ndth2 = 0.0\n"
          "[compute]\norbit_class = { time = 20, max_time = 100, lambda_floor = 0.2 }\nlambda_max = { time = 20 }\n"
          "sali = { time = 20 }\nmegno = { time = 20 }\nftle = { time = 3 }\n",
      "lane_sweep_knee_stop", {2});
}

TEST_CASE("lanes: an orbit diagram (the simplest walker's stride map over the slope) is identical on every path",
          "[simd][sweep][cli][model_events][orbit_diagram]") {
  // Each point's iterates run in a lane, one run per step of the map (indicators/event_map_iterates.hpp):
  // walkers that take all 30 steps, walkers that fall after a few, and walkers that never reach a heel
  // strike (the states need not lie on a gait).
  check_job_identical_on_every_path(
      "[model]\nname = \"" + (data_directory() / "models" / "simplest_walker.toml").string() +
          "\"\n[grid]\ngamma = { linspace = [0.012, 0.0195, 6] }\ntheta = 0.2\nphi = 0.4\n"
          "dtheta = { list = [-0.2, -0.02] }\ndphi = { list = [-0.0779, -0.0078] }\n"
          "[integrator]\nrtol = 1e-10\natol = 1e-10\n"
          "[compute]\norbit_diagram = { at_event = \"heel_strike\", transient = 20, iterates = 10, max_time = 20 }\n",
      "lane_sweep_orbit_diagram", {1, 2});
}

TEST_CASE("lanes: a three-link chain's sweep, over a mass too, is identical on every vector path",
          "[simd][sweep][cli][chain]") {
  // The chain's hand-derived tangent on lanes (models/chain_tangent.hpp), each lane with its own
  // second-link mass; stm, ftle and endpoint_sensitivity through Ψ(T, 0) with K = 6.
  check_job_identical_on_every_path(
      "[model]\nname = \"chain\"\nparams = \"chain3_uniform_rods\"\n[grid]\nm2 = { list = [0.8, 1.3] }\n"
      "th1 = { list = [0.5, 1.9] }\nth2 = -0.6\nth3 = { list = [0.2, 1.1] }\ndth1 = 0.0\ndth2 = 0.0\ndth3 = 0.0\n"
      "[compute]\nlambda_max = { time = 10, renorm = 0.5 }\nftle = { time = 2 }\nendpoint_sensitivity = { time = 0.3 "
      "}\n",
      "lane_sweep_chain", {2});
}

TEST_CASE("lanes: a sweep's stm, ftle and endpoint_sensitivity are Psi(T, 0) of the tangent flow, on every path",
          "[simd][sweep][stm][cli]") {
  ScratchDir dir("lane_sweep_stm");
  const std::string text =
      "[model]\nname = \"golf\"\n[grid]\nth1 = { list = [0.4, 1.7, 2.9] }\nth2 = { list = [-1.1, 0.3] }\n"
      "dth1 = 0.0\ndth2 = 0.5\ntau1 = 0.6\ntau2 = -0.2\nrelease_tau2 = 0.2\n"
      "[compute]\nstm = { time = 5 }\nftle = { time = 5 }\nendpoint_sensitivity = { time = 0.3 }\n";
  const std::string job_path = write_job(dir, "stm.toml", text);
  const sweep::Job job = sweep::parse_job(text, job_path);
  const GolfModel& golf = std::get<GolfModel>(job.base_model);
  const IntegratorOptions io = job.integrator_for(Workload::tangent_flow);
  CHECK(io.stepper == StepperKind::rkf78);  // the tangent flow's default, the lanes' stepper
  const simd::LanePath widest = simd::widest_supported_path();
  for (simd::LanePath path : {simd::LanePath::scalar, widest}) {
    INFO(simd::lane_path_name(path));
    const std::string out = dir.file(simd::lane_path_name(path) + ".h5");
    const ProcessResult p =
        run_command("CHAOSKIT_SIMD=" + simd::lane_path_name(path) + " " + chaoskit::test::cli_path() + " sweep " +
                    quote_arg(job_path) + " --out " + quote_arg(out) + " --progress quiet");
    REQUIRE(p.exit_code == 0);
    const io::ResultsStore s = io::ResultsStore::open_read(out);
    const auto stm = s.read("stm"), ftle_values = s.read("ftle"), speed = s.read("endpoint_speed");
    const auto position_gain = s.read("endpoint_position_gain"), velocity_gain = s.read("endpoint_velocity_gain");
    const auto status = s.read_status();
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = 0; j < 2; ++j) {
        const std::size_t k = i * 2 + j;
        INFO("point " << k);
        REQUIRE(status[k] == point_status::ok);
        const std::array<std::size_t, 2> index{i, j};
        const sweep::PointContext ctx = sweep::point_context(job, index);
        const Vec<double, 4> x0 = Eigen::Map<const Vec<double, 4>>(ctx.x0.data());
        const auto psi = state_transition_matrix(golf, x0, ctx.inputs, 5.0, io);
        REQUIRE(psi.report.ok());
        for (int r = 0; r < 4; ++r)
          for (int c = 0; c < 4; ++c)
            CHECK(same_bits(stm[k * 16 + static_cast<std::size_t>(r * 4 + c)], psi.stm(r, c)));
        CHECK(same_bits(ftle_values[k], ftle(golf, x0, psi.xT, psi.stm, 5.0, FtleMetric::euclidean)(0)));
        const auto swing = state_transition_matrix(golf, x0, ctx.inputs, 0.3, io);
        const EndpointSensitivity<4> e = endpoint_sensitivity(golf, swing.xT, swing.stm);
        CHECK(same_bits(speed[k], e.y.tail<2>().norm()));
        for (std::size_t g = 0; g < 2; ++g) {
          CHECK(same_bits(position_gain[k * 2 + g], e.sigma_position(static_cast<int>(g))));
          CHECK(same_bits(velocity_gain[k * 2 + g], e.sigma_velocity(static_cast<int>(g))));
        }
      }
  }
}
