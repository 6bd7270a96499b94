#pragma once
// Hénon–Heiles (1964): H = ½(px² + py² + x² + y²) + x²y − y³/3, state (x, y, px, py).
// A two-degree-of-freedom Hamiltonian validation system: regular at E = 1/12, mostly chaotic
// near the escape energy 1/6; its Lyapunov exponents come in ± pairs.
#include <string>
#include <vector>

#include "chaoskit/core/types.hpp"
#include "chaoskit/models/model_traits.hpp"

namespace chaoskit {

struct HenonHeilesParams {
  template <class Self, class F>
  static void visit(Self&, F&&) {}
  template <class F>
  void for_each_field(F&&) const {}
  template <class F>
  void for_each_field(F&&) {}
  void validate(const std::string& = "") const {}
};

struct HenonHeilesModel {
  static constexpr int state_dim = 4;
  static constexpr int input_dim = 0;
  HenonHeilesParams p;

  explicit HenonHeilesModel(const HenonHeilesParams& params = {}) : p(params) {}
  std::vector<std::string> state_names() const { return {"x", "y", "px", "py"}; }

  template <class S>
  S energy(const Vec<S, 4>& s) const {
    const S x = s(0), y = s(1);
    return S(0.5) * (s(2) * s(2) + s(3) * s(3) + x * x + y * y) + x * x * y - y * y * y / S(3);
  }

  template <class S>
  Vec<S, 4> rhs(const Vec<S, 4>& s, const Vec<S, 0>& /*u*/, S /*t*/) const {
    const S x = s(0), y = s(1);
    return Vec<S, 4>(s(2), s(3), -x - S(2) * x * y, -y - x * x + y * y);
  }

  /// f and ∂f/∂x · W for K deviation vectors, by hand (integrate/tangent_rhs.hpp picks it over
  /// AutoDiff): the lanes need the tangent flow as plain arithmetic on their scalar, and the scalar
  /// path must do the same operations for both to agree bit for bit. With δ = W's column j,
  ///   δf = (δpx, δpy, −δx − 2 (y δx + x δy), −δy − 2 x δx + 2 y δy).
  /// f is rhs() term for term. tests/integrate/test_tangent_rhs.cpp checks it against AutoDiff.
  template <class S, int K, class FOut, class JWOut>
  void tangent_rhs(const Vec<S, 4>& s, const Vec<S, 0>& u, S t, const Mat<S, 4, K>& W, FOut&& f, JWOut&& JW) const {
    tangent_rhs_with(static_cast<const double*>(nullptr), s, u, t, W, f, JW);
  }

  /// No parameters: nothing differs between lanes.
  static constexpr int lane_constant_count = 0;
  void lane_constants(double*) const {}

  template <class C, class S, int K, class FOut, class JWOut>
  static void tangent_rhs_with(const C* /*none*/, const Vec<S, 4>& s, const Vec<S, 0>& /*u*/, S /*t*/,
                               const Mat<S, 4, K>& W, FOut&& f, JWOut&& JW) {
    const S x = s(0), y = s(1);
    f(0) = s(2);
    f(1) = s(3);
    f(2) = -x - S(2) * x * y;
    f(3) = -y - x * x + y * y;
    const S x2 = S(2) * x, y2 = S(2) * y;
    for (int j = 0; j < K; ++j) {
      const S dx = W(0, j), dy = W(1, j);
      JW(0, j) = W(2, j);
      JW(1, j) = W(3, j);
      JW(2, j) = -dx - (y2 * dx + x2 * dy);
      JW(3, j) = (-dy - x2 * dx) + y2 * dy;
    }
  }
};

template <>
struct ModelTraits<HenonHeilesModel> {
  using Params = HenonHeilesParams;
  static constexpr const char* name = "henon_heiles";
  static constexpr const char* default_params = "henon_heiles";
  static constexpr const char* summary = "Henon-Heiles Hamiltonian (validation: exponent pairing)";
  static constexpr const char* state = "x,y,px,py";
  static constexpr const char* inputs = "none";
  static constexpr const char* conventions = "H = (px^2+py^2+x^2+y^2)/2 + x^2 y - y^3/3";
};

}  // namespace chaoskit
