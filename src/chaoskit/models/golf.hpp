#pragma once
// The two-link golf model of the golf chapter ("The Double Pendulum: Golf's Simplest Useful
// Model"): θ1 absolute from the downward vertical, θ2 relative to link 1, centroidal inertias
// I1, I2, joint moments τ1 (base) and τ2 (hinge). Every formula below is the chapter's, written out
// by hand; `chain` with two links is an independent implementation that tests compare against.
#include <array>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "chaoskit/core/field_info.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/mechanics.hpp"
#include "chaoskit/models/model_traits.hpp"
#include "chaoskit/models/sincos_pair.hpp"

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
  void for_each_field(F&& f) const {
    visit(*this, f);
  }
  template <class F>
  void for_each_field(F&& f) {
    visit(*this, f);
  }
  void validate(const std::string& context = "") const { check_fields(*this, context); }
};

struct GolfModel {
  static constexpr int dof = 2;
  static constexpr int state_dim = 4;
  static constexpr int input_dim = 2;
  GolfParams p;  ///< fixed after construction: tangent_rhs uses constants derived from it there

  explicit GolfModel(const GolfParams& params) : p(params) {
    p.validate();
    const double c[lane_constant_count] = {p.m2 * p.L1 * p.r2, K2(), K1() + p.m2 * p.L1 * p.L1 + K2(),
                                           (p.m1 * p.r1 + p.m2 * p.L1) * p.g, p.m2 * p.g * p.r2};
    for (int i = 0; i < lane_constant_count; ++i) tc[i] = c[i];
  }

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

  /// f and ∂f/∂x · W for K deviation vectors, derived by hand: the tangent flow's fast path
  /// (integrate/tangent_rhs.hpp), about a fifth of the AutoDiff cost, because on this model the
  /// sin/cos pairs dominate and AutoDiff drags 6 derivatives through every operation. sin and cos
  /// of θ1 and θ2 come from one sincos_pair (in double; libm for the benchmark's counting scalar),
  /// those of θ1 + θ2 from angle addition. ∂f/∂x is never formed: with
  /// M(θ2) α = F(x) = u − c − G, one direction δx = (δθ1, δθ2, δω1, δω2) gives
  ///   δα = M⁻¹ (δF − δθ2 (∂M/∂θ2) α),   (∂M/∂θ2) α = −b sin θ2 (2 α1 + α2, α1),
  ///   δF1 = b cos θ2 h1 δθ2 + 2 b sin θ2 (ω2 δω1 + (ω1 + ω2) δω2) − gA cos θ1 δθ1 − gB cos(θ1+θ2)(δθ1+δθ2),
  ///   δF2 = −b cos θ2 ω1² δθ2 − 2 b sin θ2 ω1 δω1 − gB cos(θ1+θ2)(δθ1+δθ2),
  /// with h1 = ω2 (2 ω1 + ω2), b = m2 L1 r2, gA = (m1 r1 + m2 L1) g, gB = m2 r2 g (the same terms as
  /// mass_matrix, bias and gravity above). Templated on the scalar so the benchmark can count it.
  /// tests/integrate/test_tangent_rhs.cpp checks it against AutoDiff of rhs().
  /// f (4 × 1) and JW (4 × K) may be blocks of a larger matrix (integrate/tangent_rhs.hpp).
  template <class S, int K, class FOut, class JWOut>
  void tangent_rhs(const Vec<S, 4>& x, const Vec<S, 2>& u, S t, const Mat<S, 4, K>& W, FOut&& f, JWOut&& JW) const {
    tangent_rhs_with(tc, x, u, t, W, f, JW);
  }

  /// The parameter-only terms tangent_rhs uses, in the order tangent_rhs_with reads them; the lanes
  /// hold one set per lane (simd/lane_kernels.hpp), so that a sweep over parameters runs on lanes.
  static constexpr int lane_constant_count = 5;
  void lane_constants(double* c) const {
    for (int i = 0; i < lane_constant_count; ++i) c[i] = tc[i];
  }

