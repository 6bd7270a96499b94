// The constrained modes of a mechanical model file ([constraints], data/models/README.md): in a mode
// holding A q = const (A constant: a locked joint keeps its relative angle), the dynamics are
//
//   M(q) q̈ = f(q, q̇, τ) + Aᵀ λ,   A q̈ = 0
//
// (Lagrange multipliers; e.g. Featherstone, "Rigid Body Dynamics Algorithms", 2008, ch. 8), so
//   a = M⁻¹ f,  W = M⁻¹ Aᵀ,  S = A W,  λ = −S⁻¹ A a,  q̈ = a + W λ,
// and along a direction, from δM and δf (the dual mode's):
//   r = M⁻¹ (δf − δM q̈),  δλ = −S⁻¹ A r,  δq̈ = r + W δλ.
// A q̇ is then constant along the flow, and an explicit Runge-Kutta step keeps it (and A q) to
// rounding, because they are linear invariants of the vector field (Hairer, Lubich & Wanner,
// "Geometric Numerical Integration", thm. IV.1.5). λ is the constraint's generalised force: with
// A = ∂(th1 − th2)/∂q, λ > 0 pushes th1 − th2 up. The values never depend on the directions, so
// rhs_in_mode and rhs_tangent_in_mode give the same f bit for bit.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/register_files.hpp"
#include "chaoskit/models/small_dense.hpp"

