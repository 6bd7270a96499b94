// The compiled models beyond golf and limb on lanes: Lorenz (three states, every system),
// Hénon–Heiles (every system) and the chains of 1 to
// 5 links (their hand-derived tangent, models/chain_tangent.hpp), each lane's bits
// against the scalar driver's on every vector path this CPU has, in a full batch with lanes
// refilled and alone. Small on purpose (a few orbits, tens of seconds of model time): the engine's
// control is tested at length with golf and limb (test_lane_engine.cpp); what a model adds here is
// its kernel, tangent_rhs_with on lanes, which these orbits exercise in every lane.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "chaoskit/params/param_sets.hpp"
#include "lane_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

/// Runs `tasks` in lanes on every path and compares each result with `scalar[i]` (the scalar
/// driver's), bit for bit; with `alone`, each task also alone in an engine of its own.
template <class Task, class Result>
void check_every_lane(const AnyModel& any, simd::LaneSystem system, const IntegratorOptions& io,
                      const std::vector<Task>& tasks, const std::vector<Result>& scalar, int input_dim, bool alone) {
  const std::vector<InputSchedule> inputs(tasks.size(), InputSchedule(input_dim));
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, system, io, path);
    REQUIRE(engine);
    const auto batch = run_in_lanes(*engine, tasks, inputs, input_dim);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      INFO("orbit " << i << " in a full batch");
      check_same(batch[i], scalar[i]);
      if (!alone) continue;
      auto solo_engine = simd::make_lane_engine(any, system, io, path);
      INFO("alone");
      check_same(run_in_lanes(*solo_engine, std::vector{tasks[i]}, std::vector{inputs[i]}, input_dim)[0], batch[i]);
    }
  }
}

/// States on and near the Lorenz attractor's range (x, y in ±15, z in 5..40).
std::vector<Vec<double, 3>> lorenz_states(int count) {
  std::mt19937 rng(20261204);
  std::uniform_real_distribution<double> xy(-15.0, 15.0), z(5.0, 40.0);
  std::vector<Vec<double, 3>> xs;
  for (int i = 0; i < count; ++i) xs.push_back(Vec<double, 3>(xy(rng), xy(rng), z(rng)));
  return xs;
}

/// Hénon–Heiles states below the escape energy 1/6, from near the origin (regular) to near the
/// escape energy (mostly chaotic).
std::vector<Vec<double, 4>> henon_heiles_states(int count) {
  const HenonHeilesModel hh;
  std::mt19937 rng(20261205);
  std::uniform_real_distribution<double> q(-0.45, 0.45), p(-0.4, 0.4);
  std::vector<Vec<double, 4>> xs;
  while (static_cast<int>(xs.size()) < count) {
    const Vec<double, 4> x(q(rng), q(rng), p(rng), p(rng));
    if (hh.energy(x) < 0.16) xs.push_back(x);
  }
  return xs;
}

}  // namespace

TEST_CASE("lanes: Lorenz's lambda_max, spectrum, SALI, MEGNO and orbit_class in every lane are the scalar path's",
          "[simd][lyapunov][lorenz]") {
  const LorenzModel lorenz(lorenz_params(read_param_file("lorenz_classic")));
  const AnyModel any(lorenz);
  CHECK(simd::has_lane_kernel(any));
  // Three states: MEGNO's rates sum an odd number of components (the last one after the packets).
  CHECK(simd::has_lane_kernel(any, simd::LaneSystem::megno));
  CHECK(simd::has_lane_kernel(any, simd::LaneSystem::classifier));
  const int count = 7;  // not a multiple of any width
  const auto xs = lorenz_states(count);
  const IntegratorOptions io = rkf78_at(1e-10);
  const InputSchedule none(0);
  LyapunovOptions lo;
  lo.time = 20;
  lo.transient = 1.5;
  lo.renorm = 0.5;
  lo.blocks = 4;
  lo.settle_tol = 0.05;  // some stop early, each at its own time
  lo.history_points = 10;
  {
    std::vector<LyapunovTask<1, LorenzModel>> tasks;
    std::vector<LyapunovResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(lorenz, x, lo, io);
      scalar.push_back(lyapunov_exponents<1>(lorenz, x, none, lo, io));
      REQUIRE(scalar.back().report.ok());
    }
    INFO("lambda_max");
    check_every_lane(any, simd::LaneSystem::tangent1, io, tasks, scalar, 0, true);
  }
  {
    LyapunovOptions lo3 = lo;
    lo3.time = 10;
    lo3.settle_tol = 0;
    std::vector<LyapunovTask<3, LorenzModel>> tasks;
    std::vector<LyapunovResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(lorenz, x, lo3, io);
      scalar.push_back(lyapunov_exponents<3>(lorenz, x, none, lo3, io));
    }
    INFO("spectrum");
    check_every_lane(any, simd::LaneSystem::tangent_full, io, tasks, scalar, 0, false);
  }
  {
    FastIndicatorOptions fo;
    fo.time = 10;
    fo.renorm = 0.25;
    fo.history_points = 10;
    std::vector<AlignmentTask<2, LorenzModel>> tasks;
    std::vector<AlignmentResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(x, fo);
      scalar.push_back(alignment_indices<2>(lorenz, x, none, fo, io));
    }
    INFO("SALI");
    check_every_lane(any, simd::LaneSystem::tangent2, io, tasks, scalar, 0, false);
  }
  {
    FastIndicatorOptions fo;
    fo.time = 10;
    fo.renorm = 0.25;
    std::vector<MegnoTask<LorenzModel>> tasks;
    std::vector<MegnoResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(x, fo);
      scalar.push_back(megno(lorenz, x, none, fo, io));
    }
    INFO("MEGNO");
    check_every_lane(any, simd::LaneSystem::megno, io, tasks, scalar, 0, false);
  }
  {
    OrbitClassOptions o;
    o.time = 10;
    std::vector<OrbitClassTask<LorenzModel>> tasks;
    std::vector<OrbitClassification> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(x, o);
      scalar.push_back(classify_orbit(lorenz, x, none, o, io));
    }
    INFO("orbit_class");
    check_every_lane(any, simd::LaneSystem::classifier, io, tasks, scalar, 0, false);
  }
}

