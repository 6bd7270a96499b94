// Running a compiled model file (model_program.hpp): the register machine on doubles, its
// dual-number twin, and the per-call solve of the mechanical form. The compiler is
// model_compiler.cpp, its passes model_program_passes.cpp. Their register layout puts the states,
// the inputs and every temporary that depends on them below time's register, so the dual mode
// differentiates exactly the registers r < time_reg_; every other register (time, constants,
// time-only terms) shares one derivative slot, time_reg_'s, which is zero.
#include "chaoskit/models/model_program.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "chaoskit/core/apply_op.hpp"
#include "chaoskit/core/instruction_set.hpp"
#include "chaoskit/models/register_files.hpp"
#include "chaoskit/models/sincos_pair.hpp"

namespace chaoskit {

namespace {

// sin and cos of one angle by chaoskit's polynomial (sincos_pair.hpp: within 2 ulp, the same bits
// on every machine), used by the plain and the dual mode alike so that both give the same values;
// libm's sin and cos took most of a call's time on the pendulum models.
inline void sin_cos(double a, double& s, double& c) {
  double s2, c2;
  sincos_pair(a, a, s, c, s2, c2);
}
inline double sin_of(double a) {
  double s, c;
  sin_cos(a, s, c);
  return s;
}
inline double cos_of(double a) {
  double s, c;
  sin_cos(a, s, c);
  return c;
}

// The register machine's sin and cos for core/apply_op.hpp.
struct PolynomialTrig {
  static double sin(double a) { return sin_of(a); }
  static double cos(double a) { return cos_of(a); }
};

// The value of one instruction; the compiler folds constants with the same function
// (model_program_apply), so a folded parameter expression is the value the program would have
// computed. Always inlined: GCC made it a call, and the dual pass ran 1.7 % more instructions.
[[gnu::always_inline]] inline double apply(Op op, double a, double b, double c) {
  return apply_op<PolynomialTrig>(op, a, b, c);
}

// Solves M a = b in place for a symmetric positive-definite n × n M (row-major) by Cholesky;
// L overwrites M's lower triangle. Returns false when M is not positive definite.
bool cholesky(double* M, int n) {
  for (int j = 0; j < n; ++j) {
    double d = M[j * n + j];
    for (int k = 0; k < j; ++k) d -= M[j * n + k] * M[j * n + k];
    if (!(d > 0.0)) return false;
    d = std::sqrt(d);
    M[j * n + j] = d;
    for (int i = j + 1; i < n; ++i) {
      double s = M[i * n + j];
      for (int k = 0; k < j; ++k) s -= M[i * n + k] * M[j * n + k];
      M[i * n + j] = s / d;
    }
  }
  return true;
}
void cholesky_solve(const double* L, int n, double* b) {
  for (int i = 0; i < n; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= L[i * n + k] * b[k];
    b[i] = s / L[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= L[k * n + i] * b[k];
    b[i] = s / L[i * n + i];
  }
}

// sin and cos of two registers as one 2-wide polynomial: each lane performs the one-argument
// call's operations, so the values are those of two sin_cos calls; where either argument is out of
// the polynomial's range, sin_cos of each decides for itself, as the single calls would.
inline void sin_cos_two(double a, double b, double& sa, double& ca, double& sb, double& cb) {
  if (detail::sincos_pair_in_range(a, b)) {
    sincos_pair(a, b, sa, ca, sb, cb);
  } else {
    sin_cos(a, sa, ca);
    sin_cos(b, sb, cb);
  }
}

// One instruction on values only.
inline void run_value(const ModelProgram::Instr& in, double* reg) {
  const double a = reg[in.a], b = reg[in.b], c = reg[in.c];
  switch (in.op) {
    case Op::sincos: sin_cos(a, reg[in.dst], reg[in.dst + 1]); break;
    case Op::sincos2: sin_cos_two(a, b, reg[in.dst], reg[in.dst + 1], reg[in.c], reg[in.c + 1]); break;
    default: reg[in.dst] = apply(in.op, a, b, c); break;
  }
}

// d = ga da + gb db over the directions, the term gb db left out when gb is 0. K is the direction
// count when known at compile time, else 0 and k is.
template <int K>
inline void chain_rule(double* d, double ga, const double* da, double gb, const double* db, int k) {
  const int kn = K > 0 ? K : k;
  if (gb == 0.0)
    for (int j = 0; j < kn; ++j) d[j] = ga * da[j];
  else
    for (int j = 0; j < kn; ++j) d[j] = ga * da[j] + gb * db[j];
}

// A fused product and sum or difference in the dual mode: t = a b with mul's derivative, then the
// sum's or difference's (1 · dt ± 1 · dc in the operands' order), direction by direction, each
// through chain_rule as the two separate instructions compute them. Returns the value.
template <int K, Op F>
inline double multiply_add(const ModelProgram::Instr& in, const double* reg, const double* der, int V, double a,
                           double b, const double* da, const double* db, double* d, int k) {
  const int kn = K > 0 ? K : k;
  const double c = reg[in.c];
  const double* dc = der + (in.c < V ? in.c : V) * kn;
  const double t = a * b;
  for (int j = 0; j < kn; ++j) {
    double dt;
    chain_rule<1>(&dt, b, da + j, a, db + j, 1);
    if constexpr (F == Op::mul_add)
      chain_rule<1>(d + j, 1.0, &dt, 1.0, dc + j, 1);
    else if constexpr (F == Op::add_mul)
      chain_rule<1>(d + j, 1.0, dc + j, 1.0, &dt, 1);
    else if constexpr (F == Op::mul_sub)
      chain_rule<1>(d + j, 1.0, &dt, -1.0, dc + j, 1);
    else
      chain_rule<1>(d + j, 1.0, dc + j, -1.0, &dt, 1);
  }
  if constexpr (F == Op::mul_add)
    return t + c;
  else if constexpr (F == Op::add_mul)
    return c + t;
  else if constexpr (F == Op::mul_sub)
    return t - c;
  else
    return c - t;
}

// The dual-number pass over `code`: values, and the derivatives of the registers below V (each
// slot of k directions; registers from V on read slot V, which is zero).
template <int K>
void dual_pass(const std::vector<ModelProgram::Instr>& code, int V, double* reg, double* der, int k_runtime) {
  const int k = K > 0 ? K : k_runtime;
  auto slot = [V](int r) { return r < V ? r : V; };
  for (const ModelProgram::Instr& in : code) {
    if (in.dst >= V) {  // depends on time and constants only: no derivative (for a sincos2: neither half)
      run_value(in, reg);
      continue;
    }
    const double a = reg[in.a], b = reg[in.b];
    const double* da = der + slot(in.a) * k;
    const double* db = der + slot(in.b) * k;
    double* d = der + in.dst * k;
    // The value and the derivative in one switch (one dispatch per instruction): each case gives
    // chain_rule its partial derivatives ∂/∂a, ∂/∂b, constants where they are (1, −1, 0), so that
    // the compiler drops the multiplications by 1 and the test of gb. The values are computed
    // exactly as apply() computes them, so the dual mode's f is the plain rhs's f.
    double v;
    switch (in.op) {
      case Op::sincos: {  // d sin = cos da, d cos = −sin da, as for sin and cos alone
        double c;
        sin_cos(a, v, c);
        reg[in.dst + 1] = c;
        chain_rule<K>(d, c, da, 0.0, da, k);
        chain_rule<K>(d + k, -v, da, 0.0, da, k);
        break;
      }
      case Op::sincos2: {  // the first half depends on the state (the layout's order)
        double c, sb, cb;
        sin_cos_two(a, b, v, c, sb, cb);
        reg[in.dst + 1] = c, reg[in.c] = sb, reg[in.c + 1] = cb;
        chain_rule<K>(d, c, da, 0.0, da, k);
        chain_rule<K>(d + k, -v, da, 0.0, da, k);
        if (in.c < V) {
          chain_rule<K>(der + in.c * k, cb, db, 0.0, db, k);
          chain_rule<K>(der + (in.c + 1) * k, -sb, db, 0.0, db, k);
        }
        break;
      }
      case Op::mul_add: v = multiply_add<K, Op::mul_add>(in, reg, der, V, a, b, da, db, d, k); break;
      case Op::add_mul: v = multiply_add<K, Op::add_mul>(in, reg, der, V, a, b, da, db, d, k); break;
      case Op::mul_sub: v = multiply_add<K, Op::mul_sub>(in, reg, der, V, a, b, da, db, d, k); break;
      case Op::sub_mul: v = multiply_add<K, Op::sub_mul>(in, reg, der, V, a, b, da, db, d, k); break;
      case Op::copy: v = a, chain_rule<K>(d, 1.0, da, 0.0, db, k); break;
      case Op::wrap: v = apply(in.op, a, b, 0.0), chain_rule<K>(d, 1.0, da, 0.0, db, k); break;
      case Op::neg: v = -a, chain_rule<K>(d, -1.0, da, 0.0, db, k); break;
      case Op::add: v = a + b, chain_rule<K>(d, 1.0, da, 1.0, db, k); break;
      case Op::sub: v = a - b, chain_rule<K>(d, 1.0, da, -1.0, db, k); break;
      case Op::mul: v = a * b, chain_rule<K>(d, b, da, a, db, k); break;
      case Op::div: v = a / b, chain_rule<K>(d, 1.0 / b, da, -v / b, db, k); break;
      case Op::pow: {
        v = std::pow(a, b);
        const double ga = b == 0.0 ? 0.0 : b * std::pow(a, b - 1.0);
        const double gb = a > 0.0 ? v * std::log(a) : 0.0;  // a^b with a varying exponent needs a > 0
        chain_rule<K>(d, ga, da, gb, db, k);
        break;
      }
      case Op::sin: {
        double c;
        sin_cos(a, v, c);
        chain_rule<K>(d, c, da, 0.0, db, k);
        break;
      }
      case Op::cos: {
        double s;
        sin_cos(a, s, v);
        chain_rule<K>(d, -s, da, 0.0, db, k);
        break;
      }
      case Op::tan: v = std::tan(a), chain_rule<K>(d, 1.0 + v * v, da, 0.0, db, k); break;
      case Op::asin: v = std::asin(a), chain_rule<K>(d, 1.0 / std::sqrt(1.0 - a * a), da, 0.0, db, k); break;
      case Op::acos: v = std::acos(a), chain_rule<K>(d, -1.0 / std::sqrt(1.0 - a * a), da, 0.0, db, k); break;
      case Op::atan: v = std::atan(a), chain_rule<K>(d, 1.0 / (1.0 + a * a), da, 0.0, db, k); break;
      case Op::atan2: {
        const double r2 = a * a + b * b;
        v = std::atan2(a, b), chain_rule<K>(d, b / r2, da, -a / r2, db, k);
        break;
      }
      case Op::exp: v = std::exp(a), chain_rule<K>(d, v, da, 0.0, db, k); break;
      case Op::log: v = std::log(a), chain_rule<K>(d, 1.0 / a, da, 0.0, db, k); break;
      case Op::sqrt: v = std::sqrt(a), chain_rule<K>(d, 0.5 / v, da, 0.0, db, k); break;
      case Op::abs: v = std::abs(a), chain_rule<K>(d, a > 0.0 ? 1.0 : a < 0.0 ? -1.0 : 0.0, da, 0.0, db, k); break;
      case Op::min:
        v = std::min(a, b);
        if (a <= b)
          chain_rule<K>(d, 1.0, da, 0.0, db, k);
        else
          chain_rule<K>(d, 0.0, da, 1.0, db, k);
        break;
      case Op::max:
        v = std::max(a, b);
        if (a >= b)
          chain_rule<K>(d, 1.0, da, 0.0, db, k);
        else
          chain_rule<K>(d, 0.0, da, 1.0, db, k);
        break;
      case Op::select: {
        const int src = a != 0.0 ? in.b : in.c;
        reg[in.dst] = reg[src];
        std::copy(der + slot(src) * k, der + (slot(src) + 1) * k, d);
        continue;
      }
      default:  // comparisons and logic: piecewise constant
        v = apply(in.op, a, b, 0.0), chain_rule<K>(d, 0.0, da, 0.0, db, k);
        break;
    }
    reg[in.dst] = v;
  }
}

// The mechanical form's solve, M(q) q̈ = F, and with `der` its directions: δq̈ = M⁻¹ (δF − δM q̈).
// mass and force hold the registers of M (row-major n × n) and F; V as for dual_pass.
// N is the coordinate count when known at compile time (2: the two-link models), else 0 and
// n_runtime is.
template <int K, int N>
void solve_mechanical(const std::vector<int>& mass, const std::vector<int>& force, int n_runtime, int V,
                      const double* reg, const double* der, int k_runtime, const double* x, const double* dx, double* f,
                      double* df) {
  const int k_n = K > 0 ? K : k_runtime;
  const int n = N > 0 ? N : n_runtime;
  if (n < 1 || n > 8) return;  // the compiler refuses other sizes; this tells GCC so
  double L[64], a[8];
  for (int i = 0; i < n * n; ++i) L[i] = reg[mass[i]];
  for (int i = 0; i < n; ++i) a[i] = reg[force[i]];
  // Two coordinates (the two-link models): the closed-form inverse, as the built-in models solve,
  // a fifth of Cholesky's cost here; more: Cholesky. Either refuses a matrix that is not positive
  // definite.
  const bool two = n == 2;
  const double m00 = L[0], m01 = two ? L[1] : 0.0, m10 = two ? L[2] : 0.0, m11 = two ? L[3] : 0.0;
  const double det = m00 * m11 - m01 * m10;
  const double inv_det = 1.0 / det;
  auto solve2 = [m00, m01, m10, m11, inv_det](double* b) {
    const double b0 = b[0], b1 = b[1];
    b[0] = (m11 * b0 - m01 * b1) * inv_det;
    b[1] = (m00 * b1 - m10 * b0) * inv_det;
  };
  const bool ok = two ? (m00 > 0.0 && det > 0.0) : cholesky(L, n);
  if (ok) two ? solve2(a) : cholesky_solve(L, n, a);
  for (int i = 0; i < n; ++i) {
    f[i] = x[n + i];
    f[n + i] = ok ? a[i] : NAN;  // not positive definite: NaN stops the integration as a failure
  }
  if (!der) return;
  // The derivative slots of F and M (a constant entry reads the zero slot).
  int force_slot[8], mass_slot[64];
  for (int i = 0; i < n; ++i) force_slot[i] = std::min(force[i], V) * k_n;
  for (int i = 0; i < n * n; ++i) mass_slot[i] = std::min(mass[i], V) * k_n;
  for (int k = 0; k < k_n; ++k) {
    double r[8];
    for (int i = 0; i < n; ++i) {
      double s = der[force_slot[i] + k];
      for (int j = 0; j < n; ++j) s -= der[mass_slot[i * n + j] + k] * a[j];
      r[i] = s;
    }
    if (ok) two ? solve2(r) : cholesky_solve(L, n, r);
    for (int i = 0; i < n; ++i) {
      df[i * k_n + k] = dx[(n + i) * k_n + k];
      df[(n + i) * k_n + k] = ok ? r[i] : NAN;
    }
  }
}

}  // namespace

double model_program_apply(Op op, double a, double b, double c) { return apply(op, a, b, c); }

void ModelProgram::run(double* reg) const {
  for (const auto& [r, v] : constants_) reg[r] = v;
  for (const Instr& in : code_) run_value(in, reg);
}

void ModelProgram::run_dual(double* reg, double* der, int K) const {
  for (const auto& [r, v] : constants_) reg[r] = v;
  // The direction counts of the tangent flows and of AutoDiff (1, 2, the state count, state plus
  // input counts) with their loops unrolled at compile time; any other count runs the general loop.
  switch (K) {
    case 1: return dual_pass<1>(code_, time_reg_, reg, der, K);
    case 2: return dual_pass<2>(code_, time_reg_, reg, der, K);
    case 3: return dual_pass<3>(code_, time_reg_, reg, der, K);
    case 4: return dual_pass<4>(code_, time_reg_, reg, der, K);
    case 6: return dual_pass<6>(code_, time_reg_, reg, der, K);
    default: return dual_pass<0>(code_, time_reg_, reg, der, K);
  }
}

void ModelProgram::mechanical_solve(const double* reg, const double* der, int K, const double* x, const double* dx,
                                    double* f, double* df) const {
  // Unrolled for the two-link models' direction counts (1: λ_max, 2, 4: the spectrum, 6: AutoDiff
  // of the rhs), general otherwise.
  const int n = dof(), V = time_reg_;
  const int k = der ? K : 1;
  if (n == 2 && k == 1) return solve_mechanical<1, 2>(mass_, out_, n, V, reg, der, K, x, dx, f, df);
  if (n == 2 && k == 2) return solve_mechanical<2, 2>(mass_, out_, n, V, reg, der, K, x, dx, f, df);
  if (n == 2 && k == 4) return solve_mechanical<4, 2>(mass_, out_, n, V, reg, der, K, x, dx, f, df);
  if (n == 2 && k == 6) return solve_mechanical<6, 2>(mass_, out_, n, V, reg, der, K, x, dx, f, df);
  return solve_mechanical<0, 0>(mass_, out_, n, V, reg, der, K, x, dx, f, df);
}

void ModelProgram::rhs(const double* x, const double* u, double t, double* f) const {
  double* reg = detail::register_values(registers_).data();
  const int n = state_dim(), m = input_count();
  std::copy(x, x + n, reg);
  std::copy(u, u + m, reg + n);
  reg[time_reg_] = t;
  run(reg);
  if (form_ == Form::ode) {
    for (int i = 0; i < n; ++i) f[i] = reg[out_[i]];
  } else {
    mechanical_solve(reg, nullptr, 0, x, nullptr, f, nullptr);
  }
}

void ModelProgram::rhs_tangent(const double* x, const double* u, double t, const double* dx, const double* du, int K,
                               double* f, double* df) const {
  // Derivative slots: one per register below time_reg_, and time_reg_'s own, the zero slot. The
  // call is unrolled for the usual direction counts KC (as in run_dual) and state counts NC (the
  // FileModel sizes), 0 meaning "as given": the copies in and out are a handful of numbers each,
  // where loops of unknown length and memcpy calls cost more than the copies.
  const int V = time_reg_, m = input_count();
  auto call = [&]<int KC, int NC>() {
    const int k = KC > 0 ? KC : K, n = NC > 0 ? NC : state_dim();
    double* reg = detail::register_values(registers_).data();
    double* der = detail::register_derivatives(static_cast<std::size_t>(V + 1) * k).data();
    for (int i = 0; i < n; ++i) reg[i] = x[i];
    for (int i = 0; i < n * k; ++i) der[i] = dx[i];
    for (int j = 0; j < m; ++j) reg[n + j] = u[j];
    for (int j = 0; j < m * k; ++j) der[n * k + j] = du ? du[j] : 0.0;
    for (int j = 0; j < k; ++j) der[V * k + j] = 0.0;
    reg[time_reg_] = t;
    if constexpr (KC == 0) {
      run_dual(reg, der, k);
    } else {  // run_dual's work without its dispatch on K
      for (const auto& [r, v] : constants_) reg[r] = v;
      dual_pass<KC>(code_, V, reg, der, k);
    }
    if (form_ == Form::ode) {
      for (int i = 0; i < n; ++i) {
        f[i] = reg[out_[i]];
        const double* d = der + std::min(out_[i], V) * k;
        for (int j = 0; j < k; ++j) df[i * k + j] = d[j];
      }
    } else {
      constexpr int D = NC % 2 == 0 ? NC / 2 : 0;  // coordinates; odd counts are never mechanical
      solve_mechanical<KC, D>(mass_, out_, n / 2, V, reg, der, k, x, dx, f, df);
    }
  };
  auto with_k = [&]<int KC>() {
    switch (state_dim()) {
      case 3: return call.template operator()<KC, 3>();
      case 4: return call.template operator()<KC, 4>();
      case 6: return call.template operator()<KC, 6>();
      default: return call.template operator()<KC, 0>();
    }
  };
  switch (K) {
    case 1: return with_k.template operator()<1>();
    case 2: return with_k.template operator()<2>();
    case 3: return with_k.template operator()<3>();
    case 4: return with_k.template operator()<4>();
    case 6: return with_k.template operator()<6>();
    default: return with_k.template operator()<0>();
  }
}

double ModelProgram::energy(const double* x) const {
  if (energy_out_ < 0) return NAN;
  double* reg = detail::register_values(registers_).data();
  const int n = state_dim(), m = input_count();
  std::copy(x, x + n, reg);
  std::fill(reg + n, reg + n + m, 0.0);
  reg[time_reg_] = 0.0;
  for (const auto& [r, v] : constants_) reg[r] = v;
  for (const Instr& in : energy_code_) run_value(in, reg);
  double e = reg[energy_out_];
  if (form_ == Form::mechanical) {  // + ½ q̇ᵀ M(q) q̇, M from the energy program's own registers
    const int d = dof();
    double T = 0.0;
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j) T += x[d + i] * reg[energy_mass_[i * d + j]] * x[d + j];
    e += 0.5 * T;
  }
  return e;
}

}  // namespace chaoskit
