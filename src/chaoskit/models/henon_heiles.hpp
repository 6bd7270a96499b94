#pragma once
// Hénon–Heiles (1964): H = ½(px² + py² + x² + y²) + x²y − y³/3, state (x, y, px, py).
// A two-degree-of-freedom Hamiltonian validation system: regular at E = 1/12, mostly chaotic
// near the escape energy 1/6; its Lyapunov exponents come in ± pairs.
#include <string>
#include <vector>

#include "chaoskit/core/types.hpp"

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
};

}  // namespace chaoskit
