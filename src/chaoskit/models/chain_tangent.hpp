#pragma once
// The N-link chain's tangent right-hand side, f and ∂f/∂x · W for K directions, derived by hand
// (models/chain.hpp's ChainModel::tangent_rhs calls it with double constants, the SIMD lanes with
// one set per lane: simd/README.md). Plain arithmetic on the scalar S and the constants' type C,
// no Eigen solve and no branch on a value, so that the scalar path and every lane perform the same
// operations in the same order and agree bit for bit.
//
// In absolute angles α = A q (prefix sums; ω = A q̇), chain.hpp's equations M_q q̈ = τ − c − G − D q̇
// with M_q = Aᵀ M_α A, c = Aᵀ c_α, G = Aᵀ G_α become, multiplied by A^{-T},
//   M_α α̈ = R,   R_i = Q_i − Σ_{j≠i} a_ij sin(α_i − α_j) ω_j² − gβ_i sin α_i,
//   Q = A^{-T} (τ − d∘q̇),  (A^{-T} v)_i = v_i − v_{i+1},   q̈ = A^{-1} α̈ (differences),
// with M_α(i, j) = a_ij cos(α_i − α_j). One direction (δq, δq̇), δα = A δq, δω = A δq̇, gives
//   M_α δα̈ = δQ − gβ_i cos α_i δα_i + Σ_{j≠i} [P_ij (δα_i − δα_j) − T_ij δω_j],
//   P_ij = a_ij (sin(α_i − α_j) α̈_j − cos(α_i − α_j) ω_j²),  T_ij = 2 a_ij sin(α_i − α_j) ω_j,
// (the first from δM_α α̈ and δc_α's angle terms, the second from δc_α's rate terms). M_α is
// symmetric positive definite; it is factored once per call as L D Lᵀ (no square root: the lanes
// have none) and both solves reuse the factors. sin and cos of the N absolute angles come from
// sincos_two in pairs (the same polynomial in double and on lanes), those of their differences
// from angle subtraction. tests/integrate/test_tangent_rhs.cpp checks f and J·W against AutoDiff.
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/sincos_pair.hpp"

namespace chaoskit::chain_tangent {

/// The constants, in this order: a_ij (N × N, row-major), g β_i (N), the damping d_i (N).
template <int N>
inline constexpr int constant_count = N* N + 2 * N;

/// sin and cos of the N angles, two per sincos_two call (the last alone with itself if N is odd).
template <int N, class S>
void sincos_all(const S* angle, S* s, S* c) {
  for (int i = 0; i + 1 < N; i += 2) sincos_two(angle[i], angle[i + 1], s[i], c[i], s[i + 1], c[i + 1]);
  if constexpr (N % 2 == 1) {
    S s_again, c_again;
    sincos_two(angle[N - 1], angle[N - 1], s[N - 1], c[N - 1], s_again, c_again);
  }
}

/// L D Lᵀ of a symmetric positive definite N × N matrix (its lower triangle read): the strict lower
/// part of the unit lower L, L·D beside it, and 1/D.
template <int N, class S>
struct Ldl {
  S L[N][N];
  S LD[N][N];
  S inv_d[N];

  explicit Ldl(const S (&M)[N][N]) {
    for (int j = 0; j < N; ++j) {
      for (int i = 0; i < j; ++i) {
        S v = M[j][i];
        for (int k = 0; k < i; ++k) v = v - L[j][k] * LD[i][k];
        LD[j][i] = v;  // L(j, i) D(i)
        L[j][i] = v * inv_d[i];
      }
      S d = M[j][j];
      for (int k = 0; k < j; ++k) d = d - L[j][k] * LD[j][k];
      inv_d[j] = 1.0 / d;
    }
  }

