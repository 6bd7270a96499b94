#pragma once
// A model read from a TOML file at run time (model_program.hpp; how to write one:
// data/models/README.md), as the fixed-size value type every algorithm expects.
//
// Fixed sizes are compiled in for N = 3, 4 and 6 states (model_list.hpp says why); every other size
// from 1 to kMaxRunTimeStates (core/types.hpp) is FileModel<Eigen::Dynamic>, the same code on
// vectors sized at run time (inline storage, no heap). A file model has input_dim = N / 2 slots (at
// run time states() / 2), of which it declares as many as it uses (the rest read zero).
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

// The arrays handed to the program are filled up to the run-time sizes only; for the run-time-sized
// type GCC cannot see that those are at least one and warns that they may be read uninitialised.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

template <int N>
struct FileModel {
  static constexpr int state_dim = N;
  static constexpr int input_dim = extent_half(N);
  std::shared_ptr<const ModelProgram> program;  ///< shared and immutable: copies are cheap

  explicit FileModel(std::shared_ptr<const ModelProgram> p) : program(std::move(p)) {}

  /// The mechanical form's number of coordinates (meaningful for a mechanical file only).
  static constexpr int dof = extent_half(N);
  /// Whether the type has the mechanical pieces (an even fixed size, or any size at run time).
  static constexpr bool kEvenOrDynamic = !is_fixed_extent(N) || N % 2 == 0;

  /// The sizes at run time (model_concepts.hpp's state_count and input_count read these).
  int states() const {
    if constexpr (is_fixed_extent(N))
      return N;
    else
      return program->state_dim();
  }
  int inputs() const { return states() / 2; }
  int coordinates() const { return states() / 2; }

  std::vector<std::string> state_names() const { return program->state_names(); }
  std::vector<std::string> input_names() const { return program->input_names(); }
  const std::string& source() const { return program->source(); }
  /// The file's energy expression (or T + V of the mechanical form); NaN without one.
  double energy(const Vec<double, N>& x) const { return program->energy(x.data()); }

