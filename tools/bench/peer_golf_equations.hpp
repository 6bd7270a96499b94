#pragma once
// The golf two-link model written out by hand, as a user without chaoskit would: equations of
// motion, their Jacobian, and the tangent system [x | v]' = [f(x) | J(x) v] for one deviation
// vector. Only <cmath>: the peer program (peer_odeint.cpp) must not depend on chaoskit. The test
// tests/bench/test_peer_jacobian.cpp checks f and J against chaoskit's model and AutoDiff Jacobian.
// Templated on the scalar only so the benchmark can count the operations (flops, sin/cos).
//
// State x = (θ1, θ2, ω1, ω2): θ1 absolute from the downward vertical, θ2 relative to link 1,
// centroidal inertias I1, I2, no joint moments (τ = 0). With
//   K1 = I1 + m1 r1²,  K2 = I2 + m2 r2²,  b = m2 L1 r2,  a = K1 + m2 L1² + K2,
//   gA = (m1 r1 + m2 L1) g,  gB = m2 r2 g,
// the mass matrix is M = [[a + 2b cos θ2, K2 + b cos θ2], [K2 + b cos θ2, K2]], its determinant
//   det = K2 (K1 + m2 L1²) − b² cos² θ2  (> 0),
// the generalised forces F = −c − G are
//   F1 = b sin θ2 (2 ω1 ω2 + ω2²) − gA sin θ1 − gB sin(θ1 + θ2),
//   F2 = −b sin θ2 ω1² − gB sin(θ1 + θ2),
// and α = M⁻¹ F:  α1 = (K2 F1 − M12 F2) / det,  α2 = (M11 F2 − M12 F1) / det.
//
// Jacobian. Rows 1–2 are [0 0 1 0], [0 0 0 1]. For rows 3–4, differentiate M α = F:
//   ∂α/∂x_j = M⁻¹ (∂F/∂x_j − (∂M/∂x_j) α),
// where M depends on θ2 only: ∂M11/∂θ2 = −2 b sin θ2, ∂M12/∂θ2 = −b sin θ2, ∂M22/∂θ2 = 0, so
//   (∂M/∂θ2) α = (−b sin θ2 (2 α1 + α2), −b sin θ2 α1).
// The force derivatives (c12 = cos(θ1 + θ2)):
//   ∂F1/∂θ1 = −gA cos θ1 − gB c12            ∂F2/∂θ1 = −gB c12
//   ∂F1/∂θ2 = b cos θ2 (2 ω1 ω2 + ω2²) − gB c12   ∂F2/∂θ2 = −b cos θ2 ω1² − gB c12
//   ∂F1/∂ω1 = 2 b sin θ2 ω2                  ∂F2/∂ω1 = −2 b sin θ2 ω1
//   ∂F1/∂ω2 = 2 b sin θ2 (ω1 + ω2)           ∂F2/∂ω2 = 0
#include <cmath>

