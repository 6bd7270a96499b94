// Lanes with different model parameters in one engine (a sweep with parameter axes): each task
// brings its model's constants (simd::lane_constants_of), and each lane's bits are the scalar
// driver's for that lane's model, on every vector path, beside lanes of other models and alone in
// an engine built for yet another model. A task without constants gets the engine's model. A model
// file's points carry their programs' constants, when their programs have the engine's code. And
// which jobs with parameter axes run on lanes: compiled models and model files.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sweep/engine/lane_scheduler.hpp"
#include "chaoskit/sweep/job/model_factory.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "lane_fixtures.hpp"
#include "support/build_paths.hpp"

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

/// Model files compiled from `path`'s set with `key` set to each of `values` (as a sweep's
/// ModelFactory makes a point's model).
template <int N>
std::vector<FileModel<N>> file_models(const std::string& path, const std::string& key,
                                      const std::vector<double>& values) {
  const sweep::ModelFactory factory(path, read_param_file(path));
  std::vector<FileModel<N>> models;
  for (double v : values) {
    const sweep::ModelFactory::Setting s{factory.field(key, -1), -1, v};
    models.push_back(std::get<FileModel<N>>(factory.make(std::span(&s, 1))));
  }
  return models;
}

std::string fixture(const std::string& name) {
  return (std::filesystem::path(chaoskit::test::test_dir()) / "simd" / name).string();
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

TEST_CASE("lanes: each lane integrates its own model file's [values], bit for bit (golf.toml)",
          "[simd][lyapunov][parameters][model_files]") {
  // Every point's program compiled from the file with its m2; all have the base program's code, so
  // one engine (built for the file's m2 = 0.4) runs them, each lane with its program's constants.
  const std::string golf = (data_directory() / "models" / "golf.toml").string();
  const auto base = std::get<FileModel<4>>(make_model(golf));
  const auto models = file_models<4>(golf, "m2", {0.15, 0.2, 0.25, 0.35, 0.45, 0.5, 0.55, 0.6, 0.65});
  std::vector<Vec<double, 4>> xs;
  std::vector<InputSchedule> inputs;
  for (std::size_t i = 0; i < models.size(); ++i) {
    CHECK(simd::lanes_run_as(AnyModel(base), AnyModel(models[i])));
    CHECK(models[i].program->constant_values() != base.program->constant_values());
    xs.push_back(Vec<double, 4>(0.3 + 0.25 * static_cast<double>(i), -0.9 + 0.2 * static_cast<double>(i), 0.0, 0.0));
    inputs.push_back(i % 3 == 1 ? InputSchedule::constant({0.4, -0.1}) : InputSchedule(2));
  }
  LyapunovOptions lo;
  lo.time = 20;
  lo.renorm = 1.0;
  lo.blocks = 4;
  check_per_lane_models(models, base, xs, inputs, lo, rkf78_at(1e-10));
}

TEST_CASE("lanes: a model file's programs for other [values] differ in their constants alone",
          "[simd][parameters][model_files]") {
  // The compiler's code depends on no value (model_compiler.cpp): |x|^p is a pow() call for every p,
  // 2 included (only the number 2 makes a product); a constant's register follows from what it was
  // folded from, so golf.toml's m2 = 0.3, where K2 = I2 + m2 r2² and 2 b = 2 m2 L1 r2 are both
  // 0.105, keeps them apart. Every point of a sweep over a file's values then shares the engines.
  const auto powers = file_models<4>(fixture("swept_power.toml"), "p", {2.0, 2.5, 3.0});
  for (const auto& m : powers) {
    CHECK(m.program->same_code_as(*powers[2].program));
    CHECK(simd::lanes_run_as(AnyModel(powers[2]), AnyModel(m)));
  }
  CHECK(powers[0].program->constant_values() != powers[2].program->constant_values());
  const std::string golf = (data_directory() / "models" / "golf.toml").string();
  const std::string limb = (data_directory() / "models" / "limb.toml").string();
  const auto golfs = file_models<4>(golf, "m2", {0.3, 0.35});
  CHECK(simd::lanes_run_as(make_model(golf), AnyModel(golfs[0])));
  CHECK(simd::lanes_run_as(make_model(golf), AnyModel(golfs[1])));
  // Another file, or another model type, never shares an engine (a point of it would be computed on
  // the scalar driver: LaneScheduler::begin_point).
  CHECK_FALSE(simd::lanes_run_as(make_model(golf), make_model(limb)));
  CHECK_FALSE(std::get<FileModel<4>>(make_model(golf))
                  .program->same_code_as(*std::get<FileModel<4>>(make_model(limb)).program));
  CHECK_FALSE(simd::lanes_run_as(AnyModel(powers[2]), make_model("golf")));
  // The p = 2 and p = 2.5 lanes in the p = 3 engine: the scalar bits of their own p.
  LyapunovOptions lo;
  lo.time = 20;
  lo.renorm = 1.0;
  check_per_lane_models(std::vector{powers[0], powers[1]}, powers[2],
                        {Vec<double, 4>(0.8, -0.4, 0.1, 0.0), Vec<double, 4>(1.1, 0.3, 0.0, -0.2)},
                        {InputSchedule(2), InputSchedule(2)}, lo, rkf78_at(1e-10));
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

TEST_CASE("lanes: jobs with parameter axes run on lanes, for compiled models and model files",
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
  CHECK(sweep::job_uses_lanes(from_file, widest));
  CHECK_FALSE(sweep::job_uses_lanes(from_file, simd::LanePath::scalar));
  // And without the axis.
  const sweep::Job file_fixed =
      sweep::parse_job("[model]\nname = \"" + file +
                           "\"\n[grid]\nth1 = { list = [1.0, 2.0] }\nth2 = 0.5\ndth1 = 0.0\ndth2 = 0.0\n"
                           "[compute]\nlambda_max = { time = 10 }\n",
                       "golf_file.toml");
  CHECK(sweep::job_uses_lanes(file_fixed, widest));
}
