// simd/lane_rkf78.hpp against the scalar code it restates, bit for bit on random inputs, each lane
// with its own values: the row sums against explicit_rk.hpp's rk::advance and rk::weighted for
// every row of the tableau, the error norm against rk::error_norm (NaN and infinity included), one
// whole attempt on golf's tangent flow with inputs against rkf78::Stepper::attempt (x_new, the
// error estimate, its norm, the decision and the next step), and LaneStepRule (every lane at once)
// against rkf78::StepRule. The engine's control around them is pinned end to end by test_lane_engine.cpp.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <utility>

#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/integrate/explicit_rk.hpp"
#include "chaoskit/integrate/rkf78_stepper.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "lane_fixtures.hpp"

// The lane code compiled into this test for the baseline instruction set (two lanes), in a
// namespace of its own (lanes.hpp).
#define CHAOSKIT_LANE_ISA lane_rkf78_test
#include "chaoskit/simd/lane_kernels.hpp"
#include "chaoskit/simd/lane_rkf78.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

constexpr int kRkf78TestLanes = 2;
using L = simd::Lanes<kRkf78TestLanes>;

/// lane_fixtures.hpp's spread over 2^-12 .. 2^12.
double rkf78_spread(std::mt19937& rng) { return chaoskit::test::spread(rng, 12); }

template <int N>
Vec<double, N> spread_vec(std::mt19937& rng) {
  Vec<double, N> v;
  for (int i = 0; i < N; ++i) v(i) = rkf78_spread(rng);
  return v;
}

}  // namespace

TEST_CASE("lane rkf78: every row sum is rk::advance's and rk::weighted's, bit for bit", "[simd][rkf78]") {
  constexpr int N = 7;  // odd, and not a multiple of a packet
  constexpr int S = rkf78::kStages;
  using State = Vec<double, N>;
  std::mt19937 rng(20261205);
  for (int trial = 0; trial < 50; ++trial) {
    State x[kRkf78TestLanes];
    std::array<State, S> k[kRkf78TestLanes];
    double h[kRkf78TestLanes];
    L xl[N], kl[S][N], H;
    for (int l = 0; l < kRkf78TestLanes; ++l) {
      x[l] = spread_vec<N>(rng);
      for (int j = 0; j < S; ++j) k[l][j] = spread_vec<N>(rng);
      h[l] = std::abs(rkf78_spread(rng)) * (trial % 2 == 0 ? 1.0 : -1.0);
      H.set(l, h[l]);
      for (int i = 0; i < N; ++i) {
        xl[i].set(l, x[l](i));
        for (int j = 0; j < S; ++j) kl[j][i].set(l, k[l][j](i));
      }
    }
    const auto check = [&](const L* lanes, const State* scalar) {
      for (int l = 0; l < kRkf78TestLanes; ++l)
        for (int i = 0; i < N; ++i) CHECK(same_bits(lanes[i][l], scalar[l](i)));
    };
    [&]<int... I>(std::integer_sequence<int, I...>) {
      const auto row = [&]<int Row>(std::integral_constant<int, Row>) {
        INFO("row a[" << Row << "]");
        L out[N];
        State want[kRkf78TestLanes];
        simd::advance_row<rkf78::a[Row], N, kRkf78TestLanes>(out, xl, kl, H);
        for (int l = 0; l < kRkf78TestLanes; ++l) rk::advance<S, rkf78::a[Row]>(want[l], x[l], k[l], h[l]);
        check(out, want);
      };
      (row(std::integral_constant<int, I + 1>{}), ...);
    }
    (std::make_integer_sequence<int, S - 1>{});
    L out[N];
    State want[kRkf78TestLanes];
    simd::advance_row<rkf78::b, N, kRkf78TestLanes>(out, xl, kl, H);
    for (int l = 0; l < kRkf78TestLanes; ++l) rk::advance<S, rkf78::b>(want[l], x[l], k[l], h[l]);
    check(out, want);
    simd::weighted_row<rkf78::db, N, kRkf78TestLanes>(out, kl, H);
    for (int l = 0; l < kRkf78TestLanes; ++l) rk::weighted<S, rkf78::db>(want[l], k[l], h[l]);
    check(out, want);
  }
}

