#pragma once
// A planar chain of N rigid links hanging from a fixed pivot, with the golf model's conventions:
// θ1 absolute from the downward vertical, θk (k > 1) relative to link k−1, centroidal inertias,
// a joint moment τk at every joint and optional viscous joint damping bk (moment −bk θ̇k).
//
// It is derived independently of `golf`, in absolute angles α = A q (A lower-triangular ones):
//   T = ½ Σ_k [m_k |v_k|² + I_k α̇_k²],  v_k = Σ_{j<k} L_j α̇_j t(α_j) + r_k α̇_k t(α_k)
// gives M_α(i,j) = a_ij cos(α_i − α_j) with constant a_ij, c_α,i = Σ_j a_ij sin(α_i − α_j) α̇_j²,
//   a_ii = I_i + m_i r_i² + L_i² Σ_{k>i} m_k,   a_ij = L_i (m_j r_j + L_j Σ_{k>j} m_k)  (i < j),
//   V = −g Σ_j β_j cos α_j,  β_j = m_j r_j + L_j Σ_{k>j} m_k,
// and, since A is constant, M_q = Aᵀ M_α A, c_q = Aᵀ c_α, G_q = Aᵀ G_α, with Q = τ conjugate to q.
// With N = 2 this must equal `golf` to rounding: tests check it.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/field_info.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/chain_tangent.hpp"
#include "chaoskit/models/mechanics.hpp"
#include "chaoskit/models/model_traits.hpp"

namespace chaoskit {

/// The largest chain compiled in (fixed-size types need N at compile time).
inline constexpr int kMaxChainLinks = 5;

struct ChainParams {
  std::vector<double> L, m, r, I;  // per link: length, mass, COM distance from proximal joint, centroidal inertia
  std::vector<double> b;           // per joint viscous damping [N m s/rad]; empty means none
  double g = NAN;

  int links() const { return static_cast<int>(L.size()); }

  /// The field visitor of the other models' parameter structs (GolfParams), with per-link arrays:
  /// f(info, std::vector<double>&) for L, m, r, I, b and f(info, double&) for g, in the order of a
  /// set's [values] (params/param_sets.cpp). A parameter axis names an array's element, `b2`.
  template <class F>
  void for_each_field(F&& f) const {
    visit(*this, f);
  }
  template <class F>
  void for_each_field(F&& f) {
    visit(*this, f);
  }

  void validate(const std::string& context = "") const {
    const int n = links();
    if (n < 1 || n > kMaxChainLinks)
      throw InputError(context + "L",
                       "a chain needs 1 to " + std::to_string(kMaxChainLinks) + " links, got " + std::to_string(n));
    auto check_list = [&](const std::vector<double>& v, const char* name, const char* unit, const char* what,
                          Bound bound) {
      if (static_cast<int>(v.size()) != n)
        throw InputError(context + name, "expected " + std::to_string(n) + " values (one per link, as L), got " +
                                             std::to_string(v.size()));
      for (int i = 0; i < n; ++i) {
        const std::string label = std::string(name) + "[" + std::to_string(i) + "]";
        check_field(FieldInfo{label.c_str(), unit, what, bound}, v[i], context);
      }
    };
    check_list(L, "L", "m", "link length", Bound::positive);
    check_list(m, "m", "kg", "link mass", Bound::positive);
    check_list(r, "r", "m", "COM distance from the proximal joint", Bound::positive);
    check_list(I, "I", "kg m^2", "centroidal inertia", Bound::positive);
    if (!b.empty()) check_list(b, "b", "N m s/rad", "joint damping", Bound::nonnegative);
    check_field(FieldInfo{"g", "m/s^2", "gravitational acceleration", Bound::nonnegative}, g, context);
  }

 private:
  template <class Self, class F>
  static void visit(Self& p, F& f) {
    f(FieldInfo{"L", "m", "link length", Bound::positive}, p.L);
    f(FieldInfo{"m", "kg", "link mass", Bound::positive}, p.m);
    f(FieldInfo{"r", "m", "distance from the proximal joint to the link's centre of mass", Bound::positive}, p.r);
    f(FieldInfo{"I", "kg m^2", "centroidal moment of inertia", Bound::positive}, p.I);
    f(FieldInfo{"b", "N m s/rad", "viscous joint damping", Bound::nonnegative}, p.b);
    f(FieldInfo{"g", "m/s^2", "gravitational acceleration", Bound::nonnegative}, p.g);
  }
};

template <int N>
struct ChainModel {
  static_assert(N >= 1 && N <= kMaxChainLinks);
  static constexpr int dof = N;
  static constexpr int state_dim = 2 * N;
  static constexpr int input_dim = N;