  /// tangent_rhs with its constants as C: double here, one value per lane on the lanes. Each
  /// constant enters the same operations whichever C is, so a lane's bits are the scalar's.
  template <class C, class S, int K, class FOut, class JWOut>
  static void tangent_rhs_with(const C* tc, const Vec<S, 4>& x, const Vec<S, 2>& u, S /*t*/, const Mat<S, 4, K>& W,
                               FOut&& f, JWOut&& JW) {
    const C b = tc[0], k2 = tc[1], a = tc[2], gA = tc[3], gB = tc[4];
    S s1, c1, s2, c2;
    sincos_two(x(0), x(1), s1, c1, s2, c2);  // sincos_pair.hpp: one polynomial for double and lanes
    const S s12 = s1 * c2 + c1 * s2, c12 = c1 * c2 - s1 * s2;
    const S w1 = x(2), w2 = x(3);
    const S bs2 = b * s2, bc2 = b * c2;
    const S m11 = a + 2.0 * bc2, m12 = k2 + bc2;  // M = [[m11, m12], [m12, K2]]
    const S inv_det = 1.0 / (m11 * k2 - m12 * m12);
    const S h1 = w2 * (2.0 * w1 + w2), h2 = w1 * w1;
    const S gB_s12 = gB * s12;
    const S F1 = u(0) + bs2 * h1 - gA * s1 - gB_s12;
    const S F2 = u(1) - bs2 * h2 - gB_s12;
    const S a1 = (k2 * F1 - m12 * F2) * inv_det;
    const S a2 = (m11 * F2 - m12 * F1) * inv_det;
    f(0) = w1;
    f(1) = w2;
    f(2) = a1;
    f(3) = a2;
    // The direction-independent factors of δF − δθ2 (∂M/∂θ2) α.
    const S p1 = bc2 * h1 + bs2 * (2.0 * a1 + a2), p2 = bs2 * a1 - bc2 * h2;
    const S gA_c1 = gA * c1, gB_c12 = gB * c12, bs2_2 = 2.0 * bs2;
    for (int j = 0; j < K; ++j) {
      const S d1 = W(0, j), d2 = W(1, j), dw1 = W(2, j), dw2 = W(3, j);
      const S grav = gB_c12 * (d1 + d2);
      const S r1 = p1 * d2 - gA_c1 * d1 - grav + bs2_2 * (w2 * dw1 + (w1 + w2) * dw2);
      const S r2 = p2 * d2 - grav - bs2_2 * w1 * dw1;
      JW(0, j) = dw1;
      JW(1, j) = dw2;
      JW(2, j) = (k2 * r1 - m12 * r2) * inv_det;
      JW(3, j) = (m11 * r2 - m12 * r1) * inv_det;
    }
  }

 private:
  /// The parameter-only terms of tangent_rhs, computed once (17 flops of every call before):
  /// b = m2 L1 r2, k2 = K2, a = K1 + m2 L1² + K2, gA = (m1 r1 + m2 L1) g, gB = m2 g r2, each by the
  /// expression the call used, so the values are the same to the bit. A plain array: the lanes'
  /// files must not call std::array's inline members (simd/lanes.hpp).
  double tc[lane_constant_count]{};
};

template <>
struct ModelTraits<GolfModel> {
  using Params = GolfParams;
  static constexpr const char* name = "golf";
  static constexpr const char* default_params = "golf_manufactured";
  static constexpr const char* summary = "two-link golf swing with joint moments, golf chapter";
  static constexpr const char* state = "th1,th2,dth1,dth2";
  static constexpr const char* inputs = "tau1,tau2";
  static constexpr const char* conventions =
      "th1 absolute from the downward vertical, th2 relative to link 1; centroidal inertias";
};

}  // namespace chaoskit
