// The pieces of a mechanical model file (model_program.hpp, "the mechanical form piece by piece"):
// M(q), the forces f with their Jacobian, V(q) with its gradient, and the constant input and
// damping matrices, all through the compiled program's plain and dual-number modes, so every
// derivative is exact. How chaoskit splits the file's f into its manipulator form:
//
//   B = ∂f/∂τ                          (must not depend on the state or the inputs)
//   D = −∂f/∂q̇ at (q, q̇, τ) = (0, 0, 0) (linear viscous damping; must not depend on q)
//   G(q) = ∂V/∂q                        (0 without a potential)
//   c(q, q̇) = −f(q, q̇, 0) − G(q) − D q̇  (everything else: Coriolis and centrifugal terms, and any
//                                        force the potential does not account for)
//
// so M q̈ + c + G + D q̇ = B u holds for every file, and for the forms chaoskit's built-in models
// have (quadratic velocity terms, constant viscous damping) the split is theirs: D is exactly 0
// for a file without damping (the derivative of a quadratic at 0 is 0 in the dual mode, not
// rounding), so "is it damped?" has an exact answer. B and D are checked at a few fixed states;
// a file whose B or D varies is still integrated as written, and the commands that need them
// refuse it (mechanics_problem()).
#include <algorithm>
#include <cmath>
#include <vector>

#include "chaoskit/core/number_text.hpp"
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/register_files.hpp"

