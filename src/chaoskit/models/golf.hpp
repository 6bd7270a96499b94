#pragma once
// The two-link golf model of the golf chapter ("The Double Pendulum: Golf's Simplest Useful
// Model"): θ1 absolute from the downward vertical, θ2 relative to link 1, centroidal inertias
// I1, I2, joint moments τ1 (base) and τ2 (hinge). Every formula below is the chapter's, written out
// by hand; `chain` with two links is an independent implementation that tests compare against.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "chaoskit/core/types.hpp"
#include "chaoskit/models/mechanics.hpp"
#include "chaoskit/params/field_info.hpp"

namespace chaoskit {

struct GolfParams {
  double L1 = NAN, L2 = NAN;  // link 1 length; hinge-to-endpoint distance of link 2 [m]
  double m1 = NAN, m2 = NAN;  // masses [kg]
  double r1 = NAN, r2 = NAN;  // COM distance from each link's proximal hinge [m]
  double I1 = NAN, I2 = NAN;  // centroidal moments of inertia [kg m²]
  double g = NAN;             // gravitational acceleration [m/s²]

  /// Visits every field with its FieldInfo; `self` may be const or not.
  template <class Self, class F>
  static void visit(Self& self, F&& f) {
    f(FieldInfo{"L1", "m", "length of link 1", Bound::positive}, self.L1);
    f(FieldInfo{"L2", "m", "endpoint length of link 2", Bound::positive}, self.L2);
    f(FieldInfo{"m1", "kg", "mass of link 1", Bound::positive}, self.m1);
    f(FieldInfo{"m2", "kg", "mass of link 2", Bound::positive}, self.m2);
    f(FieldInfo{"r1", "m", "COM distance of link 1 from the pivot", Bound::positive}, self.r1);
    f(FieldInfo{"r2", "m", "COM distance of link 2 from the hinge", Bound::positive}, self.r2);
    f(FieldInfo{"I1", "kg m^2", "centroidal inertia of link 1", Bound::positive}, self.I1);
    f(FieldInfo{"I2", "kg m^2", "centroidal inertia of link 2", Bound::positive}, self.I2);
    f(FieldInfo{"g", "m/s^2", "gravitational acceleration", Bound::nonnegative}, self.g);
  }
  template <class F>
  void for_each_field(F&& f) const { visit(*this, f); }
  template <class F>
  void for_each_field(F&& f) { visit(*this, f); }
  void validate(const std::string& context = "") const { check_fields(*this, context); }
};

struct GolfModel {
  static constexpr int dof = 2;
  static constexpr int state_dim = 4;
  static constexpr int input_dim = 2;
  GolfParams p;

  explicit GolfModel(const GolfParams& params) : p(params) { p.validate(); }

  std::vector<std::string> state_names() const { return {"th1", "th2", "dth1", "dth2"}; }
  std::vector<std::string> input_names() const { return {"tau1", "tau2"}; }

  /// Hinge inertias K_i = I_i + m_i r_i² (chapter, "The System").
  double K1() const { return p.I1 + p.m1 * p.r1 * p.r1; }
  double K2() const { return p.I2 + p.m2 * p.r2 * p.r2; }

  template <class S>
  Mat<S, 2, 2> mass_matrix(const Vec<S, 2>& q) const {
    using std::cos;
    const double b = p.m2 * p.L1 * p.r2;
    const S c2 = cos(q(1));
    Mat<S, 2, 2> M;
    M(0, 0) = K1() + p.m2 * p.L1 * p.L1 + K2() + 2.0 * b * c2;
    M(0, 1) = K2() + b * c2;
    M(1, 0) = M(0, 1);
    M(1, 1) = S(K2());
    return M;
  }

  /// c(q, q̇) = b sin θ2 (−2θ̇1θ̇2 − θ̇2², θ̇1²), b = m2 L1 r2 (chapter, Coriolis/centrifugal).
  template <class S>
  Vec<S, 2> bias(const Vec<S, 2>& q, const Vec<S, 2>& qd) const {
    using std::sin;
    const S bs = p.m2 * p.L1 * p.r2 * sin(q(1));
    return Vec<S, 2>(bs * (-2.0 * qd(0) * qd(1) - qd(1) * qd(1)), bs * qd(0) * qd(0));
  }

  /// G(q) = ∇V (chapter, "The Gravity Vector"); the physical gravity moment is −G.
  template <class S>
  Vec<S, 2> gravity(const Vec<S, 2>& q) const {
    using std::sin;
    const S s12 = p.m2 * p.g * p.r2 * sin(q(0) + q(1));
    return Vec<S, 2>((p.m1 * p.r1 + p.m2 * p.L1) * p.g * sin(q(0)) + s12, s12);
  }

  template <class S>
  S potential_energy(const Vec<S, 2>& q) const {
    using std::cos;
    return -p.m1 * p.g * p.r1 * cos(q(0)) - p.m2 * p.g * (p.L1 * cos(q(0)) + p.r2 * cos(q(0) + q(1)));
  }

  template <class S>
  Vec<S, 2> dissipation(const Vec<S, 2>&) const {
    return Vec<S, 2>::Zero();
  }

  Mat<double, 2, 2> input_matrix() const { return Mat<double, 2, 2>::Identity(); }
  Mat<double, 2, 2> angle_map() const { return (Mat<double, 2, 2>() << 1, 0, 1, 1).finished(); }
  Vec<double, 2> endpoint_lengths() const { return Vec<double, 2>(p.L1, p.L2); }

  template <class S>
  Vec<S, 4> rhs(const Vec<S, 4>& x, const Vec<S, 2>& u, S /*t*/) const {
    return mechanical_rhs(*this, x, u);
  }
};

}  // namespace chaoskit
