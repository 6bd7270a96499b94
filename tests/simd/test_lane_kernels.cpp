// simd/lane_megno.hpp and simd/lane_kernels.hpp against the scalar code they restate, bit for bit
// on random inputs, each lane with its own values: eigen_order_dot against Eigen's dot and
// squaredNorm at every state size of the model list (on vectors and on the columns of a state
// matrix, as MegnoSystem and ClassifierSystem call them), megno_rates against
// megno_quadrature_rates, and the TangentKernel (K = 1, 2, n), MegnoKernel and ClassifierKernel of
// every compiled model (the chains up to three links, see below) against TangentSystem, MegnoSystem
// and ClassifierSystem, with a different parameter set in each lane (LaneConstants).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <utility>

#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/models/chain.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/henon_heiles.hpp"
#include "chaoskit/models/limb.hpp"
#include "chaoskit/models/lorenz.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "lane_fixtures.hpp"

// The lane code compiled into this test for the baseline instruction set (two lanes), in a
// namespace of its own (lanes.hpp).
#define CHAOSKIT_LANE_ISA lane_kernels_test
#include "chaoskit/simd/lane_kernels.hpp"
#include "chaoskit/simd/lane_megno.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

constexpr int W = 2;
using L = simd::Lanes<W>;

/// lane_fixtures.hpp's spread over 2^-20 .. 2^20.
double spread(std::mt19937& rng) { return chaoskit::test::spread(rng, 20); }

/// eigen_order_dot against Eigen on n components, in both of the scalar path's forms: fixed-size
/// vectors (MegnoSystem's w and Aw) and columns of a fixed-size state matrix (ClassifierSystem's
/// X.col(1), dX.col(1)).
template <int n>
void check_dot(std::mt19937& rng) {
  INFO(n << " components");
  for (int trial = 0; trial < 200; ++trial) {
    Vec<double, n> a[W], b[W];
    Mat<double, n, 4> A[W], B[W];
    L al[n], bl[n];
    for (int l = 0; l < W; ++l) {
      for (int i = 0; i < n; ++i) {
        a[l](i) = spread(rng), b[l](i) = spread(rng);
        al[i].set(l, a[l](i)), bl[i].set(l, b[l](i));
      }
      A[l].setZero(), B[l].setZero();
      A[l].col(1) = a[l], B[l].col(1) = b[l];
    }
    const L dot = simd::eigen_order_dot<W, n>(al, bl), sq = simd::eigen_order_dot<W, n>(al, al);
    for (int l = 0; l < W; ++l) {
      CHECK(same_bits(dot[l], a[l].dot(b[l])));
      CHECK(same_bits(sq[l], a[l].squaredNorm()));
      CHECK(same_bits(dot[l], A[l].col(1).dot(B[l].col(1))));
      CHECK(same_bits(sq[l], A[l].col(1).squaredNorm()));
    }
  }
}

template <int n>
void check_megno_rates(std::mt19937& rng) {
  INFO(n << " components");
  constexpr int rows = n * megno_columns<n>;  // the quadratures' columns: L, P, Q and zeros
  std::uniform_real_distribution<double> time(-1.0, 100.0);
  for (int trial = 0; trial < 200; ++trial) {
    Vec<double, n> w[W], Aw[W];
    double q[W][3], t[W];
    L wl[n], Awl[n], ql[3], tl, rates[rows];
    for (int l = 0; l < W; ++l) {
      for (int i = 0; i < n; ++i) {
        w[l](i) = spread(rng), Aw[l](i) = spread(rng);
        wl[i].set(l, w[l](i)), Awl[i].set(l, Aw[l](i));
      }
      for (int i = 0; i < 3; ++i) q[l][i] = spread(rng), ql[i].set(l, q[l][i]);
      t[l] = trial % 10 == 0 ? 0.0 : time(rng);  // t = 0 takes Q̇'s other branch
      tl.set(l, t[l]);
    }
    for (int i = 0; i < rows; ++i) rates[i] = L(-1.0);  // megno_rates must overwrite every row
    simd::megno_rates<W, n>(wl, Awl, ql, tl, rates);
    for (int l = 0; l < W; ++l) {
      double want[rows] = {};
      megno_quadrature_rates(w[l], Aw[l], q[l], t[l], want);
      for (int i = 0; i < rows; ++i) CHECK(same_bits(rates[i][l], want[i]));
    }
  }
}

