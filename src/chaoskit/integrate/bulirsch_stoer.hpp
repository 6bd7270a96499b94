#pragma once
// Boost.Odeint's Bulirsch–Stoer on a run-time-sized state, compiled once (bulirsch_stoer.cpp)
// for every model and every system the driver integrates.
//
// Why not one instance per state type, like dopri5 and rkf78: odeint's extrapolation (its modified
// midpoint sequence, the extrapolation table, the order and step control) instantiated for each
// fixed-size state was a third of a five-link chain's instance unit and a fifth of golf's
// (tools/bench/README.md, "Build costs"), for the one stepper no workload chooses by default.
// Here the state is a flat vector of the fixed-size state's coefficients (column-major) and the
// right-hand side is reached through a FunctionRef, so the extrapolation is the same arithmetic on
// the same numbers: every operation odeint applies is elementwise, and its error norm is the
// largest component, so the result is bit for bit that of the fixed-size instance it replaces.
// Cost: two copies of the state around each right-hand side, and run-time-sized vector loops.
#include <memory>

#include "chaoskit/core/function_ref.hpp"

namespace chaoskit {

class RuntimeBulirschStoer {
 public:
  /// f(x, dxdt, t) over `size` coefficients.
  using Rhs = FunctionRef<void(const double* x, double* dxdt, double t)>;

  RuntimeBulirschStoer(double atol, double rtol);
  ~RuntimeBulirschStoer();
  RuntimeBulirschStoer(const RuntimeBulirschStoer&) = delete;
  RuntimeBulirschStoer& operator=(const RuntimeBulirschStoer&) = delete;

  /// Forgets the extrapolation history (after a discontinuity).
  void reset();
  /// odeint's try_step(system, in, t, out, dt): on success t is advanced and dt the next step;
  /// on failure dt is the shorter step to try. Allocates only when `size` changes.
  bool try_step(Rhs rhs, int size, const double* x, double& t, double* x_new, double& dt);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace chaoskit