  template <class S>
  Vec<S, N> rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t) const {
    auto f = sized<Vec<S, N>>(states());
    if constexpr (std::is_same_v<S, double>) {
      program->rhs(x.data(), u.data(), t, f.data());
    } else {
      // Eigen::AutoDiffScalar<Vec<double, K>>: values and K derivatives through the dual mode.
      constexpr int KC = direction_capacity<S>();
      const int n = states(), m = inputs(), K = direction_count(x, u, t);
      double xv[kCap], dx[kCap * KC], uv[kCap / 2 + 1], du[(kCap / 2 + 1) * KC], fv[kCap], df[kCap * KC];
      for (int i = 0; i < n; ++i) {
        xv[i] = x(i).value();
        for (int k = 0; k < K; ++k) dx[i * K + k] = derivative_or_zero(x(i), k);
      }
      for (int j = 0; j < m; ++j) {
        uv[j] = u(j).value();
        for (int k = 0; k < K; ++k) du[j * K + k] = derivative_or_zero(u(j), k);
      }
      program->rhs_tangent(xv, uv, t.value(), dx, du, K, fv, df);
      for (int i = 0; i < n; ++i) f(i) = S(fv[i], derivative_vector<S>(df + i * K, K));
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
      const Dual<S> in(*this, x, u, t);
      double g, dg[direction_capacity<S>()];
      program->event_guard_tangent(k, in.x, in.u, in.t, in.dx, in.du, in.dt, in.K, &g, dg);
      return S(g, derivative_vector<S>(dg, in.K));
    }
  }
  bool event_allowed(int k, const Vec<double, N>& x, const Vec<double, input_dim>& u, double t) const {
    return program->event_allowed(k, x.data(), u.data(), t);
  }
  template <class S>
  Vec<S, N> event_reset(int k, const Vec<S, N>& x, const Vec<S, input_dim>& u, S t) const {
    auto out = sized<Vec<S, N>>(states());
    if constexpr (std::is_same_v<S, double>) {
      program->event_reset(k, x.data(), u.data(), t, out.data());
    } else {
      const Dual<S> in(*this, x, u, t);
      double xp[kCap], dxp[kCap * direction_capacity<S>()];
      program->event_reset_tangent(k, in.x, in.u, in.t, in.dx, in.du, in.dt, in.K, xp, dxp);
      for (int i = 0; i < states(); ++i) out(i) = S(xp[i], derivative_vector<S>(dxp + i * in.K, in.K));
    }
    return out;
  }
  /// The vector field of `mode`: rhs(x, u, t) in a mode without constraints (the first mode always),
  /// else the constrained dynamics M q̈ = f + Aᵀλ, A q̈ = 0 (model_constraints.cpp).
  template <class S>
  Vec<S, N> rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t, int mode) const {
    if (program->constraint_count(mode) == 0) return rhs(x, u, t);
    auto f = sized<Vec<S, N>>(states());
    if constexpr (std::is_same_v<S, double>) {
      program->rhs_in_mode(mode, x.data(), u.data(), t, f.data());
    } else {
      const Dual<S> in(*this, x, u, t);
      double fv[kCap], df[kCap * direction_capacity<S>()];
      program->rhs_tangent_in_mode(mode, in.x, in.u, in.t, in.dx, in.du, in.K, fv, df);
      for (int i = 0; i < states(); ++i) f(i) = S(fv[i], derivative_vector<S>(df + i * in.K, in.K));
    }
    return f;
  }
  /// tangent_rhs in `mode` (see the mode-less one below).
  template <class S, int K, class FOut, class JWOut>
  requires std::is_same_v<S, double>
  void tangent_rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t, const Mat<S, N, K>& W, FOut&& f, JWOut&& JW,
                   int mode) const {
    if (program->constraint_count(mode) == 0) return tangent_rhs(x, u, t, W, f, JW);
    const int n = states(), k_dirs = static_cast<int>(W.cols());
    double dx[kCap * detail::max_extent(K)], fv[kCap], df[kCap * detail::max_extent(K)];
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < k_dirs; ++k) dx[i * k_dirs + k] = W(i, k);
    program->rhs_tangent_in_mode(mode, x.data(), u.data(), t, dx, nullptr, k_dirs, fv, df);
    for (int i = 0; i < n; ++i) {
      f(i) = fv[i];
      for (int k = 0; k < k_dirs; ++k) JW(i, k) = df[i * k_dirs + k];
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

  Mat<double, dof, dof> mass_matrix(const Vec<double, dof>& q) const requires(kEvenOrDynamic) {
    const int d = coordinates();
    double m[kCap * kCap];
    std::fill(m, m + d * d, NAN);  // what an ODE-form file leaves (callers check the form first)
    program->mass_matrix_at(q.data(), m);
    return row_major<dof, dof>(m, d, d);
  }
  /// c(q, q̇) = −f(q, q̇, 0) − G(q) − D q̇: what the forces hold beyond gravity and damping.
  Vec<double, dof> bias(const Vec<double, dof>& q, const Vec<double, dof>& qd) const requires(kEvenOrDynamic) {
    auto x = sized<Vec<double, N>>(states());
    x << q, qd;
    Vec<double, dof> f = Vec<double, dof>::Constant(coordinates(), NAN);
    program->forces_at(x.data(), nullptr, f.data(), nullptr);
    return -f - gravity(q) - dissipation(qd);
  }
  /// G = ∂V/∂q by the dual mode; 0 without a potential (gravity then stays in bias()).
  Vec<double, dof> gravity(const Vec<double, dof>& q) const requires(kEvenOrDynamic) {
    Vec<double, dof> G = Vec<double, dof>::Constant(coordinates(), NAN);
    program->potential_at(q.data(), G.data());
    return G;
  }
  Vec<double, dof> dissipation(const Vec<double, dof>& qd) const requires(kEvenOrDynamic) {
    const int d = coordinates();
    if (program->damping_matrix().size() != static_cast<std::size_t>(d * d)) return Vec<double, dof>::Constant(d, NAN);
    return row_major<dof, dof>(program->damping_matrix().data(), d, d) * qd;
  }
  /// V(q) [J]; NaN without a potential.
  double potential_energy(const Vec<double, dof>& q) const requires(kEvenOrDynamic) {
    return program->potential_at(q.data(), nullptr);
  }
  /// B (dof × input_dim): the file's inputs, then zero columns for the unused slots.
  Mat<double, dof, input_dim> input_matrix() const requires(kEvenOrDynamic) {
    const int d = coordinates();
    Mat<double, dof, input_dim> B = Mat<double, dof, input_dim>::Zero(d, inputs());
    const int m = program->input_count();
    if (program->input_matrix().size() != static_cast<std::size_t>(d * m)) return B * NAN;  // an ODE-form file
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < m; ++j) B(i, j) = program->input_matrix()[static_cast<std::size_t>(i * m + j)];
    return B;
  }
  /// α = A q from [kinematics] angles: identity ("absolute") or lower-triangular ones
  /// ("relative"); NaN without [kinematics] (require_mechanics refuses that first).
  Mat<double, dof, dof> angle_map() const requires(kEvenOrDynamic) {
    const int d = coordinates();
    switch (program->link_angles()) {
      case ModelProgram::LinkAngles::absolute: return Mat<double, dof, dof>::Identity(d, d);
      case ModelProgram::LinkAngles::relative: {
        Mat<double, dof, dof> A = Mat<double, dof, dof>::Zero(d, d);
        for (int i = 0; i < d; ++i)
          for (int j = 0; j <= i; ++j) A(i, j) = 1.0;
        return A;
      }
      case ModelProgram::LinkAngles::none: break;
    }
    return Mat<double, dof, dof>::Constant(d, d, NAN);
  }
  /// [kinematics] lengths [m]; NaN without [kinematics].
  Vec<double, dof> endpoint_lengths() const requires(kEvenOrDynamic) {
    const int d = coordinates();
    if (program->link_lengths().size() != static_cast<std::size_t>(d)) return Vec<double, dof>::Constant(d, NAN);
    return Eigen::Map<const Vec<double, dof>>(program->link_lengths().data(), d);
  }
  /// K = −∂f/∂q at (q, q̇ = 0, τ = 0), the stiffness of the equations as written, for
  /// linear_modes.hpp: it equals ∂G/∂q = ∂²V/∂q² wherever the forces at rest are −∂V/∂q (as in
  /// golf.toml and limb.toml), and needs only first derivatives (the dual mode's).
  Mat<double, dof, dof> stiffness(const Vec<double, dof>& q) const requires(kEvenOrDynamic) {
    const int n = states(), d = coordinates();
    Vec<double, N> x = Vec<double, N>::Zero(n);
    x.template head<dof>(d) = q;
    const int K = n + program->input_count();
    double f[kCap], J[kCap * (kCap + kCap / 2)];
    std::fill(J, J + d * (n + inputs()), NAN);
    program->forces_at(x.data(), nullptr, f, J);
    auto k = sized<Mat<double, dof, dof>>(d, d);
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j) k(i, j) = -J[i * K + j];
    return k;
  }

  /// f and ∂f/∂x · W by the dual mode (integrate/tangent_rhs.hpp picks this over AutoDiff of rhs:
  /// one pass with K directions instead of state_dim + input_dim).
  template <class S, int K, class FOut, class JWOut>
  requires std::is_same_v<S, double>
  void tangent_rhs(const Vec<S, N>& x, const Vec<S, input_dim>& u, S t, const Mat<S, N, K>& W, FOut&& f,
                   JWOut&& JW) const {
    const int n = states(), k_dirs = static_cast<int>(W.cols());
    double dx[kCap * detail::max_extent(K)], fv[kCap], df[kCap * detail::max_extent(K)];
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < k_dirs; ++k) dx[i * k_dirs + k] = W(i, k);
    program->rhs_tangent(x.data(), u.data(), t, dx, nullptr, k_dirs, fv, df);
    for (int i = 0; i < n; ++i) {
      f(i) = fv[i];
      for (int k = 0; k < k_dirs; ++k) JW(i, k) = df[i * k_dirs + k];
    }
  }

 private:
  /// Room for the states in the arrays handed to the program.
  static constexpr int kCap = detail::max_extent(N);

  /// The most directions an AutoDiffScalar type can carry (its fixed count, or its inline capacity).
  template <class S>
  static constexpr int direction_capacity() {
    using D = typename S::DerType;
    return is_fixed_extent(D::RowsAtCompileTime) ? int{D::RowsAtCompileTime} : int{D::MaxRowsAtCompileTime};
  }
  /// The directions (x, u, t) carry: a fixed count, or at run time the longest derivative vector
  /// (Eigen leaves a constant's empty).
  template <class S>
  static int direction_count(const Vec<S, N>& x, const Vec<S, input_dim>& u, const S& t) {
    if constexpr (is_fixed_extent(S::DerType::RowsAtCompileTime)) {
      return S::DerType::RowsAtCompileTime;
    } else {
      Eigen::Index K = t.derivatives().size();
      for (Eigen::Index i = 0; i < x.size(); ++i) K = std::max(K, x(i).derivatives().size());
      for (Eigen::Index j = 0; j < u.size(); ++j) K = std::max(K, u(j).derivatives().size());
      return static_cast<int>(K);
    }
  }
  template <class S>
  static typename S::DerType derivative_vector(const double* d, int K) {
    auto out = sized<typename S::DerType>(K);
    for (int k = 0; k < K; ++k) out(k) = d[k];
    return out;
  }
  /// (x, u, t) of AutoDiffScalars as values and row-major directions, for the program's calls.
  template <class S>
  struct Dual {
    static constexpr int KC = direction_capacity<S>();
    // A run-time count is checked by the program (at most ModelProgram::kMaxEventDirections).
    static_assert(!is_fixed_extent(S::DerType::RowsAtCompileTime) || KC <= ModelProgram::kMaxEventDirections,
                  "events and modes take at most ModelProgram::kMaxEventDirections AutoDiff directions");
    int K;
    double x[kCap], dx[kCap * KC], u[kCap / 2 + 1], du[(kCap / 2 + 1) * KC], t, dt[KC];
    Dual(const FileModel& model, const Vec<S, N>& xs, const Vec<S, input_dim>& us, const S& ts)
        : K(direction_count(xs, us, ts)) {
      for (int i = 0; i < model.states(); ++i) {
        x[i] = xs(i).value();
        for (int k = 0; k < K; ++k) dx[i * K + k] = derivative_or_zero(xs(i), k);
      }
      for (int j = 0; j < model.inputs(); ++j) {
        u[j] = us(j).value();
        for (int k = 0; k < K; ++k) du[j * K + k] = derivative_or_zero(us(j), k);
      }
      t = ts.value();
      for (int k = 0; k < K; ++k) dt[k] = derivative_or_zero(ts, k);
    }
  };

  template <int R, int C>
  static Mat<double, R, C> row_major(const double* a, int rows, int cols) {
    auto out = sized<Mat<double, R, C>>(rows, cols);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) out(i, j) = a[i * cols + j];
    return out;
  }

  // An AutoDiffScalar built from a plain value has an empty derivative vector in Eigen's dynamic
  // case; fixed-size ones are always full. Read the k-th entry or zero.
  template <class S>
  static double derivative_or_zero(const S& s, int k) {
    return k < s.derivatives().size() ? s.derivatives()(k) : 0.0;
  }
};

#pragma GCC diagnostic pop

/// q̈ of a model file straight from its own program (the Cholesky or closed-form solve of rhs),
/// not re-assembled from the pieces: mechanics.hpp's generic joint_accelerations would give the
/// same numbers up to rounding. Overload resolution prefers this one for every FileModel.
template <int N, class S>
Vec<S, extent_half(N)> joint_accelerations(const FileModel<N>& model, const Vec<S, extent_half(N)>& q,
                                           const Vec<S, extent_half(N)>& qd, const Vec<S, extent_half(N)>& u) {
  auto x = sized<Vec<S, N>>(model.states());
  x << q, qd;
  const int d = model.coordinates();
  return model.rhs(x, u, S(0)).template segment<extent_half(N)>(d, d);
}

}  // namespace chaoskit
