#pragma once
// A compiled model file (models/model_program.hpp) run on W trajectories at once, one per lane: the
// dual-number pass and the mechanical form's solve of models/model_program.cpp restated on
// Lanes<W>, instruction for instruction, so that each lane computes the bits rhs_tangent computes
// for its trajectory alone (tests/simd/test_lane_file_models.cpp compares them). Where the scalar
// pass branches on a value (a product's factor that is zero in chain_rule, min, max, abs, select,
// a mass matrix that is not positive definite) both sides are computed and each lane takes its
// own; sin and cos are chaoskit's polynomial per lane (libm beyond its range, as sincos_pair); the
// functions chaoskit has no polynomial for (pow, tan, the inverse trigonometric functions, exp,
// log, remainder) call libm lane by lane. A change to model_program.cpp's arithmetic must be made
// here too: the tests fail otherwise.
//
// Included only by the lane_files_<isa>.cpp written from simd/instances/lane_files.cpp.in: the
// rules of lanes.hpp hold (everything inline is in the instruction set's namespace or always
// inlined; the program is read from the plain arrays of ModelProgram::Layout, never through an
// inline function the rest of chaoskit also uses). That is why the switches here restate the
// scalar evaluator (core/apply_op.hpp) instead of calling it, over the same operations
// (core/instruction_set.hpp's Op): an enum is a type, not code, so sharing it is safe where
// sharing apply_op, compiled once with AVX-512 flags and once without, would not be.
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/model_program_passes.hpp"
#include "chaoskit/simd/lanes.hpp"

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