  ChainParams p;
  Mat<double, N, N> a;  // a_ij of the absolute-angle mass matrix
  Vec<double, N> beta;  // gravity coefficients β_j
  Vec<double, N> damping;
  Mat<double, N, N> A;  // α = A q

  explicit ChainModel(const ChainParams& params) : p(params) {
    p.validate();
    if (p.links() != N)
      throw InputError("L", "parameter set has " + std::to_string(p.links()) + " links, model " + std::to_string(N));
    std::array<double, N + 1> mass_below{};  // Σ_{k>i} m_k
    for (int i = N - 1; i >= 0; --i) mass_below[i] = mass_below[i + 1] + p.m[i];
    for (int i = 0; i < N; ++i) {
      beta(i) = p.m[i] * p.r[i] + p.L[i] * mass_below[i + 1];
      a(i, i) = p.I[i] + p.m[i] * p.r[i] * p.r[i] + p.L[i] * p.L[i] * mass_below[i + 1];
      for (int j = i + 1; j < N; ++j) {
        a(i, j) = p.L[i] * (p.m[j] * p.r[j] + p.L[j] * mass_below[j + 1]);
        a(j, i) = a(i, j);
      }
      damping(i) = p.b.empty() ? 0.0 : p.b[i];
    }
    A = Mat<double, N, N>::Zero();
    for (int i = 0; i < N; ++i)
      for (int j = 0; j <= i; ++j) A(i, j) = 1.0;
    for (int i = 0; i < N; ++i) {
      for (int j = 0; j < N; ++j) tc[i * N + j] = a(i, j);
      tc[N * N + i] = p.g * beta(i);
      tc[N * N + N + i] = damping(i);
    }
  }

  std::vector<std::string> state_names() const {
    std::vector<std::string> names;
    for (int i = 1; i <= N; ++i) names.push_back("th" + std::to_string(i));
    for (int i = 1; i <= N; ++i) names.push_back("dth" + std::to_string(i));
    return names;
  }
  std::vector<std::string> input_names() const {
    std::vector<std::string> names;
    for (int i = 1; i <= N; ++i) names.push_back("tau" + std::to_string(i));
    return names;
  }

  template <class S>
  Vec<S, N> absolute_angles(const Vec<S, N>& q) const {
    Vec<S, N> alpha;
    S sum = S(0);
    for (int i = 0; i < N; ++i) alpha(i) = (sum += q(i));
    return alpha;
  }

  /// M_q = Aᵀ M_α A. With A lower-triangular ones, (Aᵀ X A)_kl = Σ_{i≥k} Σ_{j≥l} X_ij: a 2-D
  /// suffix sum. The upper triangle is computed and mirrored, so M_q is exactly symmetric.
  template <class S>
  Mat<S, N, N> mass_matrix(const Vec<S, N>& q) const {
    using std::cos;
    const Vec<S, N> alpha = absolute_angles(q);
    Mat<S, N + 1, N + 1> sum = Mat<S, N + 1, N + 1>::Zero();
    for (int i = N - 1; i >= 0; --i)
      for (int j = N - 1; j >= 0; --j) {
        const S x = i == j ? S(a(i, i)) : S(a(i, j) * cos(alpha(i) - alpha(j)));
        sum(i, j) = x + sum(i + 1, j) + sum(i, j + 1) - sum(i + 1, j + 1);
      }
    Mat<S, N, N> M;
    for (int k = 0; k < N; ++k)
      for (int l = k; l < N; ++l) M(k, l) = M(l, k) = sum(k, l);
    return M;
  }

  /// Aᵀ v: suffix sums (generalised force on relative angle k from absolute-angle forces).
  template <class S>
  static Vec<S, N> to_relative(const Vec<S, N>& v) {
    Vec<S, N> out;
    S acc = S(0);
    for (int k = N - 1; k >= 0; --k) out(k) = (acc += v(k));
    return out;
  }

