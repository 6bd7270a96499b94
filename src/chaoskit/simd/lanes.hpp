#pragma once
// Lanes<W>: W doubles in one vector register (W = 2 SSE2, 4 AVX2, 8 AVX-512), the scalar type of
// the lane engine (lane_engine.hpp), which integrates W trajectories at once, one per lane.
//
// Bits: every operation here is one IEEE-754 operation per element (+ − × ÷, |x|, comparisons,
// selection), never fused (the build sets -ffp-contract=off) and never approximated, so lane i of
// a result is, to the bit, the scalar operation on lane i's operands. Code templated on its scalar
// (the models' tangent_rhs, the Runge–Kutta sums) therefore computes in each lane exactly what it
// computes in double, provided it performs the same operations in the same order: sin and cos come
// from the same polynomial as the scalar sincos_pair (sincos_two below, models/sincos_pair.hpp).
//
// One binary, several instruction sets: this header is compiled into one translation unit per
// instruction set (the lane_models_<isa>.cpp and lane_files_<isa>.cpp that src/CMakeLists.txt writes
// from simd/instances/, each with its own -m flags).
// Everything in it lives in the inline namespace CHAOSKIT_LANE_ISA (sse2, avx2, avx512, or a
// test's name) and is always inlined, so every symbol the lane code creates, Eigen's instantiations
// on Lanes included, is distinct per instruction set, and the linker can never hand the SSE2 path
// a function compiled for AVX-512.
#ifndef CHAOSKIT_LANE_ISA
#error "define CHAOSKIT_LANE_ISA (the instruction set's namespace) before including simd/lanes.hpp"
#endif

#include <immintrin.h>
#include <cmath>

#include <Eigen/Core>

#include "chaoskit/models/sincos_pair.hpp"

#define CHAOSKIT_LANE_INLINE [[gnu::always_inline]] inline

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

/// The GCC vector type of W doubles (the attribute takes no template-dependent size).
template <int W>
struct RawLanes;
template <>
struct RawLanes<2> {
  typedef double type __attribute__((vector_size(16)));
};
template <>
struct RawLanes<4> {
  typedef double type __attribute__((vector_size(32)));
};
template <>
struct RawLanes<8> {
  typedef double type __attribute__((vector_size(64)));
};

template <int W>
struct Lanes {
  typedef typename RawLanes<W>::type Raw;
  typedef decltype(Raw{} < Raw{}) Mask;  // a comparison's result: all ones where true
  Raw v;

  CHAOSKIT_LANE_INLINE Lanes() : v{} {}
  CHAOSKIT_LANE_INLINE Lanes(double s) : v(broadcast(s)) {}  // implicit: the models' `2.0 * x`, S(0)
  CHAOSKIT_LANE_INLINE explicit Lanes(Raw r) : v(r) {}

  /// s in every lane (exactly: -0.0 stays -0.0, which 0 + s would not keep).
  CHAOSKIT_LANE_INLINE static Raw broadcast(double s) {
    Raw r;
    for (int i = 0; i < W; ++i) r[i] = s;
    return r;
  }
  CHAOSKIT_LANE_INLINE double operator[](int i) const { return v[i]; }
  CHAOSKIT_LANE_INLINE void set(int i, double s) { v[i] = s; }

  CHAOSKIT_LANE_INLINE Lanes& operator+=(const Lanes& b) {
    v += b.v;
    return *this;
  }
  CHAOSKIT_LANE_INLINE Lanes& operator-=(const Lanes& b) {
    v -= b.v;
    return *this;
  }
  CHAOSKIT_LANE_INLINE Lanes& operator*=(const Lanes& b) {
    v *= b.v;
    return *this;
  }
  CHAOSKIT_LANE_INLINE Lanes& operator/=(const Lanes& b) {
    v /= b.v;
    return *this;
  }
};