namespace peer_golf {

/// The values of data/params/golf_manufactured.toml (the golf chapter's manufactured set). The
/// benchmark passes the values it reads from that file on the command line, so these defaults are
/// only used when the peer is run by hand; tools/bench/run checks they still match the file.
struct Params {
  double L1 = 0.35, m1 = 2.5, m2 = 0.4, r1 = 0.175, r2 = 0.5, I1 = 0.025, I2 = 0.03, g = 9.81;
};

/// Constants computed once per parameter set.
struct Constants {
  double K2, b, a, d0, gA, gB;
  explicit Constants(const Params& p) {
    const double K1 = p.I1 + p.m1 * p.r1 * p.r1;
    K2 = p.I2 + p.m2 * p.r2 * p.r2;
    b = p.m2 * p.L1 * p.r2;
    a = K1 + p.m2 * p.L1 * p.L1 + K2;
    d0 = K2 * (K1 + p.m2 * p.L1 * p.L1);
    gA = (p.m1 * p.r1 + p.m2 * p.L1) * p.g;
    gB = p.m2 * p.r2 * p.g;
  }
};

/// ẋ = f(x).
template <class S>
void rhs(const Constants& k, const S* x, S* dx) {
  using std::cos;
  using std::sin;
  const S s1 = sin(x[0]), s2 = sin(x[1]), c2 = cos(x[1]), s12 = sin(x[0] + x[1]);
  const S w1 = x[2], w2 = x[3];
  const S M11 = k.a + 2.0 * k.b * c2, M12 = k.K2 + k.b * c2;
  const S det = k.d0 - k.b * k.b * c2 * c2;
  const S F1 = k.b * s2 * (2.0 * w1 * w2 + w2 * w2) - k.gA * s1 - k.gB * s12;
  const S F2 = -k.b * s2 * w1 * w1 - k.gB * s12;
  dx[0] = w1;
  dx[1] = w2;
  dx[2] = (k.K2 * F1 - M12 * F2) / det;
  dx[3] = (M11 * F2 - M12 * F1) / det;
}

/// f(x) and J = ∂f/∂x (row-major 4×4) together, sharing the trigonometric values.
template <class S>
void rhs_and_jacobian(const Constants& k, const S* x, S* dx, S (*J)[4]) {
  using std::cos;
  using std::sin;
  const S s1 = sin(x[0]), c1 = cos(x[0]), s2 = sin(x[1]), c2 = cos(x[1]);
  const S s12 = sin(x[0] + x[1]), c12 = cos(x[0] + x[1]);
  const S w1 = x[2], w2 = x[3];
  const S M11 = k.a + 2.0 * k.b * c2, M12 = k.K2 + k.b * c2;
  const S det = k.d0 - k.b * k.b * c2 * c2;
  const S bs2 = k.b * s2, bc2 = k.b * c2;
  const S q1 = 2.0 * w1 * w2 + w2 * w2;
  const S F1 = bs2 * q1 - k.gA * s1 - k.gB * s12;
  const S F2 = -bs2 * w1 * w1 - k.gB * s12;
  const S a1 = (k.K2 * F1 - M12 * F2) / det;
  const S a2 = (M11 * F2 - M12 * F1) / det;
  dx[0] = w1;
  dx[1] = w2;
  dx[2] = a1;
  dx[3] = a2;
  // ∂F/∂x_j − (∂M/∂x_j) α, column by column (only θ2 moves M).
  S G1[4], G2[4];
  G1[0] = -k.gA * c1 - k.gB * c12;
  G2[0] = -k.gB * c12;
  G1[1] = bc2 * q1 - k.gB * c12 + bs2 * (2.0 * a1 + a2);
  G2[1] = -bc2 * w1 * w1 - k.gB * c12 + bs2 * a1;
  G1[2] = 2.0 * bs2 * w2;
  G2[2] = -2.0 * bs2 * w1;
  G1[3] = 2.0 * bs2 * (w1 + w2);
  G2[3] = S(0.0);
  for (int j = 0; j < 4; ++j) {
    J[0][j] = S(0.0);
    J[1][j] = S(0.0);
    // M⁻¹ = [[K2, −M12], [−M12, M11]] / det
    J[2][j] = (k.K2 * G1[j] - M12 * G2[j]) / det;
    J[3][j] = (M11 * G2[j] - M12 * G1[j]) / det;
  }
  J[0][2] = S(1.0);
  J[1][3] = S(1.0);
}

/// The tangent system for one deviation vector: X = (x, v), dX = (f(x), J(x) v). The full 4×4
/// product, as a straightforward program writes it.
template <class S>
void tangent_rhs(const Constants& k, const S* X, S* dX) {
  S J[4][4];
  rhs_and_jacobian(k, X, dX, J);
  for (int i = 0; i < 4; ++i) {
    S acc = J[i][0] * X[4];
    for (int j = 1; j < 4; ++j) acc += J[i][j] * X[4 + j];
    dX[4 + i] = acc;
  }
}

/// The same fixed unit vector chaoskit starts its λ_max tangent vector from (golden-ratio
/// fractional parts minus ½, normalised), so both programs run the same algorithm.
inline void initial_tangent(double* v) {
  double n2 = 0;
  for (int i = 0; i < 4; ++i) {
    v[i] = std::fmod(0.6180339887498949 * (i + 1), 1.0) - 0.5;
    n2 += v[i] * v[i];
  }
  const double n = std::sqrt(n2);
  for (int i = 0; i < 4; ++i) v[i] /= n;
}

}  // namespace peer_golf