TEST_CASE("lanes: Henon-Heiles' lambda_max, spectrum, SALI, MEGNO and orbit_class in every lane are the scalar path's",
          "[simd][lyapunov][classification][henon_heiles]") {
  const HenonHeilesModel hh;
  const AnyModel any(hh);
  const int count = 7;
  const auto xs = henon_heiles_states(count);
  const IntegratorOptions io = rkf78_at(1e-10);
  const InputSchedule none(0);
  LyapunovOptions lo;
  lo.time = 60;
  lo.renorm = 1.0;
  lo.blocks = 4;
  FastIndicatorOptions fo;
  fo.time = 60;
  fo.renorm = 0.5;
  fo.history_points = 12;
  {
    std::vector<LyapunovTask<1, HenonHeilesModel>> tasks;
    std::vector<LyapunovResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(hh, x, lo, io);
      scalar.push_back(lyapunov_exponents<1>(hh, x, none, lo, io));
      REQUIRE(scalar.back().report.ok());
    }
    INFO("lambda_max");
    check_every_lane(any, simd::LaneSystem::tangent1, io, tasks, scalar, 0, true);
  }
  {
    LyapunovOptions lo4 = lo;
    lo4.time = 20;
    std::vector<LyapunovTask<4, HenonHeilesModel>> tasks;
    std::vector<LyapunovResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(hh, x, lo4, io);
      scalar.push_back(lyapunov_exponents<4>(hh, x, none, lo4, io));
    }
    INFO("spectrum");
    check_every_lane(any, simd::LaneSystem::tangent_full, io, tasks, scalar, 0, false);
  }
  {
    std::vector<AlignmentTask<2, HenonHeilesModel>> tasks;
    std::vector<AlignmentResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(x, fo);
      scalar.push_back(alignment_indices<2>(hh, x, none, fo, io));
    }
    INFO("SALI");
    check_every_lane(any, simd::LaneSystem::tangent2, io, tasks, scalar, 0, false);
  }
  {
    std::vector<MegnoTask<HenonHeilesModel>> tasks;
    std::vector<MegnoResult> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(x, fo);
      scalar.push_back(megno(hh, x, none, fo, io));
    }
    INFO("MEGNO");
    check_every_lane(any, simd::LaneSystem::megno, io, tasks, scalar, 0, false);
  }
  {
    OrbitClassOptions o;
    o.time = 40;
    o.max_time = 200;  // the earliest regular verdict at a floor of 0.1 1/s is 188 s
    o.lambda_floor = 0.1;
    std::vector<OrbitClassTask<HenonHeilesModel>> tasks;
    std::vector<OrbitClassification> scalar;
    for (const auto& x : xs) {
      tasks.emplace_back(x, o);
      scalar.push_back(classify_orbit(hh, x, none, o, io));
    }
    INFO("orbit_class");
    check_every_lane(any, simd::LaneSystem::classifier, io, tasks, scalar, 0, true);
  }
}

