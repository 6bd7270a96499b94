#pragma once
// Which rest state a damped pendulum chain ends in, labelled by how many times each link went
// over the top (its winding numbers), for winding-number basin maps (issue 5).
//
// Why an energy test and not "wait until the velocity is small": the potential of every chaoskit
// chain is V = −Σ_j c_j cos α_j in the absolute link angles α = A q (limb, golf, chain). A link
// can only change its winding class by passing α_i ≡ π (mod 2π), and every configuration with
// α_i ≡ π has V ≥ V_i* := V(α = π e_i), so once the energy is below the lowest barrier
// E_b = min_i V_i* no absolute angle can reach π + 2πZ again. Damping without inputs makes E
// non-increasing (dE/dt = −q̇ᵀ D q̇), so from that moment the final rest state is already decided:
// α_k → 2π m_k with m_k = round(α_k / 2π), i.e. q → A⁻¹ 2π m. The orbit is stopped there (the
// energy-based early stop that bounds the cost; it also skips the slow exponential approach to
// rest), and orbits that start below E_b are labelled without integrating at all. An orbit still
// above the barrier at max_time gets kLabelNotSettled.
//
// The windings are reported in the model's own coordinates q (θ1 absolute, θk relative to link
// k−1 for golf and chain): n = A⁻¹ m, encoded into one int32 by winding_code.hpp. Inputs are not
// allowed (they would break the monotone energy argument).
#include <cmath>
#include <cstdint>
#include <vector>

#include "chaoskit/basins/winding_code.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/models/mechanics.hpp"

namespace chaoskit::basins {

struct RestOptions {
  double max_time = 200.0;      ///< give up (kLabelNotSettled) after this time [s]
  double energy_margin = 1e-6;  ///< capture once E < E_b − margin·(E_b − V_min): guards integration error
};

template <int n>
struct RestResult {
  std::int32_t label = kLabelNotSettled;
  double time = NAN;     ///< when the energy fell below the barrier (0: started below) [s]
  Vec<double, n> state;  ///< state at that time
  IntegrationReport report;
};

/// The lowest barrier E_b = min_i V(A⁻¹ π e_i) and the minimum V(0) of the potential.
template <MechanicalModel M>
std::pair<double, double> barrier_energy(const M& model) {
  constexpr int d = M::dof;
  const int ds = coordinate_count(model);
  const Mat<double, d, d> Ainv = model.angle_map().inverse();
  double eb = INFINITY;
  for (int i = 0; i < ds; ++i) {
    Vec<double, d> alpha = Vec<double, d>::Zero(ds);
    alpha(i) = M_PI;
    eb = std::min(eb, model.potential_energy(Vec<double, d>(Ainv * alpha)));
  }
  return {eb, model.potential_energy(Vec<double, d>(Vec<double, d>::Zero(ds)))};
}

/// True when the model dissipates at all (some joint damping > 0).
template <MechanicalModel M>
bool has_damping(const M& model) {
  return model.dissipation(Vec<double, M::dof>(Vec<double, M::dof>::Ones(coordinate_count(model))))
             .cwiseAbs()
             .maxCoeff() > 0.0;
}

/// Windings n = A⁻¹ round(α / 2π) of the rest state a sub-barrier state decays to.
template <MechanicalModel M>
std::int32_t rest_label_of(const M& model, const Vec<double, M::state_dim>& x) {
  constexpr int d = M::dof;
  const int ds = coordinate_count(model);
  const Mat<double, d, d> A = model.angle_map();
  const Vec<double, d> alpha = A * x.template head<d>(ds);
  auto m = sized<Vec<double, d>>(ds);
  for (int i = 0; i < ds; ++i) m(i) = std::round(alpha(i) / (2.0 * M_PI));
  const Vec<double, d> nq = A.inverse() * m;
  std::vector<int> w(static_cast<std::size_t>(ds));
  for (int i = 0; i < ds; ++i) w[static_cast<std::size_t>(i)] = static_cast<int>(std::lround(nq(i)));
  return encode_windings(w);
}

namespace detail {
template <MechanicalModel M>
struct RestObserver {
  using observes_steps = void;
  const M& model;
  double threshold;
  RestResult<M::state_dim>& out;
  template <class Interp>
  bool on_step(const Vec<double, M::state_dim>&, double, const Vec<double, M::state_dim>& x1, double t1, std::size_t,
               Interp&&) {
    if (state_energy(model, x1) < threshold) {
      out.time = t1;
      out.state = x1;
      out.label = rest_label_of(model, x1);
      return false;
    }
    return true;
  }
  void operator()(const Vec<double, M::state_dim>&, double, std::size_t) const {}
};
}  // namespace detail

/// The rest label of the orbit of x0 (see the file comment). Never throws for dynamical reasons.
template <MechanicalModel M>
RestResult<M::state_dim> rest_label(const M& model, const Vec<double, M::state_dim>& x0, const RestOptions& ro,
                                    const IntegratorOptions& io) {
  constexpr int n = M::state_dim;
  if (!(ro.max_time > 0.0) || !std::isfinite(ro.max_time)) throw InputError("max_time", "must be > 0 s");
  const auto [eb, vmin] = barrier_energy(model);
  const double threshold = eb - ro.energy_margin * (eb - vmin);
  RestResult<n> res;
  res.state = x0;
  if (state_energy(model, x0) < threshold) {
    res.time = 0.0;
    res.label = rest_label_of(model, x0);
    return res;
  }
  chaoskit::detail::PlainSystem<M> sys{model};
  detail::RestObserver<M> obs{model, threshold, res};
  Vec<double, n> x = x0;
  const InputSchedule none(input_count(model));
  res.report = integrate_piecewise(sys, x, none.segments(0.0, ro.max_time), {}, io, NoBoundary{}, obs);
  if (!res.report.ok()) {
    res.label = kLabelFailed;
    res.state = x;
  } else if (!res.report.stopped_by_observer) {
    res.label = kLabelNotSettled;
    res.state = x;
  }
  return res;
}

}  // namespace chaoskit::basins
