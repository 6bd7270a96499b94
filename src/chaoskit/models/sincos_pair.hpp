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
}  // namespace detail

/// (sin a, cos a, sin b, cos b).
[[gnu::always_inline]] inline void sincos_pair(double a, double b, double& sa, double& ca, double& sb, double& cb) {
  if (!(std::abs(a) < 1e6 && std::abs(b) < 1e6)) {
    sa = std::sin(a), ca = std::cos(a), sb = std::sin(b), cb = std::cos(b);
    return;
  }
  using V = detail::Double2;
  constexpr auto v = [](double c) { return V{c, c}; };
  const V x{a, b};
  constexpr double round_magic = 6755399441055744.0;  // 1.5 · 2^52: adding it rounds to an integer
  const V k = (x * v(0.63661977236758134308) + v(round_magic)) - v(round_magic);
  const V r = ((x - k * v(0x1.921fb54400000p+0)) - k * v(0x1.0b4611a600000p-34)) - k * v(0x1.3198a2e037073p-69);
  const V z = r * r;
  const V ps =
      v(-1.0 / 6.0) +
      z * (v(1.0 / 120.0) +
           z * (v(-1.0 / 5040.0) +
                z * (v(1.0 / 362880.0) +
                     z * (v(-1.0 / 39916800.0) +
                          z * (v(1.0 / 6227020800.0) + z * (v(-1.0 / 1307674368000.0) + z * v(1.0 / 355687428096000.0)))))));
  const V pc = v(1.0 / 24.0) +
               z * (v(-1.0 / 720.0) +
                    z * (v(1.0 / 40320.0) +
                         z * (v(-1.0 / 3628800.0) +
                              z * (v(1.0 / 479001600.0) + z * (v(-1.0 / 87178291200.0) + z * v(1.0 / 20922789888000.0))))));
  const V sr = r + (r * z) * ps;
  const V hz = v(0.5) * z;
  const V w = v(1.0) - hz;
  const V cr = w + (((v(1.0) - w) - hz) + (z * z) * pc);
  auto place = [](long q, double s, double c, double& sin_out, double& cos_out) {
    switch (q & 3) {
      case 0: sin_out = s, cos_out = c; break;
      case 1: sin_out = c, cos_out = -s; break;
      case 2: sin_out = -s, cos_out = -c; break;
      default: sin_out = -c, cos_out = s; break;
    }
  };
  place(static_cast<long>(k[0]), sr[0], cr[0], sa, ca);
  place(static_cast<long>(k[1]), sr[1], cr[1], sb, cb);
}

}  // namespace chaoskit