namespace {

/// A chain of N links whose lengths, masses, inertias and damping all differ (the lanes' tests of
/// four and five links; the shipped sets have one to three).
ChainParams uneven_chain(int N) {
  ChainParams p;
  for (int i = 0; i < N; ++i) {
    p.L.push_back(0.9 - 0.1 * i);
    p.m.push_back(2.0 - 0.3 * i);
    p.r.push_back(0.4 - 0.03 * i);
    p.I.push_back(0.12 - 0.015 * i);
    p.b.push_back(0.02 * i);  // the first joint undamped
  }
  p.g = 9.81;
  return p;
}

/// λ_max of a chain of N links in every lane (alone too), from rest at spread angles, with
/// constant moments on some orbits; and, if `spectrum`, its full spectrum (K = 2N).
template <int N>
void check_chain(const ChainParams& params, bool spectrum) {
  const ChainModel<N> chain(params);
  const AnyModel any(chain);
  const int count = 5;
  std::mt19937 rng(20261206 + N);
  std::uniform_real_distribution<double> angle(-1.8, 1.8);
  std::vector<Vec<double, 2 * N>> xs;
  for (int i = 0; i < count; ++i) {
    Vec<double, 2 * N> x = Vec<double, 2 * N>::Zero();
    for (int k = 0; k < N; ++k) x(k) = angle(rng);
    xs.push_back(x);
  }
  const IntegratorOptions io = rkf78_at(1e-10);
  LyapunovOptions lo;
  lo.time = 8;
  lo.renorm = 0.5;
  lo.blocks = 4;
  std::vector<LyapunovTask<1, ChainModel<N>>> tasks;
  std::vector<LyapunovResult> scalar;
  for (const auto& x : xs) {
    tasks.emplace_back(chain, x, lo, io);
    scalar.push_back(lyapunov_exponents<1>(chain, x, InputSchedule(N), lo, io));
    REQUIRE(scalar.back().report.ok());
  }
  INFO(N << " links, lambda_max");
  check_every_lane(any, simd::LaneSystem::tangent1, io, tasks, scalar, N, true);
  {
    // MEGNO's rates sum 2N components in the scalar path's order (lane_engine.hpp's eigen_order_dot).
    FastIndicatorOptions fo;
    fo.time = 8;
    fo.renorm = 0.5;
    std::vector<MegnoTask<ChainModel<N>>> megno_tasks;
    std::vector<MegnoResult> megno_scalar;
    for (const auto& x : xs) {
      megno_tasks.emplace_back(x, fo);
      megno_scalar.push_back(megno(chain, x, InputSchedule(N), fo, io));
    }
    INFO("MEGNO");
    check_every_lane(any, simd::LaneSystem::megno, io, megno_tasks, megno_scalar, N, false);
  }
  if (!spectrum) return;
  lo.time = 3;
  std::vector<LyapunovTask<2 * N, ChainModel<N>>> full_tasks;
  std::vector<LyapunovResult> full_scalar;
  for (const auto& x : xs) {
    full_tasks.emplace_back(chain, x, lo, io);
    full_scalar.push_back(lyapunov_exponents<2 * N>(chain, x, InputSchedule(N), lo, io));
  }
  INFO("spectrum");
  check_every_lane(any, simd::LaneSystem::tangent_full, io, full_tasks, full_scalar, N, false);
}

}  // namespace

TEST_CASE("lanes: the chains' lambda_max (1 to 5 links), spectrum and orbit_class in every lane are the scalar path's",
          "[simd][lyapunov][chain]") {
  check_chain<1>(chain_params(read_param_file("chain1_damped_rod")), true);
  check_chain<2>(chain_params(read_param_file("chain2_damped_rods")), false);
  check_chain<3>(chain_params(read_param_file("chain3_uniform_rods")), true);
  check_chain<4>(uneven_chain(4), false);
  check_chain<5>(uneven_chain(5), true);
  // Two links, four states: the classifier too (MEGNO and two tangent vectors on lanes).
  const ChainModel<2> chain2(uneven_chain(2));
  OrbitClassOptions o;
  o.time = 20;
  o.max_time = 200;  // the earliest regular verdict at a floor of 0.1 1/s is 188 s
  o.lambda_floor = 0.1;
  const IntegratorOptions io = rkf78_at(1e-9);
  std::vector<OrbitClassTask<ChainModel<2>>> tasks;
  std::vector<OrbitClassification> scalar;
  for (const Vec<double, 4>& x :
       {Vec<double, 4>(0.4, 0.3, 0, 0), Vec<double, 4>(2.2, -1.9, 0, 0), Vec<double, 4>(1.2, 1.5, 0, 0)}) {
    tasks.emplace_back(x, o);
    scalar.push_back(classify_orbit(chain2, x, InputSchedule(2), o, io));
  }
  INFO("orbit_class, two links");
  check_every_lane(AnyModel(chain2), simd::LaneSystem::classifier, io, tasks, scalar, 2, false);
}
