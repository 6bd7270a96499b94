#pragma once
// MEGNO's quadrature rates on lanes, with the dot products summed in the order of the scalar
// path's Eigen reductions. Restates indicators/megno_quadratures.hpp's megno_quadrature_rates and
// the order in which Eigen's w.dot(Aw) and w.squaredNorm() add a fixed-size column's components
// (SSE2 packets of two doubles, completely unrolled at chaoskit's state sizes). Used by the
// compiled models' kernels (lane_kernels.hpp) and the model files' (lane_file_kernels.hpp).
// tests/simd/test_lane_kernels.cpp pins eigen_order_dot to Eigen's dot and squaredNorm and
// megno_rates to megno_quadrature_rates, bit for bit on random inputs, at every state size of the
// model list.
#include "chaoskit/indicators/megno_quadratures.hpp"
#include "chaoskit/simd/lanes.hpp"

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

/// Σ a_i b_i over packets Start .. Start+Length−1 of two components each, as the (even, odd)
/// halves of a two-wide packet: Eigen's completely unrolled SSE2 reduction (redux_vec_unroller),
/// which splits its packets in halves recursively and adds the halves' packets.
template <int W, int Start, int Length>
struct PairedSum {
  CHAOSKIT_LANE_INLINE static void run(const Lanes<W>* a, const Lanes<W>* b, Lanes<W>& even, Lanes<W>& odd) {
    if constexpr (Length == 1) {
      even = a[2 * Start] * b[2 * Start];
      odd = a[2 * Start + 1] * b[2 * Start + 1];
    } else {
      constexpr int half = Length / 2;
      Lanes<W> e1, o1, e2, o2;
      PairedSum<W, Start, half>::run(a, b, e1, o1);
      PairedSum<W, Start + half, Length - half>::run(a, b, e2, o2);
      even = e1 + e2;
      odd = o1 + o2;
    }
  }
};

/// a·b over n components, summed in the order the scalar path's Eigen reductions (w.dot(Aw),
/// w.squaredNorm() on fixed-size columns, SSE2 packets of two doubles, completely unrolled at these
/// sizes) use: the packets' recursive halving, the packet's two halves added, then the odd last
/// component. For four components, (p0 + p2) + (p1 + p3); for three, (p0 + p1) + p2.
template <int W, int n>
CHAOSKIT_LANE_INLINE Lanes<W> eigen_order_dot(const Lanes<W>* a, const Lanes<W>* b) {
  static_assert(n >= 2, "a state of at least two components");
  Lanes<W> even, odd;
  PairedSum<W, 0, n / 2>::run(a, b, even, odd);
  Lanes<W> sum = even + odd;
  if constexpr (n % 2 == 1) sum = sum + a[n - 1] * b[n - 1];
  return sum;
}

/// MEGNO's quadrature rates on lanes (megno_quadratures.hpp's megno_quadrature_rates) given the
/// quadratures q = (L, P, Q): L̇ = h = w·(A w)/|w|², Ṗ = L, Q̇ = P/t (L at t = 0), the dot
/// products summed in the scalar path's order (eigen_order_dot); the rest of the megno_columns
/// zero.
template <int W, int n>
CHAOSKIT_LANE_INLINE void megno_rates(const Lanes<W>* w, const Lanes<W>* Aw, const Lanes<W>* q, const Lanes<W>& t,
                                      Lanes<W>* rates) {
  using L = Lanes<W>;
  const L dot = eigen_order_dot<W, n>(w, Aw);
  const L sq = eigen_order_dot<W, n>(w, w);
  rates[0] = dot / sq;
  rates[1] = q[0];
  rates[2] = select<W>(t.v > 0.0, q[1] / t, q[0]);
  for (int i = 3; i < n * megno_columns<n>; ++i) rates[i] = L(0.0);
}

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