TEST_CASE("lane rkf78: the error norm is rk::error_norm's, bit for bit, NaN and infinity included", "[simd][rkf78]") {
  constexpr int N = 6;
  using State = Vec<double, N>;
  std::mt19937 rng(20261206);
  std::uniform_int_distribution<int> position(0, N - 1), kind(0, 5);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (int trial = 0; trial < 400; ++trial) {
    const double atol = std::ldexp(1.0, -20 - trial % 20), rtol = std::ldexp(1.0, -18 - trial % 23);
    State err[kRkf78TestLanes], x[kRkf78TestLanes], f[kRkf78TestLanes];
    double h[kRkf78TestLanes];
    L el[N], xl[N], fl[N], H;
    for (int l = 0; l < kRkf78TestLanes; ++l) {
      err[l] = spread_vec<N>(rng) * 1e-9, x[l] = spread_vec<N>(rng), f[l] = spread_vec<N>(rng);
      h[l] = rkf78_spread(rng);
      // Now and then a non-finite value somewhere: the norm must keep a NaN wherever it is.
      switch (kind(rng)) {
        case 0: err[l](position(rng)) = nan; break;
        case 1: x[l](position(rng)) = inf; break;
        case 2: f[l](position(rng)) = nan, err[l](position(rng)) = inf; break;
        default: break;
      }
      H.set(l, h[l]);
      for (int i = 0; i < N; ++i) el[i].set(l, err[l](i)), xl[i].set(l, x[l](i)), fl[i].set(l, f[l](i));
    }
    const L e = simd::error_norm<N, kRkf78TestLanes>(el, xl, fl, H, atol, rtol);
    for (int l = 0; l < kRkf78TestLanes; ++l)
      CHECK(same_bits(e[l], rk::error_norm(err[l], x[l], f[l], h[l], atol, rtol)));
  }
}

TEST_CASE("lane rkf78: LaneStepRule is rkf78::StepRule in every lane, bit for bit, after rejections too",
          "[simd][rkf78]") {
  // Each lane its own sequence of decisions (a rule per lane on the scalar side), both rules
  // called on the same vector step for lanes that reject and lanes that accept.
  std::mt19937 rng(20261207);
  std::uniform_real_distribution<double> log_err(-40.0, 12.0), log_h(-12.0, 1.0), coin(0.0, 1.0);
  rkf78::StepRule scalar[kRkf78TestLanes];
  simd::LaneStepRule<kRkf78TestLanes> lanes;
  for (int trial = 0; trial < 2000; ++trial) {
    L H, E, DT(-1.0);
    L::Mask reject{}, accept{};
    for (int l = 0; l < kRkf78TestLanes; ++l) {
      const double u = coin(rng);
      H.set(l, std::exp(log_h(rng)) * (coin(rng) < 0.1 ? -1.0 : 1.0));
      E.set(l, u < 0.05 ? 0.0 : u < 0.1 ? 1.0 : u < 0.12 ? std::nan("") : std::exp(log_err(rng)));
      (E[l] > 1.0 ? reject : accept)[l] = -1;
    }
    const L fac = simd::LaneStepRule<kRkf78TestLanes>::factor(E);
    const L decreased = lanes.decrease_step(reject, H, fac, DT);
    const L grown = lanes.increase_step(accept, H, E, fac);
    for (int l = 0; l < kRkf78TestLanes; ++l) {
      if (reject[l] != 0) {
        CHECK(same_bits(decreased[l], scalar[l].decrease_step(H[l], E[l])));
      } else {
        CHECK(same_bits(decreased[l], -1.0));  // the lanes that did not reject keep their step
        CHECK(same_bits(grown[l], scalar[l].increase_step(H[l], E[l])));
      }
      CHECK((lanes.after_reject[l] != 0) == scalar[l].after_reject);
    }
  }
}