/// The lanes' state of `columns` columns from W scalar states, and back.
template <class State>
void to_lanes(const State* X, L* out) {
  for (int l = 0; l < W; ++l)
    for (int i = 0; i < State::SizeAtCompileTime; ++i) out[i].set(l, X[l](i));
}

/// One kernel against its scalar system on random states, times and input segments: lane l with
/// models[l]'s parameters (its lane_constants), the engine's model (models[0]) as the kernel's own.
template <class Kernel, class System, class M>
void check_kernel(const M (&models)[W], std::mt19937& rng, double state_scale) {
  constexpr int n = M::state_dim, m = M::input_dim;
  using State = typename System::State;
  static_assert(State::SizeAtCompileTime == Kernel::size);
  double c[W][M::lane_constant_count > 0 ? M::lane_constant_count : 1];
  for (int l = 0; l < W; ++l) models[l].lane_constants(c[l]);
  Kernel kernel(c[0]);
  kernel.set_constants(1, M::lane_constant_count > 0 ? c[1] : nullptr);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), time(0.0, 50.0);
  for (int trial = 0; trial < 30; ++trial) {
    State X[W], dX[W];
    L Xl[Kernel::size], dXl[Kernel::size], t;
    Vec<L, m> u;
    for (int l = 0; l < W; ++l) {
      for (int i = 0; i < State::SizeAtCompileTime; ++i) X[l](i) = unit(rng);
      X[l].col(0) *= state_scale;
      for (int i = 0; i < n; ++i) X[l](i, X[l].cols() - 1) *= 100.0;  // MEGNO's a, b (unused rows too)
      InputSegment seg;
      seg.ta = time(rng), seg.tb = seg.ta + 5.0;
      for (int i = 0; i < m; ++i) seg.u0[i] = 2.0 * unit(rng), seg.slope[i] = unit(rng);
      const double tl = trial % 7 == 0 ? 0.0 : seg.ta + 5.0 * (unit(rng) + 1.0) / 2.0;
      System sys{models[l]};
      sys.set_segment(seg);
      dX[l].setConstant(NAN);
      sys(X[l], dX[l], tl);
      t.set(l, tl);
      const Vec<double, m> ul = seg.template u<m>(tl);
      for (int i = 0; i < m; ++i) u(i).set(l, ul(i));
    }
    to_lanes(X, Xl);
    kernel(Xl, dXl, t, u);
    for (int l = 0; l < W; ++l)
      for (int i = 0; i < State::SizeAtCompileTime; ++i) {
        INFO("lane " << l << ", component " << i);
        CHECK(same_bits(dXl[i][l], dX[l](i)));
      }
  }
}

/// Every kernel of model type M: the tangent flow with 1, 2 and n vectors, MEGNO's and the
/// classifier's systems.
template <class M>
void check_kernels(const M (&models)[W], double state_scale) {
  constexpr int n = M::state_dim;
  std::mt19937 rng(20261209 + n);
  {
    INFO("tangent flow, K = 1");
    check_kernel<simd::TangentKernel<M, W, 1>, TangentSystem<M, 1>>(models, rng, state_scale);
  }
  {
    INFO("tangent flow, K = 2");
    check_kernel<simd::TangentKernel<M, W, 2>, TangentSystem<M, 2>>(models, rng, state_scale);
  }
  {
    INFO("tangent flow, K = n");
    check_kernel<simd::TangentKernel<M, W, n>, TangentSystem<M, n>>(models, rng, state_scale);
  }
  if constexpr (n >= 2) {
    INFO("MEGNO");
    check_kernel<simd::MegnoKernel<M, W>, MegnoSystem<M>>(models, rng, state_scale);
  }
  if constexpr (n >= 2) {
    INFO("classifier");
    check_kernel<simd::ClassifierKernel<M, W>, ClassifierSystem<M>>(models, rng, state_scale);
  }
}