namespace chaoskit {

namespace {

// The fixed states at which B and D are compared with their values at rest: angles spread over
// (−3, 3) rad, rates over (−4, 4) rad/s, inputs over (−5, 5), with no two components alike, so
// that a factor cos(th1) on an input or a damping that grows with an angle shows at once.
constexpr int kProbeStates = 6;
double probe_value(int probe, int component, double scale) {
  return scale * std::sin(1.7 * (probe + 1) + 0.9 * component + 0.3);
}

std::string number(double v) { return number_text(v, 6); }

}  // namespace

void ModelProgram::mass_matrix_at(const double* q, double* M) const {
  const int n = state_dim(), m = input_count(), d = dof();
  if (form_ != Form::mechanical) return;  // dof() is 0: nothing to write
  double* reg = detail::register_values(registers_).data();
  std::fill(reg, reg + n + m, 0.0);
  reg[time_reg_] = 0.0;
  std::copy(q, q + d, reg);
  run(reg);
  for (int i = 0; i < d * d; ++i) M[i] = reg[mass_[i]];
}

void ModelProgram::forces_at(const double* x, const double* u, double* f, double* J) const {
  const int n = state_dim(), m = input_count(), d = dof();
  if (form_ != Form::mechanical) return;
  double* reg = detail::register_values(registers_).data();
  std::copy(x, x + n, reg);
  for (int j = 0; j < m; ++j) reg[n + j] = u ? u[j] : 0.0;
  reg[time_reg_] = 0.0;
  if (!J) {
    run(reg);
    for (int i = 0; i < d; ++i) f[i] = reg[out_[i]];
    return;
  }
  // One direction per state and input component: the dual mode then carries ∂/∂x and ∂/∂u.
  const int K = n + m;
  double* der = detail::register_derivatives(static_cast<std::size_t>(registers_) * K).data();
  // Seeds: the identity on the states' and inputs' slots; time_reg_'s slot is the zero slot that
  // every register without derivative work reads (model_program_passes.hpp's layout).
  std::fill(der, der + (n + m) * K, 0.0);
  std::fill(der + time_reg_ * K, der + (time_reg_ + 1) * K, 0.0);
  for (int k = 0; k < K; ++k) der[k * K + k] = 1.0;
  run_dual(reg, der, K);
  for (int i = 0; i < d; ++i) {
    f[i] = reg[out_[i]];
    const double* slot = der + std::min(out_[i], time_reg_) * K;
    for (int k = 0; k < K; ++k) J[i * K + k] = slot[k];
  }
}

double ModelProgram::potential_at(const double* q, double* G) const {
  const int n = state_dim(), m = input_count(), d = dof();
  if (!potential_program_) {
    if (G) std::fill(G, G + d, 0.0);
    return NAN;
  }
  const ModelProgram& p = *potential_program_;
  double* reg = detail::register_values(p.registers_).data();
  std::fill(reg, reg + n + m, 0.0);
  reg[p.time_reg_] = 0.0;
  std::copy(q, q + d, reg);
  if (!G) {
    p.run(reg);
    return reg[p.energy_out_];
  }
  const int K = d;
  double* der = detail::register_derivatives(static_cast<std::size_t>(p.registers_) * K).data();
  std::fill(der, der + (n + m) * K, 0.0);
  std::fill(der + p.time_reg_ * K, der + (p.time_reg_ + 1) * K, 0.0);
  for (int k = 0; k < K; ++k) der[k * K + k] = 1.0;
  p.run_dual(reg, der, K);
  const double* slot = der + std::min(p.energy_out_, p.time_reg_) * K;
  for (int k = 0; k < K; ++k) G[k] = slot[k];
  return reg[p.energy_out_];
}

void ModelProgram::derive_mechanics() {
  if (form_ != Form::mechanical) return;
  const int n = state_dim(), m = input_count(), d = dof(), K = n + m;
  std::vector<double> x(n, 0.0), u(m, 0.0), f(d), J(d * K);
  forces_at(x.data(), u.data(), f.data(), J.data());
  input_matrix_.assign(d * m, 0.0);
  damping_matrix_.assign(d * d, 0.0);
  for (int i = 0; i < d; ++i) {
    for (int j = 0; j < m; ++j) input_matrix_[i * m + j] = J[i * K + n + j];
    for (int j = 0; j < d; ++j) damping_matrix_[i * d + j] = -J[i * K + d + j];
  }
  auto same = [](double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b)); };
  auto where = [&](int probe, bool rates, bool inputs) {
    std::string s;
    for (int i = 0; i < (rates ? n : d); ++i)
      s += (s.empty() ? "" : ", ") + states_[i] + " = " + number(probe_value(probe, i, i < d ? 3.0 : 4.0));
    if (inputs)
      for (int j = 0; j < m; ++j) s += ", " + inputs_[j] + " = " + number(probe_value(probe, n + j, 5.0));
    return s;
  };
  for (int i = 0; i < d * m; ++i)
    if (!std::isfinite(input_matrix_[i]))
      mechanics_problem_ = "the input matrix B = df/d(inputs) is not finite at rest";
  for (int i = 0; i < d * d; ++i)
    if (!std::isfinite(damping_matrix_[i])) mechanics_problem_ = "the damping -df/d(rates) is not finite at rest";
  for (int probe = 0; probe < kProbeStates && mechanics_problem_.empty(); ++probe) {
    // B at a state with every component and input nonzero; D at angles with rates and inputs 0.
    for (int i = 0; i < n; ++i) x[i] = probe_value(probe, i, i < d ? 3.0 : 4.0);
    for (int j = 0; j < m; ++j) u[j] = probe_value(probe, n + j, 5.0);
    forces_at(x.data(), u.data(), f.data(), J.data());
    for (int i = 0; i < d && mechanics_problem_.empty(); ++i)
      for (int j = 0; j < m && mechanics_problem_.empty(); ++j)
        if (!same(J[i * K + n + j], input_matrix_[i * m + j]))
          mechanics_problem_ = "the input matrix B = d(forces[" + std::to_string(i + 1) + "])/d" + inputs_[j] + " is " +
                               number(input_matrix_[i * m + j]) + " at rest but " + number(J[i * K + n + j]) + " at " +
                               where(probe, true, true) + " (basins, energy surfaces and inspect need a constant B)";
    std::fill(x.begin() + d, x.end(), 0.0);
    std::fill(u.begin(), u.end(), 0.0);
    forces_at(x.data(), u.data(), f.data(), J.data());
    for (int i = 0; i < d && mechanics_problem_.empty(); ++i)
      for (int j = 0; j < d && mechanics_problem_.empty(); ++j)
        if (!same(-J[i * K + d + j], damping_matrix_[i * d + j]))
          mechanics_problem_ = "the damping -d(forces[" + std::to_string(i + 1) + "])/d" + states_[d + j] + " is " +
                               number(damping_matrix_[i * d + j]) + " at rest but " + number(-J[i * K + d + j]) +
                               " at " + where(probe, false, false) +
                               " (basins, energy surfaces and inspect need a constant D)";
  }
}

}  // namespace chaoskit
