#pragma once
// A model read from a TOML file at run time (model_program.hpp; how to write one:
// data/models/README.md), as the fixed-size value type every algorithm expects.
//
// Fixed sizes are compiled in for N = 3, 4 and 6 states only (model_registry.hpp says why); a file
// model has input_dim = N / 2 slots, of which it declares as many as it uses (the rest read zero).
// rhs<S> runs the compiled program on double, and on AutoDiffScalar by its dual-number mode (the
// same instructions, K directions at once); tangent_rhs gives ∂f/∂x · W the same way.
//
// For an even N, FileModel<N> also has the pieces of a MechanicalModel (model_concepts.hpp) with
// dof = N / 2, so that basins, energy surfaces, modes and `inspect` take model files: the type
// cannot know whether its file is mechanical, so the commands and jobs check that at run time
// (mechanical_form.hpp's require_mechanics) before they use the pieces, and the helpers that run
// for every model (simulate's powers, a sweep's initial_energy) ask is_mechanical_model(). How the
// pieces come from the file's M(q), f(q, q̇, τ) and V(q): model_mechanics.cpp.
//
// FileModel<N> is a HybridModel (hybrid_model.hpp): a file's [[events]] and modes, with guards and
// resets on double and AutoDiffScalar alike (the dual mode again: ∂g/∂(x, u, t) and ∂R/∂(x, u, t),
// exact). A file without events has no event, one mode, and the smooth rhs unchanged.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "chaoskit/core/autodiff.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/hybrid_model.hpp"
#include "chaoskit/models/model_program.hpp"

namespace chaoskit {

template <int N>
struct FileModel {
  static constexpr int state_dim = N;
  static constexpr int input_dim = N / 2;
  std::shared_ptr<const ModelProgram> program;  ///< shared and immutable: copies are cheap

  explicit FileModel(std::shared_ptr<const ModelProgram> p) : program(std::move(p)) {}

  /// The mechanical form's number of coordinates (meaningful for a mechanical file only).
  static constexpr int dof = N / 2;

  std::vector<std::string> state_names() const { return program->state_names(); }
  std::vector<std::string> input_names() const { return program->input_names(); }
  const std::string& source() const { return program->source(); }
  /// The file's energy expression (or T + V of the mechanical form); NaN without one.
  double energy(const Vec<double, N>& x) const { return program->energy(x.data()); }

  template <class S>
  Vec<S, N> rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t) const {
    Vec<S, N> f;
    if constexpr (std::is_same_v<S, double>) {
      program->rhs(x.data(), u.data(), t, f.data());
    } else {
      // Eigen::AutoDiffScalar<Vec<double, K>>: values and K derivatives through the dual mode.
      constexpr int K = S::DerType::RowsAtCompileTime;
      static_assert(K > 0, "file models take fixed-size AutoDiff derivatives");
      double xv[N], dx[N * K], uv[input_dim + 1], du[(input_dim + 1) * K], fv[N], df[N * K];
      for (int i = 0; i < N; ++i) {
        xv[i] = x(i).value();
        for (int k = 0; k < K; ++k) dx[i * K + k] = derivative_or_zero(x(i), k);
      }
      for (int j = 0; j < input_dim; ++j) {
        uv[j] = u(j).value();
        for (int k = 0; k < K; ++k) du[j * K + k] = derivative_or_zero(u(j), k);
      }
      program->rhs_tangent(xv, uv, t.value(), dx, du, K, fv, df);
      for (int i = 0; i < N; ++i) {
        typename S::DerType d;
        for (int k = 0; k < K; ++k) d(k) = df[i * K + k];
        f(i) = S(fv[i], d);
      }
    }
    return f;
  }

  // ---- events and modes (hybrid_model.hpp; model_events.cpp) ------------------------------------

  int event_count() const { return program->event_count(); }
  EventInfo event_info(int k) const {
    const auto& e = program->event(k);
    return EventInfo{e.name, static_cast<EventDirection>(e.direction), e.from_mode, e.to_mode, e.terminal};
  }
  std::vector<std::string> mode_names() const { return program->mode_names(); }