/// A chain of N links whose links all differ; `scale` stretches the masses (a second parameter set).
ChainParams uneven_chain(int N, double scale) {
  ChainParams p;
  for (int i = 0; i < N; ++i) {
    p.L.push_back(0.9 - 0.1 * i);
    p.m.push_back(scale * (2.0 - 0.3 * i));
    p.r.push_back(0.4 - 0.03 * i);
    p.I.push_back(scale * (0.12 - 0.015 * i));
    p.b.push_back(0.02 * i);
  }
  p.g = 9.81;
  return p;
}

template <int N>
void check_chain() {
  INFO(N << " links");
  const ChainModel<N> models[W] = {ChainModel<N>(uneven_chain(N, 1.0)), ChainModel<N>(uneven_chain(N, 1.37))};
  check_kernels(models, 2.0);
}

}  // namespace

TEST_CASE("lane kernels: eigen_order_dot is Eigen's dot and squaredNorm, bit for bit, at every state size",
          "[simd][kernels]") {
  std::mt19937 rng(20261210);
  check_dot<2>(rng);  // a chain of one link
  check_dot<3>(rng);  // Lorenz, FileModel<3>
  check_dot<4>(rng);  // golf, limb, Hénon–Heiles, chains of two links, FileModel<4>
  check_dot<6>(rng);  // chains of three links, FileModel<6>
  check_dot<8>(rng);
  check_dot<10>(rng);  // chains of five links
}

TEST_CASE("lane kernels: megno_rates is megno_quadrature_rates, bit for bit", "[simd][kernels]") {
  std::mt19937 rng(20261211);
  check_megno_rates<2>(rng);
  check_megno_rates<3>(rng);
  check_megno_rates<4>(rng);
  check_megno_rates<6>(rng);
  check_megno_rates<8>(rng);
  check_megno_rates<10>(rng);
}

TEST_CASE("lane kernels: golf's and the limb's kernels are their scalar systems, bit for bit, per-lane parameters",
          "[simd][kernels]") {
  GolfParams golf = golf_params(read_param_file("golf_manufactured"));
  GolfParams golf2 = golf;
  golf2.m2 *= 1.3, golf2.r2 *= 0.9;
  const GolfModel golfs[W] = {GolfModel(golf), GolfModel(golf2)};
  check_kernels(golfs, 2.5);
  LimbParams limb = limb_params(read_param_file("limb_paper_reconstructed"));
  LimbParams limb2 = limb;
  limb2.m2 *= 0.8, limb2.C2 *= 1.1;
  const LimbModel limbs[W] = {LimbModel(limb), LimbModel(limb2)};
  check_kernels(limbs, 2.5);
}

TEST_CASE("lane kernels: Lorenz's and Hénon–Heiles' kernels are their scalar systems, bit for bit", "[simd][kernels]") {
  LorenzParams lorenz = lorenz_params(read_param_file("lorenz_classic"));
  LorenzParams lorenz2 = lorenz;
  lorenz2.rho = 19.5, lorenz2.sigma = 11.0;
  const LorenzModel lorenzes[W] = {LorenzModel(lorenz), LorenzModel(lorenz2)};
  check_kernels(lorenzes, 20.0);
  const HenonHeilesModel hh[W] = {HenonHeilesModel(), HenonHeilesModel()};
  check_kernels(hh, 0.4);
}

// One to three links: the chain's tangent (models/chain_tangent.hpp) is one template over the link
// count, and one link (two states) is its special case. Four and five links are left to
// test_lane_models.cpp, whose engines run them in every lane against the scalar driver, bit for
// bit: the tangent flow with one vector and MEGNO for both, with 2N vectors for five links. Their
// K = 2 and classifier kernels are not pinned on their own here: they are MEGNO's kernel template
// with another vector count, and the two chains cost 120 of this file's 190 CPU-seconds in the
// instrumented build that CI runs.
TEST_CASE("lane kernels: the chains' kernels are their scalar systems, bit for bit, one to three links",
          "[simd][kernels]") {
  check_chain<1>();
  check_chain<2>();
  check_chain<3>();
}
