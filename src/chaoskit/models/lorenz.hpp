#pragma once
// Lorenz (1963): ẋ = σ(y − x), ẏ = x(ρ − z) − y, ż = xy − βz. A validation system with a
// published Lyapunov spectrum (0.9056, 0, −14.5723 at σ = 10, ρ = 28, β = 8/3; Sprott) and the
// exact sum rule Σλ = −(σ + 1 + β).
#include <cmath>
#include <string>
#include <vector>

#include "chaoskit/core/field_info.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/model_traits.hpp"

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
  void for_each_field(F&& f) const {
    visit(*this, f);
  }
  template <class F>
  void for_each_field(F&& f) {
    visit(*this, f);
  }
  void validate(const std::string& context = "") const { check_fields(*this, context); }
};

struct LorenzModel {
  static constexpr int state_dim = 3;
  static constexpr int input_dim = 0;
  LorenzParams p;  ///< fixed after construction: tangent_rhs reads σ, ρ, β from a copy made there

  explicit LorenzModel(const LorenzParams& params) : p(params) { p.validate(); }
  std::vector<std::string> state_names() const { return {"x", "y", "z"}; }

  /// Trace of ∂f/∂x, constant for Lorenz: the phase-space contraction rate.
  double divergence() const { return -(p.sigma + 1.0 + p.beta); }

  template <class S>
  Vec<S, 3> rhs(const Vec<S, 3>& x, const Vec<S, 0>& /*u*/, S /*t*/) const {
    return Vec<S, 3>(p.sigma * (x(1) - x(0)), x(0) * (p.rho - x(2)) - x(1), x(0) * x(1) - p.beta * x(2));
  }

  /// f and ∂f/∂x · W for K deviation vectors, by hand (integrate/tangent_rhs.hpp picks it over
  /// AutoDiff): the lanes need the tangent flow as plain arithmetic on their scalar, and the scalar
  /// path must do the same operations for both to agree bit for bit. With δ = W's column j,
  ///   δf = (σ (δy − δx), (ρ − z) δx − x δz − δy, y δx + x δy − β δz).
  /// f is rhs() term for term. tests/integrate/test_tangent_rhs.cpp checks it against AutoDiff.
  template <class S, int K, class FOut, class JWOut>
  void tangent_rhs(const Vec<S, 3>& x, const Vec<S, 0>& u, S t, const Mat<S, 3, K>& W, FOut&& f, JWOut&& JW) const {
    tangent_rhs_with(lc, x, u, t, W, f, JW);
  }

  /// σ, ρ, β as tangent_rhs_with reads them; the lanes hold one set per lane (simd/lane_kernels.hpp).
  static constexpr int lane_constant_count = 3;
  void lane_constants(double* c) const { c[0] = p.sigma, c[1] = p.rho, c[2] = p.beta; }

  /// tangent_rhs with σ, ρ, β as C: double here, one value per lane on the lanes.
  template <class C, class S, int K, class FOut, class JWOut>
  static void tangent_rhs_with(const C* c, const Vec<S, 3>& x, const Vec<S, 0>& /*u*/, S /*t*/, const Mat<S, 3, K>& W,
                               FOut&& f, JWOut&& JW) {
    const C sigma = c[0], rho = c[1], beta = c[2];
    const S rho_z = rho - x(2);
    f(0) = sigma * (x(1) - x(0));
    f(1) = x(0) * rho_z - x(1);
    f(2) = x(0) * x(1) - beta * x(2);
    for (int j = 0; j < K; ++j) {
      const S dx = W(0, j), dy = W(1, j), dz = W(2, j);
      JW(0, j) = sigma * (dy - dx);
      JW(1, j) = (rho_z * dx - x(0) * dz) - dy;
      JW(2, j) = (x(1) * dx + x(0) * dy) - beta * dz;
    }
  }

 private:
  double lc[lane_constant_count] = {p.sigma, p.rho, p.beta};  // set once p is (p is declared first)
};

template <>
struct ModelTraits<LorenzModel> {
  using Params = LorenzParams;
  static constexpr const char* name = "lorenz";
  static constexpr const char* default_params = "lorenz_classic";
  static constexpr const char* summary = "Lorenz-63 convection model (validation: published Lyapunov spectrum)";
  static constexpr const char* state = "x,y,z";
  static constexpr const char* inputs = "none";
  static constexpr const char* conventions = "sigma, rho, beta";
};

}  // namespace chaoskit
