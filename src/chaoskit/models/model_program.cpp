// Running a compiled model file (model_program.hpp): the register machine on doubles, its
// dual-number twin, and the per-call solve of the mechanical form. The compiler is
// model_compiler.cpp.
#include "chaoskit/models/model_program.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "chaoskit/models/sincos_pair.hpp"

namespace chaoskit {

namespace {

// Per-thread register files, grown to the largest program a thread has run and then reused: no
// allocation per call. Each thread integrates one trajectory at a time, so one buffer suffices.
std::vector<double>& value_buffer(std::size_t n) {
  thread_local std::vector<double> buf;
  if (buf.size() < n) buf.resize(n);
  return buf;
}
std::vector<double>& derivative_buffer(std::size_t n) {
  thread_local std::vector<double> buf;
  if (buf.size() < n) buf.resize(n);
  return buf;
}

using Code = ModelProgram::Code;

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

double wrap_angle(double a) {
  a = std::remainder(a, 2.0 * std::numbers::pi);
  if (a <= -std::numbers::pi) a += 2.0 * std::numbers::pi;
  return a;
}

// The value of one instruction; the compiler folds constants with the same function, so a folded
// parameter expression is the value the program would have computed.
inline double apply(Code op, double a, double b, double c) {
  switch (op) {
    case Code::copy: return a;
    case Code::neg: return -a;
    case Code::add: return a + b;
    case Code::sub: return a - b;
    case Code::mul: return a * b;
    case Code::div: return a / b;
    case Code::pow: return std::pow(a, b);
    case Code::lt: return a < b;
    case Code::le: return a <= b;
    case Code::gt: return a > b;
    case Code::ge: return a >= b;
    case Code::eq: return a == b;
    case Code::ne: return a != b;
    case Code::land: return (a != 0.0) && (b != 0.0);
    case Code::lor: return (a != 0.0) || (b != 0.0);
    case Code::lnot: return a == 0.0 ? 1.0 : 0.0;
    case Code::sin: return sin_of(a);
    case Code::cos: return cos_of(a);
    case Code::tan: return std::tan(a);
    case Code::asin: return std::asin(a);
    case Code::acos: return std::acos(a);
    case Code::atan: return std::atan(a);
    case Code::atan2: return std::atan2(a, b);
    case Code::exp: return std::exp(a);
    case Code::log: return std::log(a);
    case Code::sqrt: return std::sqrt(a);
    case Code::abs: return std::abs(a);
    case Code::min: return std::min(a, b);
    case Code::max: return std::max(a, b);
    case Code::wrap: return wrap_angle(a);
    case Code::select: return a != 0.0 ? b : c;
  }
  return NAN;
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

}  // namespace

double model_program_apply(Code op, double a, double b, double c) { return apply(op, a, b, c); }

void ModelProgram::run(double* reg) const {
  for (const auto& [r, v] : constants_) reg[r] = v;
  for (const Instr& in : code_) reg[in.dst] = apply(in.op, reg[in.a], reg[in.b], reg[in.c]);
}

void ModelProgram::run_dual(double* reg, double* der, int K) const {
  for (const auto& [r, v] : constants_) {
    reg[r] = v;
    std::fill(der + r * K, der + (r + 1) * K, 0.0);
  }
  for (const Instr& in : code_) {
    const double a = reg[in.a], b = reg[in.b];
    // The value and the partial derivatives ∂/∂a, ∂/∂b in one switch (one dispatch per
    // instruction); the chain rule below combines them with the operands' directions. The values
    // are computed exactly as apply() computes them, so the dual mode's f is the plain rhs's f.
    double v, ga = 0.0, gb = 0.0;
    switch (in.op) {
      case Code::copy: v = a, ga = 1.0; break;
      case Code::wrap: v = apply(in.op, a, b, 0.0), ga = 1.0; break;
      case Code::neg: v = -a, ga = -1.0; break;
      case Code::add: v = a + b, ga = 1.0, gb = 1.0; break;
      case Code::sub: v = a - b, ga = 1.0, gb = -1.0; break;
      case Code::mul: v = a * b, ga = b, gb = a; break;
      case Code::div: v = a / b, ga = 1.0 / b, gb = -v / b; break;
      case Code::pow:
        v = std::pow(a, b);
        ga = b == 0.0 ? 0.0 : b * std::pow(a, b - 1.0);
        gb = a > 0.0 ? v * std::log(a) : 0.0;  // a^b with a varying exponent needs a > 0
        break;
      case Code::sin: sin_cos(a, v, ga); break;
      case Code::cos: sin_cos(a, gb, v), ga = -gb, gb = 0.0; break;
      case Code::tan: v = std::tan(a), ga = 1.0 + v * v; break;
      case Code::asin: v = std::asin(a), ga = 1.0 / std::sqrt(1.0 - a * a); break;
      case Code::acos: v = std::acos(a), ga = -1.0 / std::sqrt(1.0 - a * a); break;
      case Code::atan: v = std::atan(a), ga = 1.0 / (1.0 + a * a); break;
      case Code::atan2: {
        const double r2 = a * a + b * b;
        v = std::atan2(a, b), ga = b / r2, gb = -a / r2;
        break;
      }
      case Code::exp: v = std::exp(a), ga = v; break;
      case Code::log: v = std::log(a), ga = 1.0 / a; break;
      case Code::sqrt: v = std::sqrt(a), ga = 0.5 / v; break;
      case Code::abs: v = std::abs(a), ga = a > 0.0 ? 1.0 : a < 0.0 ? -1.0 : 0.0; break;
      case Code::min: v = std::min(a, b), (a <= b ? ga : gb) = 1.0; break;
      case Code::max: v = std::max(a, b), (a >= b ? ga : gb) = 1.0; break;
      case Code::select: {
        const int src = a != 0.0 ? in.b : in.c;
        reg[in.dst] = reg[src];
        std::copy(der + src * K, der + (src + 1) * K, der + in.dst * K);
        continue;
      }
      default: v = apply(in.op, a, b, 0.0); break;  // comparisons and logic: piecewise constant
    }
    reg[in.dst] = v;
    const double* da = der + in.a * K;
    const double* db = der + in.b * K;
    double* d = der + in.dst * K;
    if (gb == 0.0)
      for (int k = 0; k < K; ++k) d[k] = ga * da[k];
    else
      for (int k = 0; k < K; ++k) d[k] = ga * da[k] + gb * db[k];
  }
}

void ModelProgram::mechanical_solve(const double* reg, const double* der, int K, const double* x, const double* dx,
                                    double* f, double* df) const {
  const int n = dof();
  if (n < 1 || n > 8) return;  // the compiler refuses other sizes; this tells GCC so
  double L[64], a[8];
  for (int i = 0; i < n * n; ++i) L[i] = reg[mass_[i]];
  for (int i = 0; i < n; ++i) a[i] = reg[out_[i]];
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
  // δa = M⁻¹ (δF − δM a) for each direction.
  for (int k = 0; k < K; ++k) {
    double r[8];
    for (int i = 0; i < n; ++i) {
      double s = der[out_[i] * K + k];
      for (int j = 0; j < n; ++j) s -= der[mass_[i * n + j] * K + k] * a[j];
      r[i] = s;
    }
    if (ok) two ? solve2(r) : cholesky_solve(L, n, r);
    for (int i = 0; i < n; ++i) {
      df[i * K + k] = dx[(n + i) * K + k];
      df[(n + i) * K + k] = ok ? r[i] : NAN;
    }
  }
}

void ModelProgram::rhs(const double* x, const double* u, double t, double* f) const {
  double* reg = value_buffer(registers_).data();
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
  double* reg = value_buffer(registers_).data();
  double* der = derivative_buffer(static_cast<std::size_t>(registers_) * K).data();
  const int n = state_dim(), m = input_count();
  std::copy(x, x + n, reg);
  std::copy(dx, dx + n * K, der);
  std::copy(u, u + m, reg + n);
  if (du) std::copy(du, du + m * K, der + n * K);
  else std::fill(der + n * K, der + (n + m) * K, 0.0);
  reg[time_reg_] = t;
  std::fill(der + time_reg_ * K, der + (time_reg_ + 1) * K, 0.0);
  run_dual(reg, der, K);
  if (form_ == Form::ode) {
    for (int i = 0; i < n; ++i) {
      f[i] = reg[out_[i]];
      std::copy(der + out_[i] * K, der + (out_[i] + 1) * K, df + i * K);
    }
  } else {
    mechanical_solve(reg, der, K, x, dx, f, df);
  }
}

double ModelProgram::energy(const double* x) const {
  if (energy_out_ < 0) return NAN;
  double* reg = value_buffer(registers_).data();
  const int n = state_dim(), m = input_count();
  std::copy(x, x + n, reg);
  std::fill(reg + n, reg + n + m, 0.0);
  reg[time_reg_] = 0.0;
  for (const auto& [r, v] : constants_) reg[r] = v;
  for (const Instr& in : energy_code_) reg[in.dst] = apply(in.op, reg[in.a], reg[in.b], reg[in.c]);
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
