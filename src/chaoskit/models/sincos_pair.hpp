#pragma once
// sin and cos of two angles at once, for the golf model's tangent rhs, the hot path of its λ_max
// maps: there libm's two sincos calls took 28 % of the run time (perf, rkf78 at 1e-9), and this
// pair, one 2-wide vector computation inlined into the rhs, made the integration 20 % faster
// (tools/bench/RESULTS.md has the benchmark).
//
// Method (Cody & Waite range reduction, Taylor polynomials): x = k π/2 + r with k = round(2x/π)
// and r = ((x − k P1) − k P2) − k P3, where P1 + P2 + P3 = π/2 to 1e-37 and P1, P2 carry 31 and 32
// significant bits, so k P1 and k P2 are exact for |k| < 2^21 (|x| < 3e6 rad); then on |r| ≤ π/4
//   sin r = r + r z (−1/3! + z (1/5! − … + z⁷/17!)),   z = r²,
//   cos r = 1 − z/2 + z² (1/4! − … + z⁶/16!)   (1 − z/2 rounded with its error carried),
// whose truncation errors (r¹⁹/19!, r¹⁸/18! < 1e-17) are far below rounding; the quadrant k mod 4
// swaps and negates them. Both angles go through the same operations as one 2-wide vector.
// Accuracy: within 2 ulp of the exact values (tests/models/test_sincos_pair.cpp measures the
// maximum against long double over 10⁶ arguments); libm's is under 1 ulp. Outside |x| < 1e6, or
// for non-finite x, std::sin and std::cos are used. The arithmetic is IEEE double only, so the
// results do not depend on the libm version.
#include <cmath>

namespace chaoskit {

namespace detail {
// Two doubles as one SSE2 register (GCC/Clang vector extension; other targets lower it to
// scalars). Constants written as {c, c} become one 16-byte load each.
typedef double Double2 __attribute__((vector_size(16)));

/// The reduction and the two polynomials on any vector of angles V (Double2 here, the lane type of
/// simd/lanes.hpp there): k = round(2x/π) as a double, and sin r, cos r of the reduced angle r. One
/// template so that every vector width performs the same operations in the same order and gives
/// the same bits per element. make(c) broadcasts a constant.
template <class V, class Make>
[[gnu::always_inline]] inline void sincos_reduced(const V& x, Make make, V& k, V& sr, V& cr) {
  constexpr double round_magic = 6755399441055744.0;  // 1.5 · 2^52: adding it rounds to an integer
  k = (x * make(0.63661977236758134308) + make(round_magic)) - make(round_magic);
  const V r =
      ((x - k * make(0x1.921fb54400000p+0)) - k * make(0x1.0b4611a600000p-34)) - k * make(0x1.3198a2e037073p-69);
  const V z = r * r;
  const V ps = make(-1.0 / 6.0) +
               z * (make(1.0 / 120.0) +
                    z * (make(-1.0 / 5040.0) +
                         z * (make(1.0 / 362880.0) +
                              z * (make(-1.0 / 39916800.0) +
                                   z * (make(1.0 / 6227020800.0) +
                                        z * (make(-1.0 / 1307674368000.0) + z * make(1.0 / 355687428096000.0)))))));
  const V pc =
      make(1.0 / 24.0) +
      z * (make(-1.0 / 720.0) +
           z * (make(1.0 / 40320.0) +
                z * (make(-1.0 / 3628800.0) + z * (make(1.0 / 479001600.0) + z * (make(-1.0 / 87178291200.0) +
                                                                                  z * make(1.0 / 20922789888000.0))))));
  sr = r + (r * z) * ps;
  const V hz = make(0.5) * z;
  const V w = make(1.0) - hz;
  cr = w + (((make(1.0) - w) - hz) + (z * z) * pc);
}

/// sin and cos of k π/2 + r from sin r and cos r: the quadrant k mod 4 swaps and negates them.
[[gnu::always_inline]] inline void place_quadrant(long q, double s, double c, double& sin_out, double& cos_out) {
  switch (q & 3) {
    case 0: sin_out = s, cos_out = c; break;
    case 1: sin_out = c, cos_out = -s; break;
    case 2: sin_out = -s, cos_out = -c; break;
    default: sin_out = -c, cos_out = s; break;
  }
}

/// Where the reduction is exact (see the file comment); elsewhere libm is used.
[[gnu::always_inline]] inline bool sincos_pair_in_range(double a, double b) {
  return __builtin_fabs(a) < 1e6 && __builtin_fabs(b) < 1e6;
}
}  // namespace detail

/// (sin a, cos a, sin b, cos b).
[[gnu::always_inline]] inline void sincos_pair(double a, double b, double& sa, double& ca, double& sb, double& cb) {
  if (!detail::sincos_pair_in_range(a, b)) {
    sa = std::sin(a), ca = std::cos(a), sb = std::sin(b), cb = std::cos(b);
    return;
  }
  using V = detail::Double2;
  V k, sr, cr;
  detail::sincos_reduced(
      V{a, b},
      [](double c) {
        return V{c, c};
      },
      k, sr, cr);
  detail::place_quadrant(static_cast<long>(k[0]), sr[0], cr[0], sa, ca);
  detail::place_quadrant(static_cast<long>(k[1]), sr[1], cr[1], sb, cb);
}

/// sin and cos of the two angles of a two-link model's state, for its hand-derived tangent rhs:
/// sincos_pair in double; std::sin and std::cos for any other scalar (the benchmark's counting
/// scalar). The lane type of simd/lanes.hpp has its own overload there (found by argument-dependent
/// lookup), the same polynomial per lane.
inline void sincos_two(double a, double b, double& sa, double& ca, double& sb, double& cb) {
  sincos_pair(a, b, sa, ca, sb, cb);
}
template <class S>
void sincos_two(const S& a, const S& b, S& sa, S& ca, S& sb, S& cb) {
  using std::cos;
  using std::sin;
  sa = sin(a), ca = cos(a), sb = sin(b), cb = cos(b);
}

}  // namespace chaoskit
