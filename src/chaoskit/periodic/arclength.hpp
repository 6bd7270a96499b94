#pragma once
// The pieces of pseudo-arclength continuation (Keller 1977; as in AUTO and MatCont) on the
// shooting equations G(z, p) = 0 of shooting.hpp, with u = (z, p):
//
//   tangent    τ with [G_z G_p] τ = 0, unit length in the weighted norm below, oriented along the
//              previous tangent (the bordered solve [G_z G_p; (Wτ_prev)ᵀ] v = (0, 1))
//   predictor  u + ds τ
//   corrector  Newton on G(u) = 0 together with (Wτ)ᵀ (u − u_pred) = 0 (the hyperplane normal to τ)
//
// The weighted inner product gives each segment start 1/m (so that m-segment shooting weighs the
// state once), and T, β and p weight 1. ∂G/∂p comes from the steps where they know it exactly (an
// input's moment: the variational equations' amplitude column; a map that returns d_param), from
// the energy equation for the energy itself, and otherwise by central differences of the flow map
// with step 1e-5 max(1, |p|) (its error, the integrator's tolerance over that step and O(h²), only
// slows the corrector slightly; the points are solutions of G = 0 to the tolerance regardless).
#include <cmath>
#include <functional>
#include <string>

#include "chaoskit/periodic/orbit.hpp"

namespace chaoskit::periodic {

/// The continuation parameter: a model parameter or input moment (the problem rebuilt at each p),
/// or the energy of a conservative problem (the same problem, E = p).
struct ParameterFamily {
  std::string name;
  std::string units;
  double start = NAN;
  bool energy_level = false;
  std::function<PeriodicProblem(double p)> at;  ///< the problem at p (unused for the energy)
  PeriodicProblem fixed;                        ///< the problem when energy_level
};

/// G, G_z and G_p at one u, with what the point's description needs.
struct ArcEval {
  ShootingEval shooting;  ///< residual, Jacobian in z, segment Jacobians, ∇H
  Vector g_p;             ///< ∂G/∂p
  bool ok() const { return shooting.ok(); }
};

class ArcSystem {
 public:
  /// `segments` and `forcing_periods` of the branch's orbits; options give tolerances and threads.
  ArcSystem(const ParameterFamily& family, const OrbitOptions& options);

  int size() const { return layout_.size() + 1; }  ///< unknowns of u = (z, p)
  const ShootingLayout& layout() const { return layout_; }
  const OrbitOptions& options() const { return options_; }
  const ParameterFamily& family() const { return family_; }

  /// The problem at p (the energy family's fixed one). May throw InputError (a parameter value the
  /// model refuses).
  PeriodicProblem problem(double p) const;
  /// The phase reference x̃ (autonomous flows) and the energy level (conservative, not energy family).
  void set_reference(const Vector& x0, double p);
  void set_energy_level(double e) { energy_level_ = e; }
  double energy_level() const { return energy_level_; }

  /// G, G_z (when with_jacobian) and G_p at u = (z, p).
  ArcEval evaluate(const Vector& z, double p, bool with_jacobian) const;

  /// ⟨a, b⟩ in the weighted norm (vectors of size()).
  double dot(const Vector& a, const Vector& b) const;
  /// W a.
  Vector weighted(const Vector& a) const;
  Vector normalized(const Vector& a) const { return a / std::sqrt(dot(a, a)); }

  /// The context at p with the references set (for describing orbits).
  ShootingContext context(const PeriodicProblem& problem, double p) const;

 private:
  ParameterFamily family_;
  OrbitOptions options_;
  ShootingLayout layout_;
  Vector phase_point_, phase_normal_;
  double energy_level_ = NAN;
};

struct Corrected {
  bool ok = false;
  std::string message;  ///< why not, in one line
  Vector z;
  double p = NAN;
  ArcEval eval;  ///< at the solution, with the Jacobian
  int iterations = 0;
};

/// The corrector from u_pred on the hyperplane normal to `tangent` (size ArcSystem::size()).
Corrected correct(const ArcSystem& sys, const Vector& z_pred, double p_pred, const Vector& tangent);

/// The unit tangent at a corrected point, oriented so that ⟨τ, previous⟩ > 0; empty when the
/// bordered matrix is singular.
Vector arc_tangent(const ArcSystem& sys, const ArcEval& eval, const Vector& previous);

/// The tangent at the start: p̂ = ±1 with G_z ż = −G_p ṗ, normalised; empty when G_z is singular.
Vector start_tangent(const ArcSystem& sys, const ArcEval& eval, int direction);

}  // namespace chaoskit::periodic
