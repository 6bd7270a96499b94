// The models beyond golf and limb on lanes: Lorenz (three states, every system), Hénon–Heiles
// (every system), the chains of 1 to 5 links (their hand-derived tangent, models/chain_tangent.hpp)
// and model files of three and six states (lorenz.toml; a three-link chain in the mechanical form),
// each lane's bits against the scalar driver's on every vector path this CPU has, in a full batch
// with lanes refilled and alone. Small on purpose (a few orbits, tens of seconds of model time): the engine's
// control is tested at length with golf and limb (test_lane_engine.cpp); what a model adds here is
// its kernel, tangent_rhs_with on lanes, which these orbits exercise in every lane.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "../support/model_files.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "lane_fixtures.hpp"
#include "support/build_paths.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

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

/// Lorenz's options for check_every_system: λ_max with a transient and early stops (each lane at
/// its own time), short spectrum, SALI, MEGNO and orbit_class runs.
EverySystemOptions lorenz_options() {
  EverySystemOptions o;
  o.lambda_max.time = 20;
  o.lambda_max.transient = 1.5;
  o.lambda_max.renorm = 0.5;
  o.lambda_max.blocks = 4;
  o.lambda_max.settle_tol = 0.05;  // some stop early, each at its own time
  o.lambda_max.history_points = 10;
  o.spectrum = o.lambda_max;
  o.spectrum.time = 10;
  o.spectrum.settle_tol = 0;
  o.sali.time = 10;
  o.sali.renorm = 0.25;
  o.sali.history_points = 10;
  o.megno.time = 10;
  o.megno.renorm = 0.25;
  o.orbit_class.time = 10;
  return o;
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
  check_every_system(lorenz, lorenz_states(count), std::vector<InputSchedule>(count, InputSchedule(0)), rkf78_at(1e-10),
                     lorenz_options());
}

TEST_CASE("lanes: Henon-Heiles' lambda_max, spectrum, SALI, MEGNO and orbit_class in every lane are the scalar path's",
          "[simd][lyapunov][classification][henon_heiles]") {
  const HenonHeilesModel hh;
  EverySystemOptions o;
  o.lambda_max.time = 60;
  o.lambda_max.renorm = 1.0;
  o.lambda_max.blocks = 4;
  o.spectrum = o.lambda_max;
  o.spectrum.time = 20;
  o.sali.time = 60;
  o.sali.renorm = 0.5;
  o.sali.history_points = 12;
  o.megno = o.sali;
  o.orbit_class.time = 40;
  o.orbit_class.max_time = 200;  // the earliest regular verdict at a floor of 0.1 1/s is 188 s
  o.orbit_class.lambda_floor = 0.1;
  o.orbit_class_alone = true;
  const int count = 7;
  check_every_system(hh, henon_heiles_states(count), std::vector<InputSchedule>(count, InputSchedule(0)),
                     rkf78_at(1e-10), o);
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
    // MEGNO's rates sum 2N components in the scalar path's order (lane_megno.hpp's eigen_order_dot).
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

// ---- model files of three and six states: the compiled program on lanes (lane_file_kernels.hpp) ---

namespace {

/// A three-link chain as a model file of six states (tests/simd/chain3_absolute.toml): a 3 × 3
/// mass matrix that the lanes solve by Cholesky, and three inputs.
std::string chain_file() {
  return (std::filesystem::path(chaoskit::test::test_dir()) / "simd" / "chain3_absolute.toml").string();
}

}  // namespace

TEST_CASE("lanes: model files of three states (lorenz.toml) run every system on lanes, the scalar path's bits",
          "[simd][lyapunov][classification][model_files]") {
  const auto lorenz = std::get<FileModel<3>>(make_model(shipped_model_file("lorenz")));
  const int count = 7;
  check_every_system(lorenz, lorenz_states(count), std::vector<InputSchedule>(count, InputSchedule(1)), rkf78_at(1e-10),
                     lorenz_options());
}

TEST_CASE("lanes: model files of six states (a three-link chain) run every system on lanes, the scalar path's bits",
          "[simd][lyapunov][classification][model_files]") {
  const auto file = std::get<FileModel<6>>(make_model(chain_file()));
  REQUIRE(file.mechanical());
  // The file is the chain: its α̈ is A q̈ of chain<3> at the same state (α = A q, A lower-triangular
  // ones) and joint moments, to rounding.
  const ChainModel<3> chain(uneven_chain(3));
  Mat<double, 3, 3> A;
  A << 1, 0, 0, 1, 1, 0, 1, 1, 1;
  std::mt19937 rng(20261207);
  std::uniform_real_distribution<double> angle(-2.5, 2.5), rate(-3.0, 3.0), moment(-2.0, 2.0);
  for (int k = 0; k < 5; ++k) {
    Vec<double, 6> q;
    for (int i = 0; i < 3; ++i) q(i) = angle(rng), q(3 + i) = rate(rng);
    const Vec<double, 3> tau(moment(rng), moment(rng), moment(rng));
    Vec<double, 6> alpha;
    alpha << A * q.head<3>(), A * q.tail<3>();
    const Vec<double, 3> file_acc = file.rhs<double>(alpha, tau, 0.0).tail<3>();
    const Vec<double, 3> chain_acc = A * chain.rhs<double>(q, tau, 0.0).tail<3>();
    INFO("state " << k);
    CHECK((file_acc - chain_acc).norm() <= 1e-12 * (1.0 + chain_acc.norm()));
  }
  // Spread angles at rest and with rates; no moments, constant moments, and a table with a release.
  const int count = 5;
  std::vector<Vec<double, 6>> xs;
  std::vector<InputSchedule> inputs;
  for (int i = 0; i < count; ++i) {
    Vec<double, 6> x;
    x << angle(rng), angle(rng), angle(rng), i % 2 ? rate(rng) : 0.0, 0.0, i % 3 ? 0.0 : rate(rng);
    xs.push_back(x);
    if (i % 3 == 0) {
      inputs.emplace_back(3);
    } else if (i % 3 == 1) {
      inputs.push_back(InputSchedule::constant({0.5, -0.3, 0.2 * i}));
    } else {
      InputSchedule s = InputSchedule::table({0.0, 1.3, 2.75}, {{0.0, 0.5, 0.1}, {1.5, -0.5, 0.0}, {-0.3, 0.2, 0.4}});
      s.set_release({InputSchedule::never, 4.7, InputSchedule::never});
      inputs.push_back(s);
    }
  }
  EverySystemOptions o;
  o.lambda_max.time = 8;
  o.lambda_max.renorm = 0.5;
  o.lambda_max.blocks = 4;
  o.spectrum = o.lambda_max;
  o.spectrum.time = 3;
  o.sali.time = 8;
  o.sali.renorm = 0.5;
  o.sali.history_points = 8;
  o.megno = o.sali;
  o.orbit_class.time = 10;
  o.orbit_class.max_time = 40;  // the earliest regular verdict at a floor of 0.5 1/s is 38 s
  o.orbit_class.lambda_floor = 0.5;
  check_every_system(file, xs, inputs, rkf78_at(1e-10), o);
}
