// The event side of a model file at run time (model_program.hpp, "events and modes"): guards,
// conditions and resets, each its own compiled program (model_compiler_events.cpp), run by the same
// plain and dual modes as the rhs, so that g, ∂g/∂(x, u, t), x⁺ and ∂x⁺/∂(x, u, t) are exact and
// the values do not depend on whether derivatives are asked for. A guard or condition in a
// constrained mode may read the constraint forces λ (model_constraints.cpp), and a reset may begin
// with an impact (model_impact.cpp), whose rates the reset expressions then read.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/register_files.hpp"

namespace chaoskit {

namespace {
constexpr int kMaxStates = 16;  // the compiler's 8 coordinates and their rates
constexpr int kMaxForces = 8;   // constraints of a mode: at most its coordinates
}  // namespace

const ModelProgram::EventDeclaration& ModelProgram::event(int k) const {
  if (k < 0 || k >= event_count()) throw std::out_of_range("event " + std::to_string(k) + " of " + source_);
  return events_[k].declared;
}

void ModelProgram::run_event_program(const double* x, const double* u, double t, const double* lambda, const double* dx,
                                     const double* du, const double* dt, const double* dlambda, int K, double* reg,
                                     double* der) const {
  const int n = state_dim(), m = input_count(), L = forces_, V = time_reg_;
  std::copy(x, x + n, reg);
  for (int j = 0; j < m; ++j) reg[n + j] = u ? u[j] : 0.0;
  reg[n + m] = t;
  for (int j = 0; j < L; ++j) reg[n + m + 1 + j] = lambda[j];
  reg[V] = 0.0;  // the layout's zero slot: no instruction reads its value
  if (K == 0) return run(reg);
  std::copy(dx, dx + n * K, der);
  for (int j = 0; j < m * K; ++j) der[n * K + j] = du ? du[j] : 0.0;
  for (int k = 0; k < K; ++k) der[(n + m) * K + k] = dt ? dt[k] : 0.0;
  std::copy(dlambda, dlambda + L * K, der + (n + m + 1) * K);
  std::fill(der + V * K, der + (V + 1) * K, 0.0);
  run_dual(reg, der, K);
}

// Every event-side program (guard, condition, reset) is run the same way: the constraint forces of
// the event's mode first, at the state before the event, when the program reads them; then the
// program on `program_x` (the state itself, or for a reset the state after its impact). One place,
// so that the plain and dual calls cannot drift apart.
const double* ModelProgram::run_event_side(const ModelProgram& p, int mode, const double* x, const double* dx,
                                           const double* program_x, const double* program_dx, const double* u, double t,
                                           const double* du, const double* dt, int K, const double** der_out) const {
  double lambda[kMaxForces], dlambda[kMaxForces * kMaxEventDirections];
  if (p.forces_ > 0) event_side_constraint_forces(mode, x, u, t, dx, du, dt, K, lambda, K > 0 ? dlambda : nullptr);
  double* reg = detail::register_values(p.registers_).data();
  double* der = K > 0 ? detail::register_derivatives(static_cast<std::size_t>(p.time_reg_ + 1) * K).data() : nullptr;
  p.run_event_program(program_x, u, t, lambda, program_dx, du, dt, K > 0 ? dlambda : nullptr, K, reg, der);
  if (der_out) *der_out = der;
  return reg;
}

double ModelProgram::event_guard(int k, const double* x, const double* u, double t) const {
  const CompiledEvent& e = events_.at(static_cast<std::size_t>(k));
  const double* reg = run_event_side(*e.guard, e.declared.from_mode, x, nullptr, x, nullptr, u, t, nullptr, nullptr, 0);
  return reg[e.guard->out_[0]];
}

void ModelProgram::event_guard_tangent(int k, const double* x, const double* u, double t, const double* dx,
                                       const double* du, const double* dt, int K, double* g_out, double* dg) const {
  if (K < 1 || K > kMaxEventDirections)
    throw std::invalid_argument("event_guard_tangent: 1 to " + std::to_string(kMaxEventDirections) + " directions");
  const CompiledEvent& e = events_.at(static_cast<std::size_t>(k));
  const ModelProgram& g = *e.guard;
  const double* der = nullptr;
  const double* reg = run_event_side(g, e.declared.from_mode, x, dx, x, dx, u, t, du, dt, K, &der);
  const int out = g.out_[0];
  *g_out = reg[out];
  const double* slot = der + std::min(out, g.time_reg_) * K;
  std::copy(slot, slot + K, dg);
}

bool ModelProgram::event_allowed(int k, const double* x, const double* u, double t) const {
  const CompiledEvent& e = events_.at(static_cast<std::size_t>(k));
  if (!e.when) return true;
  const double* reg = run_event_side(*e.when, e.declared.from_mode, x, nullptr, x, nullptr, u, t, nullptr, nullptr, 0);
  return reg[e.when->out_[0]] != 0.0;
}

void ModelProgram::event_reset(int k, const double* x, const double* u, double t, double* x_plus) const {
  const CompiledEvent& e = events_.at(static_cast<std::size_t>(k));
  const int n = state_dim(), d = dof();
  double xs[kMaxStates];
  std::copy(x, x + n, xs);
  if (e.declared.impact) impact_rates(k, x, u, t, nullptr, nullptr, nullptr, 0, xs + d, nullptr);
  if (!e.reset) return (void)std::copy(xs, xs + n, x_plus);
  const double* reg =
      run_event_side(*e.reset, e.declared.from_mode, x, nullptr, xs, nullptr, u, t, nullptr, nullptr, 0);
  for (int i = 0; i < n; ++i) x_plus[i] = reg[e.reset->out_[i]];
}

void ModelProgram::event_reset_tangent(int k, const double* x, const double* u, double t, const double* dx,
                                       const double* du, const double* dt, int K, double* x_plus,
                                       double* dx_plus) const {
  if (K < 1 || K > kMaxEventDirections)
    throw std::invalid_argument("event_reset_tangent: 1 to " + std::to_string(kMaxEventDirections) + " directions");
  const CompiledEvent& e = events_.at(static_cast<std::size_t>(k));
  const int n = state_dim(), d = dof();
  // The state after the impact (positions unchanged, rates jumped) and its directions.
  double xs[kMaxStates], dxs[kMaxStates * kMaxEventDirections];
  std::copy(x, x + n, xs);
  std::copy(dx, dx + n * K, dxs);
  if (e.declared.impact) impact_rates(k, x, u, t, dx, du, dt, K, xs + d, dxs + d * K);
  if (!e.reset) {
    std::copy(xs, xs + n, x_plus);
    std::copy(dxs, dxs + n * K, dx_plus);
    return;
  }
  const ModelProgram& r = *e.reset;
  const double* der = nullptr;
  const double* reg = run_event_side(r, e.declared.from_mode, x, dx, xs, dxs, u, t, du, dt, K, &der);
  for (int i = 0; i < n; ++i) {
    const int out = r.out_[i];
    x_plus[i] = reg[out];
    const double* slot = der + std::min(out, r.time_reg_) * K;
    std::copy(slot, slot + K, dx_plus + i * K);
  }
}

}  // namespace chaoskit