template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator+(const Lanes<W>& a, const Lanes<W>& b) {
  return Lanes<W>(a.v + b.v);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator-(const Lanes<W>& a, const Lanes<W>& b) {
  return Lanes<W>(a.v - b.v);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator*(const Lanes<W>& a, const Lanes<W>& b) {
  return Lanes<W>(a.v * b.v);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator/(const Lanes<W>& a, const Lanes<W>& b) {
  return Lanes<W>(a.v / b.v);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator-(const Lanes<W>& a) {
  return Lanes<W>(-a.v);
}
// With a double on either side: the double is broadcast (exactly) and the operation is per lane.
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator+(const Lanes<W>& a, double b) {
  return Lanes<W>(a.v + b);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator-(const Lanes<W>& a, double b) {
  return Lanes<W>(a.v - b);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator*(const Lanes<W>& a, double b) {
  return Lanes<W>(a.v * b);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator/(const Lanes<W>& a, double b) {
  return Lanes<W>(a.v / b);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator+(double a, const Lanes<W>& b) {
  return Lanes<W>(a + b.v);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator-(double a, const Lanes<W>& b) {
  return Lanes<W>(a - b.v);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator*(double a, const Lanes<W>& b) {
  return Lanes<W>(a * b.v);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> operator/(double a, const Lanes<W>& b) {
  return Lanes<W>(a / b.v);
}

/// |a| per lane: the sign bit cleared, as std::abs(double) does.
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> abs(const Lanes<W>& a) {
  using M = typename Lanes<W>::Mask;
  return Lanes<W>(
      reinterpret_cast<typename Lanes<W>::Raw>(reinterpret_cast<M>(a.v) & ~reinterpret_cast<M>(Lanes<W>(-0.0).v)));
}

/// The square root per lane, correctly rounded (sqrtpd), as std::sqrt(double) is.
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> sqrt(const Lanes<W>& a) {
  if constexpr (W == 8)
    return Lanes<W>(_mm512_mask_sqrt_pd(a.v, 0xff, a.v));  // (GCC 12's _mm512_sqrt_pd warns of an unset operand)
  else if constexpr (W == 4)
    return Lanes<W>(_mm256_sqrt_pd(a.v));
  else
    return Lanes<W>(_mm_sqrt_pd(a.v));
}

/// where ? a : b per lane.
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> select(typename Lanes<W>::Mask where, const Lanes<W>& a, const Lanes<W>& b) {
  return Lanes<W>(where ? a.v : b.v);
}

/// True in lanes where a is finite (a − a is 0 there, NaN for ±inf and NaN).
template <int W>
CHAOSKIT_LANE_INLINE typename Lanes<W>::Mask finite_mask(const Lanes<W>& a) {
  return (a.v - a.v) == 0.0;
}

/// True when every lane of the mask is set: the halves folded together (log2 W vector ands), then
/// the last two lanes read, instead of a compare and a branch per lane.
template <int W>
CHAOSKIT_LANE_INLINE bool all_lanes(typename Lanes<W>::Mask m) {
  if constexpr (W == 8) {
    return all_lanes<4>(__builtin_shufflevector(m, m, 0, 1, 2, 3) & __builtin_shufflevector(m, m, 4, 5, 6, 7));
  } else if constexpr (W == 4) {
    return all_lanes<2>(__builtin_shufflevector(m, m, 0, 1) & __builtin_shufflevector(m, m, 2, 3));
  } else {
    static_assert(W == 2);
    return (m[0] & m[1]) != 0;
  }
}

/// sin and cos of k π/2 + r per lane from sin r and cos r (models/sincos_pair.hpp's place_quadrant,
/// without a branch per lane): q = k mod 4 is read from the low mantissa bits of k + 1.5·2^52 (exact
/// for integral |k| < 2^51, and the same residue as static_cast<long>(k) & 3); odd q swaps sin and
/// cos, q = 2, 3 negate the sine, q = 1, 2 the cosine (negation only flips the sign bit).
template <int W>
CHAOSKIT_LANE_INLINE void place_quadrant(const Lanes<W>& k, const Lanes<W>& sr, const Lanes<W>& cr, Lanes<W>& s,
                                         Lanes<W>& c) {
  using M = typename Lanes<W>::Mask;
  const M q = reinterpret_cast<M>((k + 6755399441055744.0).v) & 3;
  const M swap = (q & 1) != 0, negate_sin = (q & 2) != 0, negate_cos = ((q + 1) & 2) != 0;
  const Lanes<W> s0 = select<W>(swap, cr, sr), c0 = select<W>(swap, sr, cr);
  s = select<W>(negate_sin, -s0, s0);
  c = select<W>(negate_cos, -c0, c0);
}

/// sin and cos of two angles per lane: the polynomial of models/sincos_pair.hpp on the lanes of a,
/// then on those of b, each element through the same operations as sincos_pair's; lanes where
/// sincos_pair would use libm (|a| or |b| ≥ 1e6, or not finite) use libm here too.
template <int W>
CHAOSKIT_LANE_INLINE void sincos_two(const Lanes<W>& a, const Lanes<W>& b, Lanes<W>& sa, Lanes<W>& ca, Lanes<W>& sb,
                                     Lanes<W>& cb) {
  using L = Lanes<W>;
  const auto make = [](double c) { return L(c); };
  L ka, sra, cra, kb, srb, crb;
  chaoskit::detail::sincos_reduced(a, make, ka, sra, cra);
  chaoskit::detail::sincos_reduced(b, make, kb, srb, crb);
  place_quadrant(ka, sra, cra, sa, ca);
  place_quadrant(kb, srb, crb, sb, cb);
  // sincos_pair_in_range per lane; libm where either angle is outside (rare: a blow-up).
  const typename L::Mask in_range = (abs(a).v < 1e6) & (abs(b).v < 1e6);
  if (all_lanes<W>(in_range)) [[likely]]
    return;
  for (int i = 0; i < W; ++i) {
    if (in_range[i] != 0) continue;
    sa.set(i, std::sin(a[i])), ca.set(i, std::cos(a[i])), sb.set(i, std::sin(b[i])), cb.set(i, std::cos(b[i]));
  }
}

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd

namespace Eigen {
/// Lanes as an Eigen scalar, for the fixed-size vectors the models' tangent_rhs takes.
template <int W>
struct NumTraits<chaoskit::simd::Lanes<W>> : NumTraits<double> {
  using Real = chaoskit::simd::Lanes<W>;
  using NonInteger = chaoskit::simd::Lanes<W>;
  using Nested = chaoskit::simd::Lanes<W>;
  using Literal = chaoskit::simd::Lanes<W>;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 1,
    MulCost = 1
  };
};
}  // namespace Eigen
