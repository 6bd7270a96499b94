#pragma once
// The leg of the limb paper ("Mathematical Model of the Movement of the Human Limbs", eqs. 22–31):
// thigh (segment 1) and shank (segment 2) as a planar double pendulum, both angles absolute from
// the downward vertical, inertias I1, I2 about each segment's proximal hinge (eqs. 8, 15).
//
//   M = [[I1 + m2 L1², m2 L1 C2 cos(θ1−θ2)], [m2 L1 C2 cos(θ1−θ2), I2]]
//   V = −g (C1 m1 + L1 m2) cos θ1 − g C2 m2 cos θ2                      (eq. 21)
//
// The paper has no inputs; chaoskit allows a hip moment τ1 (pelvis on thigh) and a knee moment τ2
// (thigh on shank). On absolute angles they act as Q = (τ1 − τ2, τ2), so the actuator power is
// τ1 θ̇1 + τ2 (θ̇2 − θ̇1): the knee moment works on the relative rate, as it physically does.
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

struct LimbParams {
  double L1 = NAN;  // thigh length, hip to knee [m]
  double L2 = NAN;  // shank length, knee to endpoint (ankle); does not enter the dynamics [m]
  double m1 = NAN;  // thigh mass [kg]
  double C1 = NAN;  // thigh COM distance from the hip [m]
  double I1 = NAN;  // thigh inertia about the hip [kg m²]
  double m2 = NAN;  // shank mass [kg]
  double C2 = NAN;  // shank COM distance from the knee [m]
  double I2 = NAN;  // shank inertia about the knee [kg m²]
  double g = NAN;   // gravitational acceleration [m/s²]

  /// Visits every field with its FieldInfo; `self` may be const or not.
  template <class Self, class F>
  static void visit(Self& self, F&& f) {
    f(FieldInfo{"L1", "m", "thigh length", Bound::positive}, self.L1);
    f(FieldInfo{"L2", "m", "shank length", Bound::positive}, self.L2);
    f(FieldInfo{"m1", "kg", "thigh mass", Bound::positive}, self.m1);
    f(FieldInfo{"C1", "m", "thigh COM distance from the hip", Bound::positive}, self.C1);
    f(FieldInfo{"I1", "kg m^2", "thigh inertia about the hip", Bound::positive}, self.I1);
    f(FieldInfo{"m2", "kg", "shank mass", Bound::positive}, self.m2);
    f(FieldInfo{"C2", "m", "shank COM distance from the knee", Bound::positive}, self.C2);
    f(FieldInfo{"I2", "kg m^2", "shank inertia about the knee", Bound::positive}, self.I2);
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

  /// Field bounds, then the parallel-axis theorem: an inertia about the hinge can never be smaller
  /// than m C² (that would need a negative centroidal inertia).
  void validate(const std::string& context = "") const {
    check_fields(*this, context);
    if (I1 < m1 * C1 * C1)
      throw InputError(context + "I1", "thigh inertia about the hip must be >= m1*C1^2 (parallel-axis theorem)");
    if (I2 < m2 * C2 * C2)
      throw InputError(context + "I2", "shank inertia about the knee must be >= m2*C2^2 (parallel-axis theorem)");
  }
};

struct LimbModel {
  static constexpr int dof = 2;
  static constexpr int state_dim = 4;
  static constexpr int input_dim = 2;
  LimbParams p;  ///< fixed after construction: tangent_rhs uses constants derived from it there

  explicit LimbModel(const LimbParams& params) : p(params) {
    p.validate();
    const double c[lane_constant_count] = {p.m2 * p.L1 * p.C2, p.I1 + p.m2 * p.L1 * p.L1, p.I2, p.g * first_moment_1(),
                                           p.g * p.C2 * p.m2};
    for (int i = 0; i < lane_constant_count; ++i) tc[i] = c[i];
  }

  std::vector<std::string> state_names() const { return {"th1", "th2", "dth1", "dth2"}; }
  std::vector<std::string> input_names() const { return {"tau_hip", "tau_knee"}; }

  /// Gravity moment coefficient of the thigh angle, C1 m1 + L1 m2 [kg m].
  double first_moment_1() const { return p.C1 * p.m1 + p.L1 * p.m2; }

  template <class S>
  Mat<S, 2, 2> mass_matrix(const Vec<S, 2>& q) const {
    using std::cos;
    Mat<S, 2, 2> M;
    M(0, 0) = S(p.I1 + p.m2 * p.L1 * p.L1);
    M(0, 1) = p.m2 * p.L1 * p.C2 * cos(q(0) - q(1));
    M(1, 0) = M(0, 1);
    M(1, 1) = S(p.I2);
    return M;
  }

  /// Velocity terms of eqs. (28)–(29): (m2 L1 C2 sin(θ1−θ2) θ̇2², −m2 L1 C2 sin(θ1−θ2) θ̇1²).
  template <class S>
  Vec<S, 2> bias(const Vec<S, 2>& q, const Vec<S, 2>& qd) const {
    using std::sin;
    const S bs = p.m2 * p.L1 * p.C2 * sin(q(0) - q(1));
    return Vec<S, 2>(bs * qd(1) * qd(1), -bs * qd(0) * qd(0));
  }

  template <class S>
  Vec<S, 2> gravity(const Vec<S, 2>& q) const {
    using std::sin;
    return Vec<S, 2>(p.g * first_moment_1() * sin(q(0)), p.g * p.C2 * p.m2 * sin(q(1)));
  }

