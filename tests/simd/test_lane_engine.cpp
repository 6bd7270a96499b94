// The lane engine (src/chaoskit/simd/) computes, for every trajectory, the bits the scalar driver
// computes: on every vector path this CPU has, alone or beside other trajectories, with lanes that
// finish early and are refilled, through input events, early stops and a failing step budget; for
// λ_max, the spectrum, SALI, MEGNO, orbit_class and Ψ(T, 0) (stm, ftle); for the built-in golf and
// limb and for model files, whose compiled program runs on lanes (simd/lane_program.hpp); Lorenz and
// Hénon–Heiles are in test_lane_models.cpp (the shared comparisons: lane_fixtures.hpp).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "../support/integrate_fixtures.hpp"
#include "../support/model_files.hpp"
#include "../support/scratch.hpp"
#include "chaoskit/core/instruction_set.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "chaoskit/models/model_program_passes.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "chaoskit/simd/lane_tasks.hpp"
#include "lane_fixtures.hpp"

#define CHAOSKIT_LANE_ISA lane_test
#include "chaoskit/simd/lanes.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

/// Rest states of a two-link model at angles spread over both signs and several energies, plus
/// released rates, so that regular, chaotic and undecided orbits share the lanes.
template <int n>
std::vector<Vec<double, n>> mixed_states(int count) {
  std::mt19937 rng(20261202);
  std::uniform_real_distribution<double> angle(-2.6, 2.6), rate(-1.5, 1.5);
  std::vector<Vec<double, n>> xs;
  for (int i = 0; i < count; ++i) {
    Vec<double, n> x;
    x << angle(rng), angle(rng), i % 3 == 0 ? rate(rng) : 0.0, i % 4 == 1 ? rate(rng) : 0.0;
    xs.push_back(x);
  }
  return xs;
}

/// Input schedules that differ by lane: none, constant moments, and a table with a release, whose
/// knots and release split the runs at times that are not sample times.
std::vector<InputSchedule> mixed_inputs(int count) {
  std::vector<InputSchedule> in;
  for (int i = 0; i < count; ++i) {
    if (i % 3 == 0) {
      in.emplace_back(2);
    } else if (i % 3 == 1) {
      in.push_back(InputSchedule::constant({0.4 * (i % 5) - 0.8, 0.1}));
    } else {
      InputSchedule s = InputSchedule::table({0.0, 3.3, 7.25}, {{0.0, 0.5}, {1.5, -0.5}, {-0.3, 0.2}});
      s.set_release({InputSchedule::never, 11.7});
      in.push_back(s);
    }
  }
  return in;
}

/// golf's (golf_manufactured) λ_max of each state, with its inputs, as lane tasks and on the scalar driver.
struct GolfLambda {
  GolfModel golf{golf_params(read_param_file("golf_manufactured"))};
  std::vector<LyapunovTask<1, GolfModel>> tasks;
  std::vector<LyapunovResult> scalar;
};
GolfLambda golf_lambda(const std::vector<Vec<double, 4>>& xs, const std::vector<InputSchedule>& inputs,
                       const LyapunovOptions& lo, const IntegratorOptions& io) {
  GolfLambda g;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    g.tasks.emplace_back(g.golf, xs[i], lo, io);
    g.scalar.push_back(lyapunov_exponents<1>(g.golf, xs[i], inputs[i], lo, io));
  }
  return g;
}

/// Those tasks in every path's lanes, in one batch and (`alone`) each alone, against the scalar driver.
void check_golf_lambda_in_lanes(const GolfLambda& g, const std::vector<InputSchedule>& inputs,
                                const IntegratorOptions& io, bool alone) {
  const AnyModel any(g.golf);
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, simd::LaneSystem::tangent1, io, path);
    const auto batch = run_in_lanes(*engine, g.tasks, inputs, 2);
    for (std::size_t i = 0; i < g.tasks.size(); ++i) {
      INFO("orbit " << i << " in a full batch");
      check_same(batch[i], g.scalar[i]);
      if (!alone) continue;
      auto solo_engine = simd::make_lane_engine(any, simd::LaneSystem::tangent1, io, path);
      const auto solo = run_in_lanes(*solo_engine, std::vector{g.tasks[i]}, std::vector{inputs[i]}, 2);
      INFO("alone");
      check_same(solo[0], batch[i]);
    }
  }
}