namespace program_lanes {

using Instr = ModelProgram::Instr;

template <int W>
using Mask = typename Lanes<W>::Mask;

/// cond ? 1.0 : 0.0 per lane (the scalar comparisons' and logic's values).
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> truth(Mask<W> cond) {
  return select<W>(cond, Lanes<W>(1.0), Lanes<W>(0.0));
}

/// f(a) per lane through libm.
template <int W, class F>
CHAOSKIT_LANE_INLINE Lanes<W> each(const Lanes<W>& a, F f) {
  Lanes<W> r;
  for (int i = 0; i < W; ++i) r.set(i, f(a[i]));
  return r;
}
template <int W, class F>
CHAOSKIT_LANE_INLINE Lanes<W> each(const Lanes<W>& a, const Lanes<W>& b, F f) {
  Lanes<W> r;
  for (int i = 0; i < W; ++i) r.set(i, f(a[i], b[i]));
  return r;
}

/// sin and cos of one angle per lane, as model_program.cpp's sin_cos (sincos_pair of (a, a)):
/// chaoskit's polynomial where |a| < 1e6, libm elsewhere (non-finite angles included).
template <int W>
CHAOSKIT_LANE_INLINE void sin_cos(const Lanes<W>& a, Lanes<W>& s, Lanes<W>& c) {
  using L = Lanes<W>;
  L k, sr, cr;
  chaoskit::detail::sincos_reduced(
      a, [](double v) { return L(v); }, k, sr, cr);
  place_quadrant(k, sr, cr, s, c);
  const Mask<W> in_range = abs(a).v < 1e6;
  if (all_lanes<W>(in_range)) [[likely]]
    return;
  for (int i = 0; i < W; ++i)
    if (in_range[i] == 0) s.set(i, __builtin_sin(a[i])), c.set(i, __builtin_cos(a[i]));
}

/// model_program.cpp's wrap_angle per lane: the remainder by 2π, in (−π, π].
CHAOSKIT_LANE_INLINE double wrap_angle(double a) {
  constexpr double pi = 3.141592653589793238462643383279502884;
  a = __builtin_remainder(a, 2.0 * pi);
  if (a <= -pi) a += 2.0 * pi;
  return a;
}

/// The value of a one-output instruction (core/apply_op.hpp's apply_op per lane).
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> apply(Op op, const Lanes<W>& a, const Lanes<W>& b, const Lanes<W>& c) {
  using L = Lanes<W>;
  switch (op) {
    case Op::mul_add: return a * b + c;
    case Op::add_mul: return c + a * b;
    case Op::mul_sub: return a * b - c;
    case Op::sub_mul: return c - a * b;
    case Op::copy: return a;
    case Op::neg: return -a;
    case Op::add: return a + b;
    case Op::sub: return a - b;
    case Op::mul: return a * b;
    case Op::div: return a / b;
    case Op::pow: return each<W>(a, b, [](double x, double y) { return __builtin_pow(x, y); });
    case Op::lt: return truth<W>(a.v < b.v);
    case Op::le: return truth<W>(a.v <= b.v);
    case Op::gt: return truth<W>(a.v > b.v);
    case Op::ge: return truth<W>(a.v >= b.v);
    case Op::eq: return truth<W>(a.v == b.v);
    case Op::ne: return truth<W>(a.v != b.v);
    case Op::land: return truth<W>((a.v != 0.0) & (b.v != 0.0));
    case Op::lor: return truth<W>((a.v != 0.0) | (b.v != 0.0));
    case Op::lnot: return truth<W>(a.v == 0.0);
    case Op::sin: {
      L s, co;
      sin_cos<W>(a, s, co);
      return s;
    }
    case Op::cos: {
      L s, co;
      sin_cos<W>(a, s, co);
      return co;
    }
    case Op::tan: return each<W>(a, [](double x) { return __builtin_tan(x); });
    case Op::asin: return each<W>(a, [](double x) { return __builtin_asin(x); });
    case Op::acos: return each<W>(a, [](double x) { return __builtin_acos(x); });
    case Op::atan: return each<W>(a, [](double x) { return __builtin_atan(x); });
    case Op::atan2: return each<W>(a, b, [](double x, double y) { return __builtin_atan2(x, y); });
    case Op::exp: return each<W>(a, [](double x) { return __builtin_exp(x); });
    case Op::log: return each<W>(a, [](double x) { return __builtin_log(x); });
    case Op::sqrt: return each<W>(a, [](double x) { return __builtin_sqrt(x); });
    case Op::abs: return abs(a);
    case Op::min: return select<W>(b.v < a.v, b, a);  // std::min(a, b)
    case Op::max: return select<W>(a.v < b.v, b, a);  // std::max(a, b)
    case Op::wrap: return each<W>(a, [](double x) { return wrap_angle(x); });
    case Op::select: return select<W>(a.v != 0.0, b, c);
    default: return L(__builtin_nan(""));
  }
}

/// One instruction on values only (model_program.cpp's run_value).
template <int W>
CHAOSKIT_LANE_INLINE void run_value(const Instr& in, Lanes<W>* reg) {
  const Lanes<W> a = reg[in.a], b = reg[in.b], c = reg[in.c];
  switch (in.op) {
    case Op::sincos: sin_cos<W>(a, reg[in.dst], reg[in.dst + 1]); return;
    case Op::sincos2: sin_cos<W>(a, reg[in.dst], reg[in.dst + 1]), sin_cos<W>(b, reg[in.c], reg[in.c + 1]); return;
    default: reg[in.dst] = apply<W>(in.op, a, b, c); return;
  }
}

// chain_rule of model_program.cpp, d = ga da + gb db over the K directions with the term gb db
// left out where gb is 0: in three forms, by what is known of gb at compile time.
/// gb is 0: d = ga da.
template <int W, int K>
CHAOSKIT_LANE_INLINE void chain(Lanes<W>* d, const Lanes<W>& ga, const Lanes<W>* da) {
  for (int j = 0; j < K; ++j) d[j] = ga * da[j];
}
/// gb is a nonzero constant: d = ga da + gb db.
template <int W, int K>
CHAOSKIT_LANE_INLINE void chain(Lanes<W>* d, const Lanes<W>& ga, const Lanes<W>* da, const Lanes<W>& gb,
                                const Lanes<W>* db) {
  for (int j = 0; j < K; ++j) d[j] = ga * da[j] + gb * db[j];
}
/// gb depends on the values: each lane takes the form its gb calls for.
template <int W, int K>
CHAOSKIT_LANE_INLINE void chain_either(Lanes<W>* d, const Lanes<W>& ga, const Lanes<W>* da, const Lanes<W>& gb,
                                       const Lanes<W>* db) {
  const Mask<W> zero = gb.v == 0.0;
  for (int j = 0; j < K; ++j) {
    const Lanes<W> t = ga * da[j];
    d[j] = select<W>(zero, t, t + gb * db[j]);
  }
}

/// A product and its sum or difference (model_program.cpp's multiply_add): t = a b with the
/// product's derivative, then the sum's or the difference's, direction by direction.
template <int W, int K, Op F>
CHAOSKIT_LANE_INLINE Lanes<W> multiply_add(const Instr& in, const Lanes<W>* reg, const Lanes<W>* der, int V,
                                           const Lanes<W>& a, const Lanes<W>& b, const Lanes<W>* da, const Lanes<W>* db,
                                           Lanes<W>* d) {
  using L = Lanes<W>;
  const L c = reg[in.c];
  const L* dc = der + (in.c < V ? in.c : V) * K;
  const Mask<W> a_zero = a.v == 0.0;
  for (int j = 0; j < K; ++j) {
    const L bda = b * da[j];
    const L dt = select<W>(a_zero, bda, bda + a * db[j]);
    if constexpr (F == Op::mul_add)
      d[j] = dt + dc[j];
    else if constexpr (F == Op::add_mul)
      d[j] = dc[j] + dt;
    else if constexpr (F == Op::mul_sub)
      d[j] = L(1.0) * dt + L(-1.0) * dc[j];
    else
      d[j] = L(1.0) * dc[j] + L(-1.0) * dt;
  }
  const L t = a * b;
  if constexpr (F == Op::mul_add)
    return t + c;
  else if constexpr (F == Op::add_mul)
    return c + t;
  else if constexpr (F == Op::mul_sub)
    return t - c;
  else
    return c - t;
}

/// The dual-number pass (model_program.cpp's dual_pass) with K directions: values of every
/// register, derivatives of the registers below V = the time register (every other register reads
/// slot V, which is zero).
template <int W, int K>
CHAOSKIT_LANE_INLINE void dual_pass(const ModelProgram::Layout& p, Lanes<W>* reg, Lanes<W>* der) {
  using L = Lanes<W>;
  const int V = p.time_register;
  const L one(1.0), minus_one(-1.0), zero(0.0);
  for (int i = 0; i < p.code_size; ++i) {
    const Instr& in = p.code[i];
    if (in.dst >= V) {
      run_value<W>(in, reg);
      continue;
    }
    const L a = reg[in.a], b = reg[in.b];
    const L* da = der + (in.a < V ? in.a : V) * K;
    const L* db = der + (in.b < V ? in.b : V) * K;
    L* d = der + in.dst * K;
    L v;
    switch (in.op) {
      case Op::sincos: {
        L c;
        sin_cos<W>(a, v, c);
        reg[in.dst + 1] = c;
        chain<W, K>(d, c, da);
        chain<W, K>(d + K, -v, da);
        break;
      }
      case Op::sincos2: {
        L c, sb, cb;
        sin_cos<W>(a, v, c);
        sin_cos<W>(b, sb, cb);
        reg[in.dst + 1] = c, reg[in.c] = sb, reg[in.c + 1] = cb;
        chain<W, K>(d, c, da);
        chain<W, K>(d + K, -v, da);
        if (in.c < V) {
          chain<W, K>(der + in.c * K, cb, db);
          chain<W, K>(der + (in.c + 1) * K, -sb, db);
        }
        break;
      }
      case Op::mul_add: v = multiply_add<W, K, Op::mul_add>(in, reg, der, V, a, b, da, db, d); break;
      case Op::add_mul: v = multiply_add<W, K, Op::add_mul>(in, reg, der, V, a, b, da, db, d); break;
      case Op::mul_sub: v = multiply_add<W, K, Op::mul_sub>(in, reg, der, V, a, b, da, db, d); break;
      case Op::sub_mul: v = multiply_add<W, K, Op::sub_mul>(in, reg, der, V, a, b, da, db, d); break;
      case Op::copy: v = a, chain<W, K>(d, one, da); break;
      case Op::wrap: v = each<W>(a, [](double x) { return wrap_angle(x); }), chain<W, K>(d, one, da); break;
      case Op::neg: v = -a, chain<W, K>(d, minus_one, da); break;
      case Op::add: v = a + b, chain<W, K>(d, one, da, one, db); break;
      case Op::sub: v = a - b, chain<W, K>(d, one, da, minus_one, db); break;
      case Op::mul: v = a * b, chain_either<W, K>(d, b, da, a, db); break;
      case Op::div: v = a / b, chain_either<W, K>(d, one / b, da, -v / b, db); break;
      case Op::pow: {
        L ga, gb;
        for (int l = 0; l < W; ++l) {
          const double x = a[l], y = b[l], value = __builtin_pow(x, y);
          v.set(l, value);
          ga.set(l, y == 0.0 ? 0.0 : y * __builtin_pow(x, y - 1.0));
          gb.set(l, x > 0.0 ? value * __builtin_log(x) : 0.0);  // a^b with a varying exponent needs a > 0
        }
        chain_either<W, K>(d, ga, da, gb, db);
        break;
      }
      case Op::sin: {
        L c;
        sin_cos<W>(a, v, c);
        chain<W, K>(d, c, da);
        break;
      }
      case Op::cos: {
        L s;
        sin_cos<W>(a, s, v);
        chain<W, K>(d, -s, da);
        break;
      }
      case Op::tan: v = each<W>(a, [](double x) { return __builtin_tan(x); }), chain<W, K>(d, one + v * v, da); break;
      case Op::asin:
        v = each<W>(a, [](double x) { return __builtin_asin(x); });
        chain<W, K>(d, one / each<W>(one - a * a, [](double x) { return __builtin_sqrt(x); }), da);
        break;
      case Op::acos:
        v = each<W>(a, [](double x) { return __builtin_acos(x); });
        chain<W, K>(d, minus_one / each<W>(one - a * a, [](double x) { return __builtin_sqrt(x); }), da);
        break;
      case Op::atan:
        v = each<W>(a, [](double x) { return __builtin_atan(x); }), chain<W, K>(d, one / (one + a * a), da);
        break;
      case Op::atan2: {
        const L r2 = a * a + b * b;
        v = each<W>(a, b, [](double x, double y) { return __builtin_atan2(x, y); });
        chain_either<W, K>(d, b / r2, da, -a / r2, db);
        break;
      }
      case Op::exp: v = each<W>(a, [](double x) { return __builtin_exp(x); }), chain<W, K>(d, v, da); break;
      case Op::log: v = each<W>(a, [](double x) { return __builtin_log(x); }), chain<W, K>(d, one / a, da); break;
      case Op::sqrt: v = each<W>(a, [](double x) { return __builtin_sqrt(x); }), chain<W, K>(d, L(0.5) / v, da); break;
      case Op::abs:
        v = abs(a);
        chain<W, K>(d, select<W>(a.v > 0.0, one, select<W>(a.v < 0.0, minus_one, zero)), da);
        break;
      case Op::min: {
        v = select<W>(b.v < a.v, b, a);
        const Mask<W> first = a.v <= b.v;
        for (int j = 0; j < K; ++j) d[j] = select<W>(first, one * da[j], zero * da[j] + one * db[j]);
        break;
      }
      case Op::max: {
        v = select<W>(a.v < b.v, b, a);
        const Mask<W> first = a.v >= b.v;
        for (int j = 0; j < K; ++j) d[j] = select<W>(first, one * da[j], zero * da[j] + one * db[j]);
        break;
      }
      case Op::select: {
        const Mask<W> take_b = a.v != 0.0;
        const L* dsb = der + (in.b < V ? in.b : V) * K;
        const L* dsc = der + (in.c < V ? in.c : V) * K;
        reg[in.dst] = select<W>(take_b, reg[in.b], reg[in.c]);
        for (int j = 0; j < K; ++j) d[j] = select<W>(take_b, dsb[j], dsc[j]);
        continue;
      }
      default:  // comparisons and logic: piecewise constant
        v = apply<W>(in.op, a, b, zero), chain<W, K>(d, zero, da);
        break;
    }
    reg[in.dst] = v;
  }
}

/// Cholesky of a positive-definite D × D matrix per lane (model_program.cpp's cholesky), with the
/// lanes where it is not positive definite marked in `ok` instead of returning early.
template <int W, int D>
CHAOSKIT_LANE_INLINE void cholesky(Lanes<W>* M, Mask<W>& ok) {
  for (int j = 0; j < D; ++j) {
    Lanes<W> d = M[j * D + j];
    for (int k = 0; k < j; ++k) d -= M[j * D + k] * M[j * D + k];
    ok &= d.v > 0.0;
    d = each<W>(d, [](double x) { return __builtin_sqrt(x); });
    M[j * D + j] = d;
    for (int i = j + 1; i < D; ++i) {
      Lanes<W> s = M[i * D + j];
      for (int k = 0; k < j; ++k) s -= M[i * D + k] * M[j * D + k];
      M[i * D + j] = s / d;
    }
  }
}
template <int W, int D>
CHAOSKIT_LANE_INLINE void cholesky_solve(const Lanes<W>* L, Lanes<W>* b) {
  for (int i = 0; i < D; ++i) {
    Lanes<W> s = b[i];
    for (int k = 0; k < i; ++k) s -= L[i * D + k] * b[k];
    b[i] = s / L[i * D + i];
  }
  for (int i = D - 1; i >= 0; --i) {
    Lanes<W> s = b[i];
    for (int k = i + 1; k < D; ++k) s -= L[k * D + i] * b[k];
    b[i] = s / L[i * D + i];
  }
}

/// The mechanical form's solve M(q) q̈ = F and its directions δq̈ = M⁻¹ (δF − δM q̈) (model_program.cpp's
/// solve_mechanical) for D coordinates: closed form for D = 2, Cholesky beyond. x and dx are the
/// state and its directions as the call received them (dx row-major: state i, direction k at
/// dx[i K + k]); f the 2D derivatives, df row-major likewise. Lanes whose M is not positive
/// definite get NaN, which stops their integration as a failure.
template <int W, int K, int D>
CHAOSKIT_LANE_INLINE void solve_mechanical(const ModelProgram::Layout& p, const Lanes<W>* reg, const Lanes<W>* der,
                                           const Lanes<W>* x, const Lanes<W>* dx, Lanes<W>* f, Lanes<W>* df) {
  using L = Lanes<W>;
  const int V = p.time_register;
  const L nan(__builtin_nan(""));
  L M[D * D], a[D];
  for (int i = 0; i < D * D; ++i) M[i] = reg[p.mass[i]];
  for (int i = 0; i < D; ++i) a[i] = reg[p.out[i]];
  Mask<W> ok;
  L m00, m01, m10, m11, inv_det;
  if constexpr (D == 2) {
    m00 = M[0], m01 = M[1], m10 = M[2], m11 = M[3];
    const L det = m00 * m11 - m01 * m10;
    inv_det = L(1.0) / det;
    ok = (m00.v > 0.0) & (det.v > 0.0);
  } else {
    ok = L(0.0).v == 0.0;
    cholesky<W, D>(M, ok);
  }
  auto solve = [&](L* r) {
    if constexpr (D == 2) {
      const L b0 = r[0], b1 = r[1];
      r[0] = (m11 * b0 - m01 * b1) * inv_det;
      r[1] = (m00 * b1 - m10 * b0) * inv_det;
    } else {
      cholesky_solve<W, D>(M, r);
    }
  };
  solve(a);
  for (int i = 0; i < D; ++i) {
    f[i] = x[D + i];
    f[D + i] = select<W>(ok, a[i], nan);
  }
  for (int k = 0; k < K; ++k) {
    L r[D];
    for (int i = 0; i < D; ++i) {
      L s = der[(p.out[i] < V ? p.out[i] : V) * K + k];
      for (int j = 0; j < D; ++j) s -= der[(p.mass[i * D + j] < V ? p.mass[i * D + j] : V) * K + k] * a[j];
      r[i] = s;
    }
    solve(r);
    for (int i = 0; i < D; ++i) {
      df[i * K + k] = dx[(D + i) * K + k];
      df[(D + i) * K + k] = select<W>(ok, r[i], nan);
    }
  }
}

}  // namespace program_lanes
}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