  template <class S>
  S potential_energy(const Vec<S, 2>& q) const {
    using std::cos;
    return -p.g * first_moment_1() * cos(q(0)) - p.g * p.C2 * p.m2 * cos(q(1));
  }

  template <class S>
  Vec<S, 2> dissipation(const Vec<S, 2>&) const {
    return Vec<S, 2>::Zero();
  }

  Mat<double, 2, 2> input_matrix() const { return (Mat<double, 2, 2>() << 1, -1, 0, 1).finished(); }
  Mat<double, 2, 2> angle_map() const { return Mat<double, 2, 2>::Identity(); }
  Vec<double, 2> endpoint_lengths() const { return Vec<double, 2>(p.L1, p.L2); }

  template <class S>
  Vec<S, 4> rhs(const Vec<S, 4>& x, const Vec<S, 2>& u, S /*t*/) const {
    return mechanical_rhs(*this, x, u);
  }

  /// f and ∂f/∂x · W for K deviation vectors, derived by hand: the tangent flow's fast path
  /// (integrate/tangent_rhs.hpp). AutoDiff drags the state's derivatives through every sin, cos
  /// and product of rhs(); here the direction-independent factors are computed once per call. With
  /// φ = θ1 − θ2, c = cos φ, s = sin φ, b = m2 L1 C2, A = I1 + m2 L1², gA = g (C1 m1 + L1 m2),
  /// gB = g C2 m2 (the terms of mass_matrix, bias and gravity above) and M(φ) α = F(x):
  ///   F1 = τ1 − τ2 − b s ω2² − gA sin θ1,   F2 = τ2 + b s ω1² − gB sin θ2,
  ///   δα = M⁻¹ (δF − δM α),   δM α = −b s δφ (α2, α1),
  ///   δF1 = −b c ω2² δφ − 2 b s ω2 δω2 − gA cos θ1 δθ1,
  ///   δF2 =  b c ω1² δφ + 2 b s ω1 δω1 − gB cos θ2 δθ2,
  /// M⁻¹ = [[I2, −b c], [−b c, A]] / (A I2 − b² c²). sin and cos of θ1 and θ2 come from one
  /// sincos_pair (in double), those of φ from angle subtraction.
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
  /// constant enters the same operations whichever C is (A · i2 too), so a lane's bits are the scalar's.
  template <class C, class S, int K, class FOut, class JWOut>
  static void tangent_rhs_with(const C* tc, const Vec<S, 4>& x, const Vec<S, 2>& u, S /*t*/, const Mat<S, 4, K>& W,
                               FOut&& f, JWOut&& JW) {
    const C b = tc[0], A = tc[1], i2 = tc[2], gA = tc[3], gB = tc[4];
    S s1, c1, s2, c2;
    sincos_two(x(0), x(1), s1, c1, s2, c2);                // sincos_pair.hpp: one polynomial for double and lanes
    const S s = s1 * c2 - c1 * s2, c = c1 * c2 + s1 * s2;  // sin and cos of θ1 − θ2
    const S w1 = x(2), w2 = x(3);
    const S bs = b * s, bc = b * c;
    const S inv_det = 1.0 / (A * i2 - bc * bc);
    const S F1 = (u(0) - u(1)) - bs * (w2 * w2) - gA * s1;
    const S F2 = u(1) + bs * (w1 * w1) - gB * s2;
    const S a1 = (i2 * F1 - bc * F2) * inv_det;
    const S a2 = (A * F2 - bc * F1) * inv_det;
    f(0) = w1;
    f(1) = w2;
    f(2) = a1;
    f(3) = a2;
    // The direction-independent factors of δF − δM α.
    const S p1 = bs * a2 - bc * (w2 * w2), p2 = bs * a1 + bc * (w1 * w1);
    const S gA_c1 = gA * c1, gB_c2 = gB * c2, bs_2 = 2.0 * bs;
    for (int j = 0; j < K; ++j) {
      const S d1 = W(0, j), d2 = W(1, j), dw1 = W(2, j), dw2 = W(3, j);
      const S dphi = d1 - d2;
      const S r1 = p1 * dphi - bs_2 * w2 * dw2 - gA_c1 * d1;
      const S r2 = p2 * dphi + bs_2 * w1 * dw1 - gB_c2 * d2;
      JW(0, j) = dw1;
      JW(1, j) = dw2;
      JW(2, j) = (i2 * r1 - bc * r2) * inv_det;
      JW(3, j) = (A * r2 - bc * r1) * inv_det;
    }
  }

 private:
  /// The parameter-only terms of tangent_rhs, computed once: b = m2 L1 C2, A = I1 + m2 L1²,
  /// i2 = I2, gA = g (C1 m1 + L1 m2), gB = g C2 m2.
  /// A plain array: the lanes' files must not call std::array's inline members (simd/lanes.hpp).
  double tc[lane_constant_count]{};
};

template <>
struct ModelTraits<LimbModel> {
  using Params = LimbParams;
  static constexpr const char* name = "limb";
  static constexpr const char* default_params = "limb_paper_reconstructed";
  static constexpr const char* summary = "leg (thigh + shank) as a planar double pendulum, limb paper eqs. 22-31";
  static constexpr const char* state = "th1,th2,dth1,dth2";
  static constexpr const char* inputs = "tau_hip,tau_knee";
  static constexpr const char* conventions =
      "both angles absolute from the downward vertical, CCW +; inertias about each proximal hinge";
};

}  // namespace chaoskit