/// Ψ(T, 0) (the sweep's stm, ftle and endpoint_sensitivity) in lanes against the scalar driver,
/// bit for bit, and the FTLE in both metrics from it; in a full batch with lanes refilled (horizons
/// differ by lane) and each trajectory alone.
template <class M>
void check_state_transition(const M& model) {
  const int count = 13;  // not a multiple of any width
  const auto xs = mixed_states<4>(count);
  const auto inputs = mixed_inputs(count);  // moments, a table through 7.25 s and a release at 11.7 s
  const IntegratorOptions io = rkf78_at(1e-10);
  const double horizons[] = {0.3, 5.0, 14.0, 2.5, 9.1};  // the sweep's 0.3 s and 5 s among them
  std::vector<StateTransitionTask<M>> tasks;
  std::vector<StateTransitionResult<M>> scalar;
  for (int i = 0; i < count; ++i) {
    const double T = horizons[i % 5];
    tasks.emplace_back(xs[i], T, io);
    scalar.push_back(state_transition_matrix(model, xs[i], inputs[i], T, io));
    REQUIRE(scalar.back().report.ok());
  }
  const AnyModel any(model);
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, simd::LaneSystem::tangent_full, io, path);
    REQUIRE(engine);
    const auto batch = run_in_lanes(*engine, tasks, inputs, 2);
    for (int i = 0; i < count; ++i) {
      INFO("orbit " << i << " (T = " << scalar[i].T << " s) in a full batch");
      check_same(batch[i], scalar[i]);
      for (FtleMetric metric : {FtleMetric::euclidean, FtleMetric::kinetic}) {
        const Vec<double, 4> lanes = ftle(model, xs[i], batch[i].xT, batch[i].stm, batch[i].T, metric);
        const Vec<double, 4> ref = ftle(model, xs[i], scalar[i].xT, scalar[i].stm, scalar[i].T, metric);
        for (int k = 0; k < 4; ++k) CHECK(same_bits(lanes(k), ref(k)));
      }
      auto solo_engine = simd::make_lane_engine(any, simd::LaneSystem::tangent_full, io, path);
      const auto solo = run_in_lanes(*solo_engine, std::vector{tasks[i]}, std::vector{inputs[i]}, 2);
      INFO("alone");
      check_same(solo[0], batch[i]);
    }
  }
}

template <class M>
void check_orbit_classes(const M& model, int count = 19, double max_time = 400, double lambda_floor = 0.05) {
  // count 19: not a multiple of any width, so lanes run empty at the end. With the defaults,
  // regular verdicts come from 377 s: orbits end at 40, 80, 160, 320 or 400 s.
  const auto xs = mixed_states<4>(count);
  const auto inputs = mixed_inputs(count);
  const IntegratorOptions io = rkf78_at(1e-9);
  OrbitClassOptions o;
  o.time = 40;
  o.max_time = max_time;
  o.lambda_floor = lambda_floor;
  std::vector<OrbitClassTask<M>> tasks;
  std::vector<OrbitClassification> scalar;
  for (int i = 0; i < count; ++i) {
    tasks.emplace_back(xs[i], o);
    scalar.push_back(classify_orbit(model, xs[i], inputs[i], o, io));
  }
  int verdicts[3] = {0, 0, 0};
  for (const auto& r : scalar) ++verdicts[static_cast<int>(r.verdict)];
  INFO("regular, chaotic, undecided: " << verdicts[0] << ", " << verdicts[1] << ", " << verdicts[2]);
  const AnyModel any(model);  // the engine keeps a reference: it must outlive the engine
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, simd::LaneSystem::classifier, io, path);
    REQUIRE(engine);
    CHECK(engine->width() == simd::lane_width(path));
    const auto lanes = run_in_lanes(*engine, tasks, inputs, 2);
    for (int i = 0; i < count; ++i) {
      INFO("orbit " << i);
      check_same(lanes[i], scalar[i]);
    }
    const simd::LaneUsage u = engine->usage();
    CHECK(u.lane_steps > 0);
    CHECK(u.lane_steps <= u.steps * engine->width());
  }
}

}  // namespace

