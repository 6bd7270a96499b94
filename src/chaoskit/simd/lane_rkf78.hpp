#pragma once
// Fehlberg 7(8) on lanes: one attempt of every lane with its own t and h, its error norm, and the
// step-size rule of every lane at once. Restates integrate/rkf78_stepper.hpp (Stepper::attempt's
// arithmetic, StepRule) on integrate/explicit_rk.hpp's row sums (advance, weighted) and error norm
// (rk::error_norm): the same operations in the same order per lane. tests/simd/test_lane_rkf78.cpp
// pins each piece to its scalar original bit for bit on random inputs (the row sums, the error norm
// with NaN, a whole attempt against Stepper::attempt, the step rule against StepRule); a change to
// those files must be made here too, and that test fails until it is.
//
// Nothing here calls an inline function that the rest of chaoskit also uses (std::min, std::max,
// std::array's operator[], std::isfinite, …): at -O1 (the sanitizer build) such a call can stay
// out of line, and the linker would keep one copy for every instruction set (lanes.hpp). So the
// helpers (min, max) are restated on lanes here, and the tableau is read from plain arrays.
#include <utility>

#include "chaoskit/integrate/rkf78_tableau.hpp"
#include "chaoskit/simd/lanes.hpp"

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

/// std::max and std::min per lane: the same comparison, so the same operand where they differ in
/// sign of zero or where one is NaN.
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> max(const Lanes<W>& a, const Lanes<W>& b) {
  return select<W>(a.v < b.v, b, a);
}
template <int W>
CHAOSKIT_LANE_INLINE Lanes<W> min(const Lanes<W>& a, const Lanes<W>& b) {
  return select<W>(b.v < a.v, b, a);
}

/// A row of the rkf78 tableau as plain arrays, built at compile time: the positions of its nonzero
/// entries in order and their values (rk::nonzero_indices; no std::array call at run time, see above).
template <rkf78::Row R>
struct NonzeroRow {
  static constexpr int count = [] {
    int c = 0;
    for (int j = 0; j < rkf78::kStages; ++j) c += R[j] != 0.0;
    return c;
  }();
  int index[count > 0 ? count : 1]{};
  double value[count > 0 ? count : 1]{};
  constexpr NonzeroRow() {
    int m = 0;
    for (int j = 0; j < rkf78::kStages; ++j)
      if (R[j] != 0.0) index[m] = j, value[m] = R[j], ++m;
  }
};

/// The nodes c_i as a plain array.
struct Nodes {
  double c[rkf78::kStages]{};
  constexpr Nodes() {
    for (int j = 0; j < rkf78::kStages; ++j) c[j] = rkf78::c[j];
  }
};
inline constexpr Nodes kNodes{};

/// The row sums with their terms unrolled at compile time, a fold over the row's nonzero entries as
/// rk::advance and rk::weighted fold them: each term is one multiply and one add on registers. (A
/// loop over the entries reloaded each entry's index and recomputed the address of k_j for every
/// term of every component, about three times the instructions of the arithmetic, and zero-filled
/// its array of coefficients first.) The operations and their order are those of the scalar path:
/// the coefficients R_j h first; then acc = x + coef_0 k_0 (advance) or acc = coef_0 k_0
/// (weighted); then + coef_j k_j left to right.
template <rkf78::Row R, bool kFromState, int N, int W, int J0, int... J>
CHAOSKIT_LANE_INLINE void row_sum(Lanes<W>* out, const Lanes<W>* x, const Lanes<W> (*k)[N], const Lanes<W>& H,
                                  std::integer_sequence<int, J0, J...>) {
  using L = Lanes<W>;
  static constexpr NonzeroRow<R> row{};
  const L coef[] = {row.value[J0] * H, (row.value[J] * H)...};
  for (int i = 0; i < N; ++i) {
    L acc;
    if constexpr (kFromState) {
      acc = x[i];
      acc += coef[J0] * k[row.index[J0]][i];
    } else {
      acc = coef[J0] * k[row.index[J0]][i];
    }
    ((acc += coef[J] * k[row.index[J]][i]), ...);
    out[i] = acc;
  }
}

/// out = x + Σ_j (R_j h) k_j over the nonzero R_j, in order (rk::advance).
template <rkf78::Row R, int N, int W>
CHAOSKIT_LANE_INLINE void advance_row(Lanes<W>* out, const Lanes<W>* x, const Lanes<W> (*k)[N], const Lanes<W>& H) {
  row_sum<R, true, N, W>(out, x, k, H, std::make_integer_sequence<int, NonzeroRow<R>::count>{});
}