  template <class S>
  S event_guard(int k, const Vec<S, N>& x, const Vec<S, input_dim>& u, S t) const {
    if constexpr (std::is_same_v<S, double>) {
      return program->event_guard(k, x.data(), u.data(), t);
    } else {
      constexpr int K = directions<S>();
      Dual<K> in(x, u, t);
      double g, dg[K];
      program->event_guard_tangent(k, in.x, in.u, in.t, in.dx, in.du, in.dt, K, &g, dg);
      typename S::DerType d;
      for (int j = 0; j < K; ++j) d(j) = dg[j];
      return S(g, d);
    }
  }
  bool event_allowed(int k, const Vec<double, N>& x, const Vec<double, input_dim>& u, double t) const {
    return program->event_allowed(k, x.data(), u.data(), t);
  }
  template <class S>
  Vec<S, N> event_reset(int k, const Vec<S, N>& x, const Vec<S, input_dim>& u, S t) const {
    Vec<S, N> out;
    if constexpr (std::is_same_v<S, double>) {
      program->event_reset(k, x.data(), u.data(), t, out.data());
    } else {
      constexpr int K = directions<S>();
      Dual<K> in(x, u, t);
      double xp[N], dxp[N * K];
      program->event_reset_tangent(k, in.x, in.u, in.t, in.dx, in.du, in.dt, K, xp, dxp);
      for (int i = 0; i < N; ++i) {
        typename S::DerType d;
        for (int j = 0; j < K; ++j) d(j) = dxp[i * K + j];
        out(i) = S(xp[i], d);
      }
    }
    return out;
  }
  /// The vector field of `mode`: rhs(x, u, t) in a mode without constraints (the first mode always),
  /// else the constrained dynamics M q̈ = f + Aᵀλ, A q̈ = 0 (model_constraints.cpp).
  template <class S>
  Vec<S, N> rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t, int mode) const {
    if (program->constraint_count(mode) == 0) return rhs(x, u, t);
    Vec<S, N> f;
    if constexpr (std::is_same_v<S, double>) {
      program->rhs_in_mode(mode, x.data(), u.data(), t, f.data());
    } else {
      constexpr int K = directions<S>();
      Dual<K> in(x, u, t);
      double fv[N], df[N * K];
      program->rhs_tangent_in_mode(mode, in.x, in.u, in.t, in.dx, in.du, K, fv, df);
      for (int i = 0; i < N; ++i) {
        typename S::DerType d;
        for (int j = 0; j < K; ++j) d(j) = df[i * K + j];
        f(i) = S(fv[i], d);
      }
    }
    return f;
  }
  /// tangent_rhs in `mode` (see the mode-less one below).
  template <class S, int K, class FOut, class JWOut>
  requires std::is_same_v<S, double>
  void tangent_rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t, const Mat<S, N, K>& W, FOut&& f, JWOut&& JW,
                   int mode) const {
    if (program->constraint_count(mode) == 0) return tangent_rhs(x, u, t, W, f, JW);
    double dx[N * K], fv[N], df[N * K];
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < K; ++k) dx[i * K + k] = W(i, k);
    program->rhs_tangent_in_mode(mode, x.data(), u.data(), t, dx, nullptr, K, fv, df);
    for (int i = 0; i < N; ++i) {
      f(i) = fv[i];
      for (int k = 0; k < K; ++k) JW(i, k) = df[i * K + k];
    }
  }
  /// The constraint forces λ of `mode` at (x, u, t) (empty for a mode without constraints).
  std::vector<double> constraint_forces(int mode, const Vec<double, N>& x, const Vec<double, input_dim>& u,
                                        double t) const {
    std::vector<double> lambda(static_cast<std::size_t>(program->constraint_count(mode)));
    program->constraint_forces(mode, x.data(), u.data(), t, lambda.data());
    return lambda;
  }

  // ---- the mechanical pieces (even N, model = "mechanical"; model_mechanics.cpp) -----------------

  bool mechanical() const { return program->form() == ModelProgram::Form::mechanical; }

  Mat<double, dof, dof> mass_matrix(const Vec<double, dof>& q) const requires(N % 2 == 0) {
    double m[dof * dof];
    std::fill(m, m + dof * dof, NAN);  // what an ODE-form file leaves (callers check the form first)
    program->mass_matrix_at(q.data(), m);
    return row_major<dof, dof>(m);
  }
  /// c(q, q̇) = −f(q, q̇, 0) − G(q) − D q̇: what the forces hold beyond gravity and damping.
  Vec<double, dof> bias(const Vec<double, dof>& q, const Vec<double, dof>& qd) const requires(N % 2 == 0) {
    Vec<double, N> x;
    x << q, qd;
    Vec<double, dof> f = Vec<double, dof>::Constant(NAN);
    program->forces_at(x.data(), nullptr, f.data(), nullptr);
    return -f - gravity(q) - dissipation(qd);
  }
  /// G = ∂V/∂q by the dual mode; 0 without a potential (gravity then stays in bias()).
  Vec<double, dof> gravity(const Vec<double, dof>& q) const requires(N % 2 == 0) {
    Vec<double, dof> G = Vec<double, dof>::Constant(NAN);
    program->potential_at(q.data(), G.data());
    return G;
  }
  Vec<double, dof> dissipation(const Vec<double, dof>& qd) const requires(N % 2 == 0) {
    if (program->damping_matrix().size() != static_cast<std::size_t>(dof * dof)) return Vec<double, dof>::Constant(NAN);
    return row_major<dof, dof>(program->damping_matrix().data()) * qd;
  }
  /// V(q) [J]; NaN without a potential.
  double potential_energy(const Vec<double, dof>& q) const requires(N % 2 == 0) {
    return program->potential_at(q.data(), nullptr);
  }
  /// B (dof × input_dim): the file's inputs, then zero columns for the unused slots.
  Mat<double, dof, input_dim> input_matrix() const requires(N % 2 == 0) {
    Mat<double, dof, input_dim> B = Mat<double, dof, input_dim>::Zero();
    const int m = program->input_count();
    if (program->input_matrix().size() != static_cast<std::size_t>(dof * m)) return B * NAN;  // an ODE-form file
    for (int i = 0; i < dof; ++i)
      for (int j = 0; j < m; ++j) B(i, j) = program->input_matrix()[static_cast<std::size_t>(i * m + j)];
    return B;
  }
  /// α = A q from [kinematics] angles: identity ("absolute") or lower-triangular ones
  /// ("relative"); NaN without [kinematics] (require_mechanics refuses that first).
  Mat<double, dof, dof> angle_map() const requires(N % 2 == 0) {
    switch (program->link_angles()) {
      case ModelProgram::LinkAngles::absolute: return Mat<double, dof, dof>::Identity();
      case ModelProgram::LinkAngles::relative: {
        Mat<double, dof, dof> A = Mat<double, dof, dof>::Zero();
        for (int i = 0; i < dof; ++i)
          for (int j = 0; j <= i; ++j) A(i, j) = 1.0;
        return A;
      }
      case ModelProgram::LinkAngles::none: break;
    }
    return Mat<double, dof, dof>::Constant(NAN);
  }
  /// [kinematics] lengths [m]; NaN without [kinematics].
  Vec<double, dof> endpoint_lengths() const requires(N % 2 == 0) {
    if (program->link_lengths().size() != static_cast<std::size_t>(dof)) return Vec<double, dof>::Constant(NAN);
    return Eigen::Map<const Vec<double, dof>>(program->link_lengths().data());
  }
  /// K = −∂f/∂q at (q, q̇ = 0, τ = 0), the stiffness of the equations as written, for
  /// linear_modes.hpp: it equals ∂G/∂q = ∂²V/∂q² wherever the forces at rest are −∂V/∂q (as in
  /// golf.toml and limb.toml), and needs only first derivatives (the dual mode's).
  Mat<double, dof, dof> stiffness(const Vec<double, dof>& q) const requires(N % 2 == 0) {
    Vec<double, N> x = Vec<double, N>::Zero();
    x.template head<dof>() = q;
    const int K = N + program->input_count();
    double f[dof], J[dof * (N + input_dim)];
    std::fill(J, J + dof * (N + input_dim), NAN);
    program->forces_at(x.data(), nullptr, f, J);
    Mat<double, dof, dof> k;
    for (int i = 0; i < dof; ++i)
      for (int j = 0; j < dof; ++j) k(i, j) = -J[i * K + j];
    return k;
  }

  /// f and ∂f/∂x · W by the dual mode (integrate/tangent_rhs.hpp picks this over AutoDiff of rhs:
  /// one pass with K directions instead of state_dim + input_dim).
  template <class S, int K, class FOut, class JWOut>
  requires std::is_same_v<S, double>
  void tangent_rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t, const Mat<S, N, K>& W, FOut&& f,
                   JWOut&& JW) const {
    double dx[N * K], fv[N], df[N * K];
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < K; ++k) dx[i * K + k] = W(i, k);
    program->rhs_tangent(x.data(), u.data(), t, dx, nullptr, K, fv, df);
    for (int i = 0; i < N; ++i) {
      f(i) = fv[i];
      for (int k = 0; k < K; ++k) JW(i, k) = df[i * K + k];
    }
  }

 private:
  /// The direction count of an AutoDiffScalar (fixed-size, within the event side's limit).
  template <class S>
  static constexpr int directions() {
    constexpr int K = S::DerType::RowsAtCompileTime;
    static_assert(K > 0, "file models take fixed-size AutoDiff derivatives");
    static_assert(K <= ModelProgram::kMaxEventDirections, "at most 16 AutoDiff directions in events and modes");
    return K;
  }
  /// (x, u, t) of AutoDiffScalars as values and row-major directions, for the program's calls.
  template <int K>
  struct Dual {
    double x[N], dx[N * K], u[input_dim + 1], du[(input_dim + 1) * K], t, dt[K];
    template <class S>
    Dual(const Vec<S, N>& xs, const Vec<S, input_dim>& us, const S& ts) {
      for (int i = 0; i < N; ++i) {
        x[i] = xs(i).value();
        for (int k = 0; k < K; ++k) dx[i * K + k] = derivative_or_zero(xs(i), k);
      }
      for (int j = 0; j < input_dim; ++j) {
        u[j] = us(j).value();
        for (int k = 0; k < K; ++k) du[j * K + k] = derivative_or_zero(us(j), k);
      }
      t = ts.value();
      for (int k = 0; k < K; ++k) dt[k] = derivative_or_zero(ts, k);
    }
  };

  template <int R, int C>
  static Mat<double, R, C> row_major(const double* a) {
    Mat<double, R, C> out;
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) out(i, j) = a[i * C + j];
    return out;
  }

  // An AutoDiffScalar built from a plain value has an empty derivative vector in Eigen's dynamic
  // case; fixed-size ones are always full. Read the k-th entry or zero.
  template <class S>
  static double derivative_or_zero(const S& s, int k) {
    return k < s.derivatives().size() ? s.derivatives()(k) : 0.0;
  }
};

/// q̈ of a model file straight from its own program (the Cholesky or closed-form solve of rhs),
/// not re-assembled from the pieces: mechanics.hpp's generic joint_accelerations would give the
/// same numbers up to rounding. Overload resolution prefers this one for every FileModel.
template <int N, class S>
Vec<S, N / 2> joint_accelerations(const FileModel<N>& model, const Vec<S, N / 2>& q, const Vec<S, N / 2>& qd,
                                  const Vec<S, N / 2>& u) {
  Vec<S, N> x;
  x << q, qd;
  return model.rhs(x, u, S(0)).template tail<N / 2>();
}

}  // namespace chaoskit