TEST_CASE("lanes: sin and cos per lane are sincos_pair's bits", "[simd]") {
  using L = simd::Lanes<2>;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> small(-10.0, 10.0), wide(-4e6, 4e6);
  const double specials[] = {0.0,
                             -0.0,
                             1e-300,
                             3.141592653589793,
                             -1.5707963267948966,
                             999999.9,
                             1e6,
                             2e7,
                             std::numeric_limits<double>::infinity(),
                             std::numeric_limits<double>::quiet_NaN()};
  auto check_pair = [](double a0, double b0, double a1, double b1) {
    L a, b, sa, ca, sb, cb;
    a.set(0, a0), a.set(1, a1), b.set(0, b0), b.set(1, b1);
    sincos_two(a, b, sa, ca, sb, cb);
    const double as[2] = {a0, a1}, bs[2] = {b0, b1};
    for (int i = 0; i < 2; ++i) {
      double s1, c1, s2, c2;
      sincos_pair(as[i], bs[i], s1, c1, s2, c2);
      CHECK(same_bits(sa[i], s1));
      CHECK(same_bits(ca[i], c1));
      CHECK(same_bits(sb[i], s2));
      CHECK(same_bits(cb[i], c2));
    }
  };
  for (int i = 0; i < 20000; ++i) check_pair(small(rng), small(rng), small(rng), i % 50 == 0 ? wide(rng) : small(rng));
  for (double s : specials) check_pair(s, 0.5, -0.25, s);  // a lane outside the range beside one inside
}

TEST_CASE("lanes: orbit_class in every lane is the scalar classification, bit for bit (golf)",
          "[simd][classification]") {
  check_orbit_classes(GolfModel(golf_params(read_param_file("golf_manufactured"))));
}

TEST_CASE("lanes: orbit_class in every lane is the scalar classification, bit for bit (limb)",
          "[simd][classification]") {
  check_orbit_classes(LimbModel(limb_params(read_param_file("limb_paper_reconstructed"))));
}

TEST_CASE("lanes: lambda_max with a transient and an early stop, alone and in a full batch (golf)",
          "[simd][lyapunov]") {
  const int count = 11;
  const auto xs = mixed_states<4>(count);
  const auto inputs = mixed_inputs(count);
  const IntegratorOptions io = rkf78_at(1e-10);
  LyapunovOptions lo;
  lo.time = 120;
  lo.transient = 7.5;  // not a multiple of renorm: the transient ends on a partial interval count
  lo.renorm = 2.0;
  lo.blocks = 6;
  lo.settle_tol = 0.02;  // some orbits stop early, at different times per lane
  lo.history_points = 30;
  const GolfLambda g = golf_lambda(xs, inputs, lo, io);
  int early = 0;
  for (const auto& r : g.scalar) early += r.stopped_early;
  INFO(early << " of " << count << " stopped early");
  check_golf_lambda_in_lanes(g, inputs, io, true);
}

TEST_CASE("lanes: a lane that exhausts its step budget fails alone, with the scalar status", "[simd][errors]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const int count = 6;
  const auto xs = mixed_states<4>(count);
  const std::vector<InputSchedule> inputs(count, InputSchedule(2));
  IntegratorOptions io = rkf78_at(1e-10);
  OrbitClassOptions o;
  o.time = 60;
  std::vector<OrbitClassTask<LimbModel>> tasks;
  std::vector<OrbitClassification> scalar;
  std::vector<long> budget;
  for (int i = 0; i < count; ++i) {
    // The budget differs per orbit, a fraction 0.5, 0.7, … 1.5 of the attempts the orbit needs:
    // the first three stop at max_steps, each at its own time, the others finish.
    const OrbitClassification unlimited = classify_orbit(limb, xs[i], inputs[i], o, io);
    IntegratorOptions lane_io = io;
    lane_io.max_steps =
        static_cast<long>((0.5 + 0.2 * i) * static_cast<double>(unlimited.report.accepted + unlimited.report.rejected));
    budget.push_back(lane_io.max_steps);
    tasks.emplace_back(xs[i], o);
    scalar.push_back(classify_orbit(limb, xs[i], inputs[i], o, lane_io));
  }
  // One engine has one budget: run each budget in its own engine, all lanes busy with copies.
  const AnyModel any(limb);
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    int failed = 0;
    for (int i = 0; i < count; ++i) {
      IntegratorOptions lane_io = io;
      lane_io.max_steps = budget[i];
      auto engine = simd::make_lane_engine(any, simd::LaneSystem::classifier, lane_io, path);
      const auto r = run_in_lanes(*engine, std::vector(3, tasks[i]), std::vector(3, inputs[i]), 2);
      for (const auto& ri : r) check_same(ri, scalar[i]);
      failed += r[0].report.status == IntegrationStatus::max_steps;
    }
    CHECK(failed == 3);
  }
}

