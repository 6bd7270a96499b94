// Lanes with different model parameters in one engine (a sweep with parameter axes): each task
// brings its model's constants (simd::lane_constants_of), and each lane's bits are the scalar
// driver's for that lane's model, on every vector path, beside lanes of other models and alone in
// an engine built for yet another model. A task without constants gets the engine's model. And
// which jobs with parameter axes run on lanes: compiled models do, model files stay scalar.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sweep/job_reader.hpp"
#include "chaoskit/sweep/lane_scheduler.hpp"
#include "lane_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

/// λ_max of tasks[i] on models[i] in lanes against the scalar driver with models[i], every path.
/// The engines are built for `engine_model`, which none of the tasks uses.
template <class M>
void check_per_lane_models(const std::vector<M>& models, const M& engine_model,
                           const std::vector<Vec<double, M::state_dim>>& xs, const std::vector<InputSchedule>& inputs,
                           const LyapunovOptions& lo, const IntegratorOptions& io) {
  std::vector<LyapunovTask<1, M>> tasks;
  std::vector<LyapunovResult> scalar;
  std::vector<std::vector<double>> constants;
  for (std::size_t i = 0; i < models.size(); ++i) {
    tasks.emplace_back(models[i], xs[i], lo, io);
    scalar.push_back(lyapunov_exponents<1>(models[i], xs[i], inputs[i], lo, io));
    REQUIRE(scalar.back().report.ok());
    constants.push_back(simd::lane_constants_of(models[i]));
  }
  const AnyModel any(engine_model);
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, simd::LaneSystem::tangent1, io, path);
    REQUIRE(engine);
    const auto batch = run_in_lanes(*engine, tasks, inputs, M::input_dim, &constants);
    for (std::size_t i = 0; i < models.size(); ++i) {
      INFO("orbit " << i << " in a full batch of other models");
      check_same(batch[i], scalar[i]);
      auto solo_engine = simd::make_lane_engine(any, simd::LaneSystem::tangent1, io, path);
      const std::vector<std::vector<double>> own{constants[i]};
      INFO("alone");
      check_same(run_in_lanes(*solo_engine, std::vector{tasks[i]}, std::vector{inputs[i]}, M::input_dim, &own)[0],
                 scalar[i]);
    }
  }
}

}  // namespace

TEST_CASE("lanes: each lane integrates its own model's parameters, bit for bit (golf, Lorenz)",
          "[simd][lyapunov][parameters]") {
  const IntegratorOptions io = rkf78_at(1e-10);
  LyapunovOptions lo;
  lo.renorm = 1.0;
  lo.blocks = 4;
  {
    // Golf: the masses, a length and gravity differ per lane, so each of its five constants does.
    const GolfParams base = golf_params(read_param_file("golf_manufactured"));
    std::vector<GolfModel> models;
    std::vector<Vec<double, 4>> xs;
    std::vector<InputSchedule> inputs;
    for (int i = 0; i < 9; ++i) {  // not a multiple of any width
      GolfParams p = base;
      p.m2 = base.m2 * (0.6 + 0.15 * i);
      p.L1 = base.L1 * (1.0 + 0.05 * (i % 3));
      p.g = base.g * (i % 2 == 0 ? 1.0 : 0.9);
      models.emplace_back(p);
      xs.push_back(Vec<double, 4>(0.3 + 0.25 * i, -0.9 + 0.2 * i, 0.0, 0.0));
      inputs.push_back(i % 3 == 1 ? InputSchedule::constant({0.4, -0.1}) : InputSchedule(2));
    }
    lo.time = 30;
    INFO("golf");
    check_per_lane_models(models, GolfModel(base), xs, inputs, lo, io);
  }
  {
    const LorenzParams base = lorenz_params(read_param_file("lorenz_classic"));
    std::vector<LorenzModel> models;
    std::vector<Vec<double, 3>> xs;
    for (int i = 0; i < 5; ++i) {
      LorenzParams p = base;
      p.sigma = base.sigma + i, p.rho = base.rho + 4.0 * i, p.beta = base.beta * (1.0 - 0.05 * i);
      models.emplace_back(p);
      xs.push_back(Vec<double, 3>(1.0 + i, -2.0 + i, 20.0));
    }
    lo.time = 10;
    lo.renorm = 0.5;
    INFO("Lorenz");
    check_per_lane_models(models, LorenzModel(base), xs, std::vector<InputSchedule>(5, InputSchedule(0)), lo, io);
  }
}

TEST_CASE("lanes: a task without model constants integrates the engine's model", "[simd][lyapunov][parameters]") {
  // The tests of test_lane_engine.cpp run this way throughout; here the engine's model differs from
  // the default set, so a lane falling back to anything else would differ.
  GolfParams p = golf_params(read_param_file("golf_manufactured"));
  p.m2 *= 1.7;
  const GolfModel heavy(p);
  const IntegratorOptions io = rkf78_at(1e-10);
  LyapunovOptions lo;
  lo.time = 20;
  lo.renorm = 1.0;
  lo.blocks = 4;
  const Vec<double, 4> x0(1.9, -0.7, 0.0, 0.0);
  const LyapunovResult scalar = lyapunov_exponents<1>(heavy, x0, InputSchedule(2), lo, io);
  const AnyModel any(heavy);
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, simd::LaneSystem::tangent1, io, path);
    check_same(run_in_lanes(*engine, std::vector{LyapunovTask<1, GolfModel>(heavy, x0, lo, io)},
                            std::vector{InputSchedule(2)}, 2)[0],
               scalar);
  }
}

TEST_CASE("lanes: jobs with parameter axes run on lanes for compiled models, on the scalar driver for model files",
          "[simd][sweep][parameters]") {
  const simd::LanePath widest = simd::widest_supported_path();
  const std::string grid =
      "[grid]\nm2 = { list = [0.2, 0.3] }\nth1 = 1.0\nth2 = 0.5\ndth1 = 0.0\ndth2 = 0.0\n"
      "[compute]\nlambda_max = { time = 10 }\n";
  const sweep::Job builtin = sweep::parse_job("[model]\nname = \"golf\"\n" + grid, "golf_m2.toml");
  REQUIRE(builtin.has_parameter_axes());
  CHECK(sweep::job_uses_lanes(builtin, widest));
  CHECK_FALSE(sweep::job_uses_lanes(builtin, simd::LanePath::scalar));
  const std::string file = (data_directory() / "models" / "golf.toml").string();
  const sweep::Job from_file = sweep::parse_job("[model]\nname = \"" + file + "\"\n" + grid, "golf_file_m2.toml");
  REQUIRE(from_file.has_parameter_axes());
  CHECK_FALSE(sweep::job_uses_lanes(from_file, widest));
  // Without the axis the file's sweep is on lanes.
  const sweep::Job file_fixed =
      sweep::parse_job("[model]\nname = \"" + file +
                           "\"\n[grid]\nth1 = { list = [1.0, 2.0] }\nth2 = 0.5\ndth1 = 0.0\ndth2 = 0.0\n"
                           "[compute]\nlambda_max = { time = 10 }\n",
                       "golf_file.toml");
  CHECK(sweep::job_uses_lanes(file_fixed, widest));
}