/// out = Σ_j (R_j h) k_j over the nonzero R_j, in order (rk::weighted).
template <rkf78::Row R, int N, int W>
CHAOSKIT_LANE_INLINE void weighted_row(Lanes<W>* out, const Lanes<W> (*k)[N], const Lanes<W>& H) {
  row_sum<R, false, N, W>(out, nullptr, k, H, std::make_integer_sequence<int, NonzeroRow<R>::count>{});
}

/// Stages 1..12 of a step from (T, x) of size H (rk::run_stages): stage i's state x + h Σ_j a_ij k_j
/// in xs, then k_i = f(xs, T + c_i H); k[0] = f(x, T) must be set.
template <int N, int W, class F, int... I>
CHAOSKIT_LANE_INLINE void rkf78_stages(F& f, const Lanes<W>* x, Lanes<W> (*k)[N], Lanes<W>* xs, const Lanes<W>& T,
                                       const Lanes<W>& H, std::integer_sequence<int, I...>) {
  ((advance_row<rkf78::a[I + 1], N, W>(xs, x, k, H), f(xs, k[I + 1], T + kNodes.c[I + 1] * H)), ...);
}

/// One attempt of every lane with its own T and H, up to the decision (rkf78::Stepper::attempt):
/// the twelve stages, x_new (the 8th-order solution, rkf78::b) and err = Σ_j (db_j h) k_j. xs is the
/// stages' scratch state; f(xs, k_i, t) evaluates the right-hand side (the engine's kernel with the
/// lanes' inputs at t).
template <int N, int W, class F>
CHAOSKIT_LANE_INLINE void rkf78_attempt(F& f, const Lanes<W>* x, Lanes<W> (*k)[N], Lanes<W>* xs, const Lanes<W>& T,
                                        const Lanes<W>& H, Lanes<W>* x_new, Lanes<W>* err) {
  rkf78_stages<N, W>(f, x, k, xs, T, H, std::make_integer_sequence<int, rkf78::kStages - 1>{});
  advance_row<rkf78::b, N, W>(x_new, x, k, H);
  weighted_row<rkf78::db, N, W>(err, k, H);
}

/// rk::error_norm per lane: max_i |err_i| / (atol + rtol (|x_i| + |h| |f_i|)), each term formed in
/// that order, x and f = k0 at the step's start; a NaN term, once met, stays (v > NaN is false).
template <int N, int W>
CHAOSKIT_LANE_INLINE Lanes<W> error_norm(const Lanes<W>* err, const Lanes<W>* x, const Lanes<W>* f, const Lanes<W>& H,
                                         double atol, double rtol) {
  using L = Lanes<W>;
  const L abs_h = abs(H);
  L e(0.0);
  for (int i = 0; i < N; ++i) {
    const L v = abs(err[i]) / (atol + rtol * (abs(x[i]) + abs_h * abs(f[i])));
    e = select<W>((v.v > e.v) | (v.v != v.v), v, e);
  }
  return e;
}

/// rkf78::StepRule on lanes, each lane with its own h, error norm and memory of a rejection:
/// h · clamp(0.9 err^(−1/8), 1/5, 5), no growth on the step after a rejection. The same IEEE
/// operations as the scalar rule per lane (sqrt is correctly rounded on both sides; min and max
/// are std::min's and std::max's comparisons).
template <int W>
struct LaneStepRule {
  using L = Lanes<W>;
  using Mask = typename L::Mask;
  Mask after_reject{};  // a lane's previous attempt was rejected by the controller

  /// 0.9 err^(−1/8), the factor both rules start from.
  CHAOSKIT_LANE_INLINE static L factor(const L& err) { return 0.9 / sqrt(sqrt(sqrt(err))); }
  /// decrease_step(h, err) in the lanes of `which` (their memory set); the others' step unchanged.
  CHAOSKIT_LANE_INLINE L decrease_step(Mask which, const L& h, const L& fac, const L& dt) {
    after_reject |= which;
    return select<W>(which, h * max(fac, L(0.2)), dt);
  }
  /// increase_step(h, err) per lane, for the lanes of `which` (their memory cleared).
  CHAOSKIT_LANE_INLINE L increase_step(Mask which, const L& h, const L& err, const L& fac) {
    const L capped = select<W>(err.v > 0.0, min(fac, L(5.0)), L(5.0));
    const L grown = h * select<W>(after_reject, min(capped, L(1.0)), capped);
    after_reject &= ~which;
    return grown;
  }
};

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