TEST_CASE("lanes: a lane that blows up or turns beyond 1e6 rad ends or goes on alone, with the scalar bits",
          "[simd][errors]") {
  // Beside ordinary orbits: angles beyond the sin/cos polynomial's range (libm there, as in
  // sincos_pair), and moments that overflow the state, which the driver refuses (non-finite),
  // halving the step until dt_min ends the run: decisions Engine::decide takes for all lanes at once.
  const int count = 7;
  auto xs = mixed_states<4>(count);
  xs[1](0) = 3.0e7, xs[4](1) = -2.5e6;  // every evaluation of these lanes outside the range
  std::vector<InputSchedule> inputs(count, InputSchedule(2));
  inputs[2] = InputSchedule::constant({1e300, 0.0}), inputs[5] = InputSchedule::constant({0.0, -1e200});
  const IntegratorOptions io = rkf78_at(1e-10);
  LyapunovOptions lo;
  lo.time = 20;
  const GolfLambda g = golf_lambda(xs, inputs, lo, io);
  for (int i = 0; i < count; ++i) {
    INFO("orbit " << i);
    CHECK((g.scalar[i].report.status == IntegrationStatus::ok) == (i != 2 && i != 5));
  }
  check_golf_lambda_in_lanes(g, inputs, io, false);
}

TEST_CASE("lanes: CHAOSKIT_SIMD chooses a path and refuses what it cannot run", "[simd][errors]") {
  const simd::LanePath widest = simd::widest_supported_path();
  ::setenv("CHAOSKIT_SIMD", "scalar", 1);
  CHECK(simd::selected_lane_path() == simd::LanePath::scalar);
  ::setenv("CHAOSKIT_SIMD", "sse2", 1);
  CHECK(simd::selected_lane_path() == simd::LanePath::sse2);
  ::setenv("CHAOSKIT_SIMD", "avx3", 1);
  CHECK_THROWS_WITH(simd::selected_lane_path(), Catch::Contains("CHAOSKIT_SIMD") && Catch::Contains("avx3"));
  if (widest != simd::LanePath::avx512) {
    ::setenv("CHAOSKIT_SIMD", "avx512", 1);
    CHECK_THROWS_WITH(simd::selected_lane_path(), Catch::Contains("cannot run"));
  }
  ::unsetenv("CHAOSKIT_SIMD");
  CHECK(simd::selected_lane_path() == widest);
  CHECK(simd::lane_path_report().rfind(simd::lane_path_name(widest), 0) == 0);
  // Steppers other than rkf78 stay on the scalar driver (models without a lane kernel: the model
  // files' test below).
  IntegratorOptions dopri;
  dopri.stepper = StepperKind::dopri5;
  const AnyModel golf(GolfModel(golf_params(read_param_file("golf_manufactured"))));
  CHECK(simd::make_lane_engine(golf, simd::LaneSystem::tangent1, dopri, widest) == nullptr);
}