  /// x = M⁻¹ b (forward, diagonal, backward).
  void solve(const S* b, S* x) const {
    S y[N];
    for (int i = 0; i < N; ++i) {
      S v = b[i];
      for (int k = 0; k < i; ++k) v = v - L[i][k] * y[k];
      y[i] = v;
    }
    for (int i = N - 1; i >= 0; --i) {
      S v = y[i] * inv_d[i];
      for (int k = i + 1; k < N; ++k) v = v - L[k][i] * x[k];
      x[i] = v;
    }
  }
};

/// f = (q̇, q̈) and JW = ∂f/∂x · W for the chain with constants `c` (see constant_count), state
/// x = (q, q̇) in relative angles and joint moments u = τ. f and JW may be blocks of a larger matrix.
template <int N, class C, class S, int K, class FOut, class JWOut>
void tangent_rhs(const C* c, const Vec<S, 2 * N>& x, const Vec<S, N>& u, const Mat<S, 2 * N, K>& W, FOut&& f,
                 JWOut&& JW) {
  const C* a = c;               // a_ij at a[i * N + j]
  const C* g_beta = c + N * N;  // g β_i
  const C* d = c + N * N + N;   // damping
  S alpha[N], omega[N];
  alpha[0] = x(0), omega[0] = x(N);
  for (int i = 1; i < N; ++i) alpha[i] = alpha[i - 1] + x(i), omega[i] = omega[i - 1] + x(N + i);
  S s[N], co[N];
  sincos_all<N>(alpha, s, co);
  // sin and cos of α_i − α_j (i ≠ j), and the mass matrix's lower triangle.
  S sd[N][N], cd[N][N], M[N][N];
  for (int i = 0; i < N; ++i) {
    M[i][i] = a[i * N + i];
    for (int j = 0; j < i; ++j) {
      sd[i][j] = s[i] * co[j] - co[i] * s[j];
      cd[i][j] = co[i] * co[j] + s[i] * s[j];
      sd[j][i] = -sd[i][j];
      cd[j][i] = cd[i][j];
      M[i][j] = a[i * N + j] * cd[i][j];
    }
  }
  const Ldl<N, S> ldl(M);
  S w2[N];  // ω_j²
  for (int j = 0; j < N; ++j) w2[j] = omega[j] * omega[j];
  // R = A^{-T} (τ − d∘q̇) − c_α − G_α.
  S tq[N], R[N];
  for (int i = 0; i < N; ++i) tq[i] = u(i) - d[i] * x(N + i);
  for (int i = 0; i < N; ++i) {
    S r = i + 1 < N ? tq[i] - tq[i + 1] : tq[i];
    for (int j = 0; j < N; ++j)
      if (j != i) r = r - (a[i * N + j] * sd[i][j]) * w2[j];
    R[i] = r - g_beta[i] * s[i];
  }
  S acc[N];  // α̈
  ldl.solve(R, acc);
  for (int i = 0; i < N; ++i) {
    f(i) = x(N + i);
    f(N + i) = i == 0 ? acc[0] : acc[i] - acc[i - 1];
  }
  // The direction-independent factors of the tangent equation.
  S P[N][N], T[N][N], g_cos[N];
  for (int i = 0; i < N; ++i) {
    g_cos[i] = g_beta[i] * co[i];
    for (int j = 0; j < N; ++j) {
      if (j == i) continue;
      P[i][j] = a[i * N + j] * (sd[i][j] * acc[j] - cd[i][j] * w2[j]);
      T[i][j] = 2.0 * (a[i * N + j] * sd[i][j]) * omega[j];
    }
  }
  for (int k = 0; k < K; ++k) {
    S da[N], dw[N], dtq[N], rhs[N], dacc[N];
    da[0] = W(0, k), dw[0] = W(N, k);
    for (int i = 1; i < N; ++i) da[i] = da[i - 1] + W(i, k), dw[i] = dw[i - 1] + W(N + i, k);
    for (int i = 0; i < N; ++i) dtq[i] = -(d[i] * W(N + i, k));
    for (int i = 0; i < N; ++i) {
      S r = (i + 1 < N ? dtq[i] - dtq[i + 1] : dtq[i]) - g_cos[i] * da[i];
      for (int j = 0; j < N; ++j)
        if (j != i) r = r + (P[i][j] * (da[i] - da[j]) - T[i][j] * dw[j]);
      rhs[i] = r;
    }
    ldl.solve(rhs, dacc);
    for (int i = 0; i < N; ++i) {
      JW(i, k) = W(N + i, k);
      JW(N + i, k) = i == 0 ? dacc[0] : dacc[i] - dacc[i - 1];
    }
  }
}

}  // namespace chaoskit::chain_tangent
