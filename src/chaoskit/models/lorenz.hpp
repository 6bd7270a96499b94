#pragma once
// Lorenz (1963): ẋ = σ(y − x), ẏ = x(ρ − z) − y, ż = xy − βz. A validation system with a
// published Lyapunov spectrum (0.9056, 0, −14.5723 at σ = 10, ρ = 28, β = 8/3; Sprott) and the
// exact sum rule Σλ = −(σ + 1 + β).
#include <cmath>
#include <string>
#include <vector>

#include "chaoskit/core/types.hpp"
#include "chaoskit/params/field_info.hpp"

namespace chaoskit {

struct LorenzParams {
  double sigma = NAN, rho = NAN, beta = NAN;

  template <class Self, class F>
  static void visit(Self& self, F&& f) {
    f(FieldInfo{"sigma", "1", "Prandtl number sigma", Bound::finite}, self.sigma);
    f(FieldInfo{"rho", "1", "Rayleigh parameter rho", Bound::finite}, self.rho);
    f(FieldInfo{"beta", "1", "geometric factor beta", Bound::finite}, self.beta);
  }
  template <class F>
  void for_each_field(F&& f) const { visit(*this, f); }
  template <class F>
  void for_each_field(F&& f) { visit(*this, f); }
  void validate(const std::string& context = "") const { check_fields(*this, context); }
};

struct LorenzModel {
  static constexpr int state_dim = 3;
  static constexpr int input_dim = 0;
  LorenzParams p;

  explicit LorenzModel(const LorenzParams& params) : p(params) { p.validate(); }
  std::vector<std::string> state_names() const { return {"x", "y", "z"}; }

  /// Trace of ∂f/∂x, constant for Lorenz: the phase-space contraction rate.
  double divergence() const { return -(p.sigma + 1.0 + p.beta); }

  template <class S>
  Vec<S, 3> rhs(const Vec<S, 3>& x, const Vec<S, 0>& /*u*/, S /*t*/) const {
    return Vec<S, 3>(p.sigma * (x(1) - x(0)), x(0) * (p.rho - x(2)) - x(1), x(0) * x(1) - p.beta * x(2));
  }
};

}  // namespace chaoskit