TEST_CASE("lanes: the spectrum, SALI and MEGNO in every lane are the scalar path's, bit for bit", "[simd][lyapunov]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const int count = 10;
  const auto xs = mixed_states<4>(count);
  const auto inputs = mixed_inputs(count);
  const IntegratorOptions io = rkf78_at(1e-10);
  FastIndicatorOptions fo;
  fo.time = 150;
  fo.renorm = 0.5;
  fo.history_points = 25;
  LyapunovOptions lo;
  lo.time = 60;
  lo.renorm = 1.0;
  lo.blocks = 5;
  const AnyModel any_limb(limb), any_golf(golf);
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    {
      std::vector<AlignmentTask<2, LimbModel>> tasks;
      for (int i = 0; i < count; ++i) tasks.emplace_back(xs[i], fo);
      auto engine = simd::make_lane_engine(any_limb, simd::LaneSystem::tangent2, io, path);
      const auto lanes = run_in_lanes(*engine, tasks, inputs, 2);
      int aligned = 0;
      for (int i = 0; i < count; ++i) {
        INFO("SALI, limb orbit " << i);
        const AlignmentResult r = alignment_indices<2>(limb, xs[i], inputs[i], fo, io);
        check_same(lanes[i], r);
        aligned += r.sali <= 1e-14;  // stopped early: fully aligned
      }
      INFO(aligned << " orbits aligned to 1e-14 and stopped early");
    }
    {
      std::vector<MegnoTask<GolfModel>> tasks;
      for (int i = 0; i < count; ++i) tasks.emplace_back(xs[i], fo);
      auto engine = simd::make_lane_engine(any_golf, simd::LaneSystem::megno, io, path);
      const auto lanes = run_in_lanes(*engine, tasks, inputs, 2);
      for (int i = 0; i < count; ++i) {
        INFO("MEGNO, golf orbit " << i);
        check_same(lanes[i], megno(golf, xs[i], inputs[i], fo, io));
      }
    }
    {
      std::vector<LyapunovTask<4, GolfModel>> tasks;
      for (int i = 0; i < count; ++i) tasks.emplace_back(golf, xs[i], lo, io);
      auto engine = simd::make_lane_engine(any_golf, simd::LaneSystem::tangent_full, io, path);
      const auto lanes = run_in_lanes(*engine, tasks, inputs, 2);
      for (int i = 0; i < count; ++i) {
        INFO("spectrum, golf orbit " << i);
        check_same(lanes[i], lyapunov_exponents<4>(golf, xs[i], inputs[i], lo, io));
      }
    }
  }
}

TEST_CASE("lanes: stm and ftle (Psi(T, 0)) in every lane are the scalar path's, bit for bit (golf with moments)",
          "[simd][stm]") {
  check_state_transition(GolfModel(golf_params(read_param_file("golf_manufactured"))));
}

TEST_CASE("lanes: stm and ftle (Psi(T, 0)) in every lane are the scalar path's, bit for bit (limb)", "[simd][stm]") {
  check_state_transition(LimbModel(limb_params(read_param_file("limb_paper_reconstructed"))));
}

// ---- model files: the compiled program on lanes (simd/lane_program.hpp) ---------------------------

namespace {

FileModel<4> file_model_4(const std::string& path) { return std::get<FileModel<4>>(make_model(path)); }

/// A four-state ODE file that runs every instruction the lanes restate: Hénon–Heiles with a small
/// force built from every function, comparison and logical operator, if(), time terms (computed
/// per lane: each lane has its own t) and two inputs. Every if() is continuous across its switch
/// (a jump in the rhs would stall the step control), and a little damping outweighs the force's
/// terms in the rates, so that its orbits stay near the origin.
const char* const kEveryInstruction = R"TOML(model = "ode"
states = ["x", "y", "px", "py"]
inputs = ["u1", "u2"]
[values]
eps = 0.02
[let]
r2 = "x^2 + y^2"
w = "eps*(atan(x) + tan(0.3*y) + asin(0.5*sin(x)) + acos(0.5*cos(y)) - pi/2 + exp(-r2) - 1 + log(2 + cos(x)) - log(3) + sqrt(1 + r2) - 1 + abs(x)*y + min(x, y) + max(px, py) + 0.1*wrap(3*x) + (1 + r2)^1.5 - 1 + atan2(y, 1 + r2) + if((x > y and not (x == y)) or (x > y and px <= py), x, y) + if(y >= 0 or x > 5, y^2, -y^2) + if(px != py, (px - py)^2, 0.0) + if(x < y, x, y) + sin(2*y) + cos(3*px) + sin(px)*cos(px) + sin(py)*cos(py) + sin(x + y)*cos(x + y) + sin(0.3*sin(0.3*sin(0.3*sin(0.3*x)))) + (x*py + y)) - 0.01*x/(2 + y)"
[derivatives]
x = "px"
y = "py"
px = "-x - 2*x*y + w - 0.05*px + 0.01*u1 + 0.005*cos(1.7*t)"
py = "-y - x^2 + y^2 + w*x - 0.05*py + 0.01*u2 - 0.004*sin(2.3*t)*exp(-t/50)"
)TOML";