  template <class S>
  Vec<S, N> bias(const Vec<S, N>& q, const Vec<S, N>& qd) const {
    using std::sin;
    const Vec<S, N> alpha = absolute_angles(q);
    const Vec<S, N> alpha_d = absolute_angles(qd);
    Vec<S, N> ca = Vec<S, N>::Zero();
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        if (i != j) ca(i) += a(i, j) * sin(alpha(i) - alpha(j)) * alpha_d(j) * alpha_d(j);
    return to_relative(ca);
  }

  template <class S>
  Vec<S, N> gravity(const Vec<S, N>& q) const {
    using std::sin;
    const Vec<S, N> alpha = absolute_angles(q);
    Vec<S, N> ga;
    for (int i = 0; i < N; ++i) ga(i) = p.g * beta(i) * sin(alpha(i));
    return to_relative(ga);
  }

  template <class S>
  S potential_energy(const Vec<S, N>& q) const {
    using std::cos;
    const Vec<S, N> alpha = absolute_angles(q);
    S V = S(0);
    for (int i = 0; i < N; ++i) V -= p.g * beta(i) * cos(alpha(i));
    return V;
  }

  template <class S>
  Vec<S, N> dissipation(const Vec<S, N>& qd) const {
    return damping.template cast<S>().cwiseProduct(qd);
  }

  Mat<double, N, N> input_matrix() const { return Mat<double, N, N>::Identity(); }
  Mat<double, N, N> angle_map() const { return A; }
  Vec<double, N> endpoint_lengths() const { return Eigen::Map<const Vec<double, N>>(p.L.data()); }

  template <class S>
  Vec<S, 2 * N> rhs(const Vec<S, 2 * N>& x, const Vec<S, N>& u, S /*t*/) const {
    return mechanical_rhs(*this, x, u);
  }

  /// f and ∂f/∂x · W for K deviation vectors, derived by hand (models/chain_tangent.hpp): the
  /// tangent flow's path on the scalar driver (integrate/tangent_rhs.hpp picks it over AutoDiff)
  /// and, with the constants per lane, on the SIMD lanes, so that both agree bit for bit.
  template <class S, int K, class FOut, class JWOut>
  void tangent_rhs(const Vec<S, 2 * N>& x, const Vec<S, N>& u, S t, const Mat<S, 2 * N, K>& W, FOut&& f,
                   JWOut&& JW) const {
    tangent_rhs_with(tc, x, u, t, W, f, JW);
  }

  /// The parameter-only terms the tangent rhs reads (chain_tangent.hpp's order: a_ij, g β_i, d_i).
  static constexpr int lane_constant_count = chain_tangent::constant_count<N>;
  void lane_constants(double* c) const {
    for (int i = 0; i < lane_constant_count; ++i) c[i] = tc[i];
  }

  template <class C, class S, int K, class FOut, class JWOut>
  static void tangent_rhs_with(const C* c, const Vec<S, 2 * N>& x, const Vec<S, N>& u, S /*t*/,
                               const Mat<S, 2 * N, K>& W, FOut&& f, JWOut&& JW) {
    chain_tangent::tangent_rhs<N>(c, x, u, W, f, JW);
  }

 private:
  /// a, g β and the damping as one plain array (the lanes' files must not call Eigen's or
  /// std::array's members on doubles, simd/lanes.hpp), set with them in the constructor.
  double tc[chain_tangent::constant_count<N>]{};
};

/// Every ChainModel<N> is "chain": the list entry whose N is the parameter set's link count is built.
template <int N>
struct ModelTraits<ChainModel<N>> {
  using Params = ChainParams;
  static constexpr const char* name = "chain";
  static constexpr const char* default_params = "chain3_uniform_rods";
  static constexpr const char* summary = "N planar links (N = 1..5) with optional viscous joint damping";
  static constexpr const char* state = "th1..thN,dth1..dthN";
  static constexpr const char* inputs = "tau1..tauN";
  static constexpr const char* conventions =
      "golf's conventions: th1 absolute, thk relative to link k-1; centroidal inertias";
  static bool accepts(const ChainParams& p) { return p.links() == N; }
};

}  // namespace chaoskit
