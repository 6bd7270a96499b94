#pragma once
// Pieces shared by the periodic-orbit tests: a forced Duffing oscillator (a test-only model whose
// vector field depends on t), the complete elliptic integral K by the arithmetic-geometric mean
// (independent of anything chaoskit computes), and shortcuts to the problems of shipped models.
#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <vector>

#include "chaoskit/core/types.hpp"
#include "chaoskit/periodic/parameter_family.hpp"

namespace chaoskit::test {

/// x'' + delta x' + alpha x + beta x^3 = gamma cos(omega t): states x, v; no inputs.
struct ForcedDuffing {
  static constexpr int state_dim = 2;
  static constexpr int input_dim = 0;
  double delta = 0.1, alpha = 1.0, beta = 1.0, gamma = 0.1, omega = 1.4;
  std::vector<std::string> state_names() const { return {"x", "v"}; }
  template <class S>
  Vec<S, 2> rhs(const Vec<S, 2>& x, const Vec<S, 0>&, S t) const {
    using std::cos;
    Vec<S, 2> f;
    f(0) = x(1);
    f(1) = -delta * x(1) - alpha * x(0) - beta * x(0) * x(0) * x(0) + gamma * cos(omega * t);
    return f;
  }
  double forcing_period() const { return 2.0 * std::numbers::pi / omega; }
};

/// K(k) = π / (2 AGM(1, √(1 − k²))) (Abramowitz & Stegun 17.6).
/// A two-component periodic::Vector.
inline periodic::Vector vec2(double a, double b) {
  periodic::Vector x(2);
  x << a, b;
  return x;
}

inline double elliptic_k(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 60 && std::abs(a - b) > 1e-17 * a; ++i) {
    const double m = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = m;
  }
  return std::numbers::pi / (2.0 * a);
}

/// The flow of a shipped model (set `params`, "" for the default), integrator tolerances 1e-12.
inline periodic::FlowSetup model_setup(const std::string& model, const std::string& params = "") {
  periodic::FlowSetup s;
  s.model = model;
  s.params = params;
  s.flow.integrator.stepper = StepperKind::rkf78;
  s.flow.integrator.rtol = 1e-12;
  s.flow.integrator.atol = 1e-12;
  return s;
}

/// The nontrivial multipliers of an analysis.
inline std::vector<std::complex<double>> nontrivial(const periodic::FloquetAnalysis& a) {
  return periodic::nontrivial_multipliers(a);
}

/// How many multipliers are marked trivial.
inline int trivial_count(const periodic::FloquetAnalysis& a) {
  int k = 0;
  for (const auto& m : a.multipliers) k += m.trivial;
  return k;
}

}  // namespace chaoskit::test