/// States near the origin of kEveryInstruction's Hénon–Heiles part, with energies below its escape
/// energy 1/6 (the small force, off resonance, keeps them there over the tests' 80 s).
std::vector<Vec<double, 4>> small_states(int count) {
  std::mt19937 rng(20261203);
  std::uniform_real_distribution<double> q(-0.25, 0.25), p(-0.2, 0.2);
  std::vector<Vec<double, 4>> xs;
  for (int i = 0; i < count; ++i) xs.push_back(Vec<double, 4>(q(rng), q(rng), p(rng), p(rng)));
  return xs;
}

}  // namespace

TEST_CASE("lanes: model files of every size have lane engines for every system", "[simd][model_files]") {
  // Four states (golf, limb) and three (lorenz); six states: test_lane_models.cpp's chain file.
  for (const char* name : {"golf", "limb", "lorenz"}) {
    INFO(name);
    const AnyModel model = make_model(shipped_model_file(name));
    for (simd::LaneSystem system :
         {simd::LaneSystem::tangent1, simd::LaneSystem::tangent2, simd::LaneSystem::tangent_full,
          simd::LaneSystem::megno, simd::LaneSystem::classifier}) {
      CHECK(simd::has_lane_kernel(model, system));
      for (simd::LanePath path : runnable_paths()) CHECK(simd::make_lane_engine(model, system, rkf78_at(1e-9), path));
    }
  }
}

TEST_CASE("lanes: orbit_class of golf.toml and limb.toml in every lane is the scalar classification, bit for bit",
          "[simd][classification][model_files]") {
  // Fewer and shorter orbits than the built-ins' test: the interpreter is several times slower,
  // most of all under the sanitizers (this test took 318 s of CI's suite with the built-ins'
  // sizes). A floor of 0.1 1/s gives regular verdicts from about 190 s, so that orbits still end
  // at 40, 80, 160 or 200 s with all three verdicts.
  check_orbit_classes(file_model_4(shipped_model_file("golf")), 11, 200, 0.1);
  check_orbit_classes(file_model_4(shipped_model_file("limb")), 5, 200, 0.1);
}

TEST_CASE("lanes: stm and ftle (Psi(T, 0)) of golf.toml in every lane are the scalar path's, bit for bit",
          "[simd][stm][model_files]") {
  check_state_transition(file_model_4(shipped_model_file("golf")));
}

TEST_CASE("lanes: every instruction of a model file gives the scalar bits (every tangent-flow system)",
          "[simd][lyapunov][classification][model_files]") {
  const chaoskit::test::ScratchDir dir("lane_every_instruction");
  const std::filesystem::path path = dir.path / "model.toml";
  std::ofstream(path) << kEveryInstruction;
  const FileModel<4> model = file_model_4(path.string());
  // The optimised program holds every instruction the optimiser emits, each on the state (with
  // derivatives): every operation of core/instruction_set.hpp but an expression's leaves (constant,
  // variable), copy, sin and cos (which the passes drop or turn into sincos).
  {
    const ModelProgram::Layout program = model.program->layout();
    std::set<int> differentiated;
    for (int i = 0; i < program.code_size; ++i)
      if (program.code[i].dst < program.time_register) differentiated.insert(static_cast<int>(program.code[i].op));
    for (const OpInfo& info : kOps) {
      if (info.op == Op::constant || info.op == Op::variable || info.op == Op::copy || info.op == Op::sin ||
          info.op == Op::cos)
        continue;
      INFO("instruction " << info.name);
      CHECK(differentiated.count(static_cast<int>(info.op)) == 1);
    }
  }
  const int count = 11;
  EverySystemOptions o;
  o.lambda_max.time = 80;
  o.lambda_max.renorm = 1.0;
  o.lambda_max.blocks = 4;
  o.spectrum = o.lambda_max;
  o.sali.time = 80;
  o.sali.renorm = 0.5;
  o.sali.history_points = 20;
  o.megno = o.sali;
  o.orbit_class.time = 20;
  o.orbit_class.max_time = 80;  // the earliest regular verdict at a floor of 0.25 1/s is 75 s
  o.orbit_class.lambda_floor = 0.25;
  check_every_system(model, small_states(count), mixed_inputs(count), rkf78_at(1e-10), o);
}