TEST_CASE("lane rkf78: one attempt is rkf78::Stepper::attempt's, bit for bit (golf's tangent flow, inputs)",
          "[simd][rkf78]") {
  constexpr int K = 2, n = GolfModel::state_dim, m = GolfModel::input_dim, N = n * (1 + K);
  using System = TangentSystem<GolfModel, K>;
  using State = System::State;
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  double constants[GolfModel::lane_constant_count];
  golf.lane_constants(constants);
  const simd::TangentKernel<GolfModel, kRkf78TestLanes, K> kernel(constants);
  IntegratorOptions io = rkf78_at(1e-10);
  std::mt19937 rng(20261208);
  std::uniform_real_distribution<double> angle(-2.6, 2.6), rate(-3.0, 3.0), unit(-1.0, 1.0), time(0.0, 50.0);
  std::uniform_real_distribution<double> log_h(-9.0, 0.0);
  int rejected = 0, accepted = 0;
  for (int trial = 0; trial < 60; ++trial) {
    // Each lane its own state, segment, time and step (small to large: both decisions).
    State X[kRkf78TestLanes];
    InputSegment seg[kRkf78TestLanes];
    double t[kRkf78TestLanes], h[kRkf78TestLanes];
    L x[N], k[rkf78::kStages][N], xs[N], x_new[N], err[N], T, H, ta, u0[m], slope[m];
    for (int l = 0; l < kRkf78TestLanes; ++l) {
      X[l].col(0) << angle(rng), angle(rng), rate(rng), rate(rng);
      for (int i = 0; i < n * K; ++i) X[l](n + i) = unit(rng);
      t[l] = time(rng);
      h[l] = std::exp(log_h(rng));
      seg[l].ta = t[l] - 0.5, seg[l].tb = t[l] + 10.0;
      for (int i = 0; i < m; ++i) seg[l].u0[i] = 2.0 * unit(rng), seg[l].slope[i] = unit(rng);
      for (int i = 0; i < N; ++i) x[i].set(l, X[l](i));
      T.set(l, t[l]), H.set(l, h[l]), ta.set(l, seg[l].ta);
      for (int i = 0; i < m; ++i) u0[i].set(l, seg[l].u0[i]), slope[i].set(l, seg[l].slope[i]);
    }
    // The engine's right-hand side: the kernel with each lane's inputs at t (InputSegment::u).
    auto f = [&](const L* X_, L* dX, const L& t_) {
      Vec<L, m> u;
      for (int i = 0; i < m; ++i) u(i) = u0[i] + slope[i] * (t_ - ta);
      kernel(X_, dX, t_, u);
    };
    f(x, k[0], T);
    simd::rkf78_attempt<N, kRkf78TestLanes>(f, x, k, xs, T, H, x_new, err);
    const L e = simd::error_norm<N, kRkf78TestLanes>(err, x, k[0], H, io.atol, io.rtol);
    for (int l = 0; l < kRkf78TestLanes; ++l) {
      INFO("trial " << trial << ", lane " << l << ", h " << h[l]);
      System sys{golf};
      sys.set_segment(seg[l]);
      rkf78::Stepper<State> stepper(io);
      stepper.start(sys, X[l], t[l]);
      for (int i = 0; i < N; ++i) CHECK(same_bits(k[0][i][l], stepper.k[0](i)));
      double t_scalar = t[l], dt = h[l];
      State x_scalar;
      const rk::StepResult r = stepper.attempt(sys, X[l], t_scalar, x_scalar, dt);
      for (int i = 0; i < N; ++i) {
        CHECK(same_bits(x_new[i][l], x_scalar(i)));
        CHECK(same_bits(err[i][l], stepper.err(i)));
      }
      CHECK(same_bits(e[l], rk::error_norm(stepper.err, X[l], stepper.k[0], h[l], io.atol, io.rtol)));
      // The decision and the next step, as the engine takes them from the norm (Engine::decide).
      simd::LaneStepRule<kRkf78TestLanes> rule;
      L::Mask lane_only{};
      lane_only[l] = -1;
      const L fac = simd::LaneStepRule<kRkf78TestLanes>::factor(e);
      if (e[l] > 1.0) {
        ++rejected;
        CHECK(r == rk::StepResult::rejected);
        CHECK(same_bits(rule.decrease_step(lane_only, H, fac, L(0.0))[l], dt));
      } else {
        ++accepted;
        CHECK(r == rk::StepResult::accepted);
        CHECK(same_bits(t[l] + h[l], t_scalar));
        CHECK(same_bits(rule.increase_step(lane_only, H, e, fac)[l], dt));
      }
    }
  }
  CHECK(rejected > 10);  // both decisions were exercised
  CHECK(accepted > 10);
}