namespace chaoskit {

namespace {

/// M q̈ = f + Aᵀλ, A q̈ = 0 for d coordinates and r constraints (M: d × d, A: r × d, row-major):
/// q̈ and λ; with K > 0 also their K directions (dq̈: d × K, dλ: r × K), from those of M and f: the
/// directions of M(i, j) are at der + mass_slot[i d + j], those of f_i at der + force_slot[i].
/// NaN when M or A M⁻¹ Aᵀ is not positive definite.
void constrained_solve(int d, int r, const double* M, const double* f, const double* A, int K, const double* der,
                       const int* mass_slot, const int* force_slot, double* qdd, double* lambda, double* dqdd,
                       double* dlambda) {
  using detail::ldlt_factor, detail::ldlt_solve;
  double L[64], a[8], W[64], S[64], b[8];
  std::copy(M, M + d * d, L);
  std::copy(f, f + d, a);
  bool ok = ldlt_factor(L, d);
  if (ok) {
    ldlt_solve(L, d, a);
    for (int c = 0; c < r; ++c) {  // W's column c = M⁻¹ A_cᵀ
      double w[8];
      std::copy(A + c * d, A + (c + 1) * d, w);
      ldlt_solve(L, d, w);
      for (int i = 0; i < d; ++i) W[i * r + c] = w[i];
    }
    for (int i = 0; i < r; ++i)
      for (int j = 0; j < r; ++j) {
        double s = 0.0;
        for (int l = 0; l < d; ++l) s += A[i * d + l] * W[l * r + j];
        S[i * r + j] = s;
      }
    ok = ldlt_factor(S, r);
  }
  if (!ok) {
    std::fill(qdd, qdd + d, NAN);
    std::fill(lambda, lambda + r, NAN);
    if (K > 0) std::fill(dqdd, dqdd + d * K, NAN), std::fill(dlambda, dlambda + r * K, NAN);
    return;
  }
  for (int i = 0; i < r; ++i) {
    double s = 0.0;
    for (int l = 0; l < d; ++l) s += A[i * d + l] * a[l];
    b[i] = -s;
  }
  ldlt_solve(S, r, b);
  for (int i = 0; i < r; ++i) lambda[i] = b[i];
  for (int i = 0; i < d; ++i) {
    double s = a[i];
    for (int c = 0; c < r; ++c) s += W[i * r + c] * b[c];
    qdd[i] = s;
  }
  for (int k = 0; k < K; ++k) {
    double rk[8], g[8];
    using detail::ldlt_solve;
    for (int i = 0; i < d; ++i) {
      double s = der[force_slot[i] + k];
      for (int j = 0; j < d; ++j) s -= der[mass_slot[i * d + j] + k] * qdd[j];
      rk[i] = s;
    }
    ldlt_solve(L, d, rk);
    for (int i = 0; i < r; ++i) {
      double s = 0.0;
      for (int l = 0; l < d; ++l) s += A[i * d + l] * rk[l];
      g[i] = -s;
    }
    ldlt_solve(S, r, g);
    for (int i = 0; i < r; ++i) dlambda[i * K + k] = g[i];
    for (int i = 0; i < d; ++i) {
      double s = rk[i];
      for (int c = 0; c < r; ++c) s += W[i * r + c] * g[c];
      dqdd[i * K + k] = s;
    }
  }
}

}  // namespace

const std::vector<std::string>& ModelProgram::constraint_names(int mode) const {
  if (mode < 0 || mode >= static_cast<int>(mode_names_.size()))
    throw std::out_of_range("mode " + std::to_string(mode) + " of " + source_);
  return constraint_names_[mode];
}

const std::vector<double>& ModelProgram::constraint_matrix(int mode) const {
  (void)constraint_names(mode);
  return constraint_matrices_[mode];
}

void ModelProgram::rhs_in_mode(int mode, const double* x, const double* u, double t, double* f) const {
  const int r = constraint_count(mode);
  if (r == 0) return rhs(x, u, t, f);
  const int n = state_dim(), m = input_count(), d = dof();
  double* reg = detail::register_values(registers_).data();
  std::copy(x, x + n, reg);
  std::copy(u, u + m, reg + n);
  reg[time_reg_] = t;
  run(reg);
  double M[64], F[8], qdd[8], lambda[8];
  for (int i = 0; i < d * d; ++i) M[i] = reg[mass_[i]];
  for (int i = 0; i < d; ++i) F[i] = reg[out_[i]];
  constrained_solve(d, r, M, F, constraint_matrices_[mode].data(), 0, nullptr, nullptr, nullptr, qdd, lambda, nullptr,
                    nullptr);
  for (int i = 0; i < d; ++i) f[i] = x[d + i], f[d + i] = qdd[i];
}

void ModelProgram::rhs_tangent_in_mode(int mode, const double* x, const double* u, double t, const double* dx,
                                       const double* du, int K, double* f, double* df) const {
  const int r = constraint_count(mode);
  if (r == 0) return rhs_tangent(x, u, t, dx, du, K, f, df);
  const int n = state_dim(), m = input_count(), d = dof(), V = time_reg_;
  double* reg = detail::register_values(registers_).data();
  double* der = detail::register_derivatives(static_cast<std::size_t>(V + 1) * K).data();
  std::copy(x, x + n, reg);
  std::copy(dx, dx + n * K, der);
  for (int j = 0; j < m; ++j) reg[n + j] = u[j];
  for (int j = 0; j < m * K; ++j) der[n * K + j] = du ? du[j] : 0.0;
  std::fill(der + V * K, der + (V + 1) * K, 0.0);
  reg[time_reg_] = t;
  run_dual(reg, der, K);
  double M[64], F[8], qdd[8], lambda[8];
  int mass_slot[64], force_slot[8];
  for (int i = 0; i < d * d; ++i) M[i] = reg[mass_[i]], mass_slot[i] = std::min(mass_[i], V) * K;
  for (int i = 0; i < d; ++i) F[i] = reg[out_[i]], force_slot[i] = std::min(out_[i], V) * K;
  thread_local std::vector<double> work;
  if (work.size() < static_cast<std::size_t>((d + r) * K)) work.resize(static_cast<std::size_t>((d + r) * K));
  double *dqdd = work.data(), *dlambda = work.data() + d * K;
  constrained_solve(d, r, M, F, constraint_matrices_[mode].data(), K, der, mass_slot, force_slot, qdd, lambda, dqdd,
                    dlambda);
  for (int i = 0; i < d; ++i) {
    f[i] = x[d + i];
    f[d + i] = qdd[i];
    for (int k = 0; k < K; ++k) {
      df[i * K + k] = dx[(d + i) * K + k];
      df[(d + i) * K + k] = dqdd[i * K + k];
    }
  }
}

void ModelProgram::constraint_forces(int mode, const double* x, const double* u, double t, double* lambda) const {
  const int r = constraint_count(mode);
  if (r == 0) return;
  const int n = state_dim(), m = input_count(), d = dof();
  double* reg = detail::register_values(registers_).data();
  std::copy(x, x + n, reg);
  for (int j = 0; j < m; ++j) reg[n + j] = u ? u[j] : 0.0;
  reg[time_reg_] = t;
  run(reg);
  double M[64], F[8], qdd[8];
  for (int i = 0; i < d * d; ++i) M[i] = reg[mass_[i]];
  for (int i = 0; i < d; ++i) F[i] = reg[out_[i]];
  constrained_solve(d, r, M, F, constraint_matrices_[mode].data(), 0, nullptr, nullptr, nullptr, qdd, lambda, nullptr,
                    nullptr);
}

void ModelProgram::event_side_constraint_forces(int mode, const double* x, const double* u, double t, const double* dx,
                                                const double* du, const double* dt, int K, double* lambda,
                                                double* dlambda) const {
  const int r = constraint_count(mode), d = dof();
  if (r == 0) return;
  const ModelProgram& dyn = *event_dynamics_;
  const int V = dyn.time_reg_;
  double* reg = detail::register_values(dyn.registers_).data();
  double* der = K > 0 ? detail::register_derivatives(static_cast<std::size_t>(V + 1) * K).data() : nullptr;
  dyn.run_event_program(x, u, t, nullptr, dx, du, dt, nullptr, K, reg, der);
  double M[64], F[8], qdd[8];
  int mass_slot[64], force_slot[8];
  for (int i = 0; i < d * d; ++i) M[i] = reg[dyn.mass_[i]], mass_slot[i] = std::min(dyn.mass_[i], V) * K;
  for (int i = 0; i < d; ++i) F[i] = reg[dyn.out_[i]], force_slot[i] = std::min(dyn.out_[i], V) * K;
  thread_local std::vector<double> work;
  if (work.size() < static_cast<std::size_t>(d * K)) work.resize(static_cast<std::size_t>(d * K));
  constrained_solve(d, r, M, F, constraint_matrices_[mode].data(), K, der, mass_slot, force_slot, qdd, lambda,
                    work.data(), dlambda);
}

}  // namespace chaoskit
