#pragma once
// simulate(): one trajectory of any Model under an input schedule, sampled at output times, with
// energy, actuator power and the actuator work integrated as extra quadrature states.
//
// For a MechanicalModel the integrated state is [x; W; D] with Ẇ = (B u)ᵀ q̇ (actuator power) and
// Ḋ = q̇ᵀ D q̇ (power dissipated by joint damping), so the energy balance
// E(t) − E(0) = W(t) − D(t) is checked against quadratures of the same accuracy as the state.
// Other models integrate [x; 0; 0] and report energy as NaN (Hénon–Heiles reports its H).
#include <cmath>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/integrate/driver.hpp"
#include "chaoskit/integrate/event_log.hpp"
#include "chaoskit/models/henon_heiles.hpp"
#include "chaoskit/models/mechanics.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

template <Model M>
struct Trajectory {
  static constexpr int n = M::state_dim;
  static constexpr int m = M::input_dim;
  std::vector<double> t;
  std::vector<Vec<double, n>> x;
  std::vector<Vec<double, m>> u;   ///< inputs on the segment the sample belongs to
  std::vector<double> energy;      ///< total energy [J] (NaN where undefined)
  std::vector<double> power;       ///< actuator power (B u)ᵀ q̇ [W]
  std::vector<double> work;        ///< actuator work ∫ power dt since t0 [J]
  std::vector<double> dissipated;  ///< ∫ q̇ᵀ D q̇ dt since t0 [J]
  EventLog<n> events;              ///< the events of a hybrid model, in order (integrate/event_log.hpp)
  IntegrationReport report;
};

/// Energy of a state: the model's own energy(x) where it has one (Hénon–Heiles' H, a model file's
/// energy expression or ½ q̇ᵀ M q̇ + V), T + V for the other mechanical models, NaN otherwise.
template <Model M>
double state_energy(const M& model, const Vec<double, M::state_dim>& x) {
  if constexpr (requires { model.energy(x); }) {
    return model.energy(x);
  } else if constexpr (MechanicalModel<M>) {
    constexpr int d = M::dof;
    const int ds = coordinate_count(model);
    return total_energy(model, Vec<double, d>(x.template head<d>(ds)), Vec<double, d>(x.template segment<d>(ds, ds)));
  } else {
    return NAN;
  }
}

/// Actuator power (B u)ᵀ q̇ and damping dissipation q̇ᵀ D q̇ of a state (zero for non-mechanical
/// models, and for a model file whose B or D is not constant: mechanical_form.hpp).
template <Model M>
Vec<double, 2> state_powers(const M& model, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u) {
  if constexpr (MechanicalModel<M>) {
    if constexpr (requires { model.program; })
      if (!model.mechanical() || !model.program->mechanics_problem().empty()) return Vec<double, 2>::Zero();
    constexpr int d = M::dof;
    const int ds = coordinate_count(model);
    const Vec<double, d> qd = x.template segment<d>(ds, ds);
    return Vec<double, 2>(actuator_power(model, qd, u), qd.dot(model.dissipation(qd)));
  } else {
    return Vec<double, 2>::Zero();
  }
}

/// The integrated system [x; W; D] of simulate().
template <Model M>
struct QuadratureSystem {
  using ModelType = M;
  static constexpr int n = M::state_dim;
  static constexpr int m = M::input_dim;
  using State = Vec<double, extent_sum(n, 2)>;
  const M& model;
  InputSegment seg{};
  int mode = 0;  ///< a hybrid model's mode (integrate/driver.hpp keeps it)
  void set_segment(const InputSegment& s) { seg = s; }
  void operator()(const State& X, State& dX, double t) const {
    const Vec<double, n> x = X.template head<n>(X.size() - 2);
    const Vec<double, m> u = seg.template u<m>(t);
    dX.template head<n>(X.size() - 2) = model_rhs(model, x, u, t, mode);
    dX.template tail<2>() = state_powers(model, x, u);
  }
  static Vec<double, n> model_state(const State& X) { return X.template head<n>(X.size() - 2); }
  /// At an event the state jumps; the work and damping quadratures keep their values (the energy an
  /// impact takes is in the event log: E(x⁻) − E(x⁺)).
  template <class Record>
  void apply_event(State& X, const Record& e) const {
    X.template head<n>(X.size() - 2) = e.x_plus;
  }
};

/// simulate()'s observer: a sample at every output time, and the event log.
template <Model M>
struct TrajectoryRecorder {
  static constexpr int n = M::state_dim;
  static constexpr int m = M::input_dim;
  using observes_events = void;
  using State = typename QuadratureSystem<M>::State;
  const M& model;
  const std::vector<InputSegment>& segs;
  Trajectory<M>& tr;

  void operator()(const State& Xs, double t, std::size_t s) const {
    const Eigen::Index ns = Xs.size() - 2;
    const Vec<double, n> x = Xs.template head<n>(ns);
    const Vec<double, m> u = segs[s].template u<m>(t);
    tr.t.push_back(t);
    tr.x.push_back(x);
    tr.u.push_back(u);
    tr.energy.push_back(state_energy(model, x));
    tr.power.push_back(state_powers(model, x, u)(0));
    tr.work.push_back(Xs(ns));
    tr.dissipated.push_back(Xs(ns + 1));
  }
  template <class Record>
  bool on_event(const Record& e, const State&, const State&) const {
    tr.events.push_back({e.t, e.event, e.mode_before, e.mode_after, e.x_minus, e.x_plus, state_energy(model, e.x_minus),
                         state_energy(model, e.x_plus)});
    return true;
  }
};

/// Output times t0, t0 + h, ..., and T itself (h <= 0: only t0 and T).
inline std::vector<double> output_grid(double t0, double T, double h) {
  std::vector<double> out{t0};
  if (h > 0.0) {
    const long n = static_cast<long>(std::floor((T - t0) / h * (1.0 + 1e-12)));
    for (long k = 1; k <= n; ++k) {
      const double tk = t0 + static_cast<double>(k) * h;
      if (tk < T) out.push_back(tk);
    }
  }
  if (T > t0) out.push_back(T);
  return out;
}

/// Integrates `model` from x0 at t0 to T under `inputs`, sampling at `outputs` (sorted, in [t0, T]).
/// Never throws for dynamical reasons: a failure is returned in report.status with the samples up
/// to the failure. Throws InputError for an input schedule of the wrong dimension or T < t0.
template <Model M>
Trajectory<M> simulate(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs, double t0,
                       double T, const std::vector<double>& outputs, const IntegratorOptions& opt) {
  constexpr int n = M::state_dim;
  const int ns = state_count(model), ms = input_count(model);
  if (inputs.dim() != ms && !(inputs.dim() == 0))
    throw InputError("inputs",
                     "model has " + std::to_string(ms) + " inputs, schedule has " + std::to_string(inputs.dim()));
  if (!(T >= t0)) throw InputError("t_end", "final time must be >= the initial time");
  const InputSchedule sched = inputs.dim() == ms ? inputs : InputSchedule(ms);
  const auto segs = sched.segments(t0, T);
  QuadratureSystem<M> sys{model};
  auto X = sized<typename QuadratureSystem<M>::State>(ns + 2);
  X.template head<n>(ns) = x0;
  X.template tail<2>().setZero();
  Trajectory<M> tr;
  tr.t.reserve(outputs.size());
  TrajectoryRecorder<M> observe{model, segs, tr};
  tr.report = integrate_piecewise(sys, X, segs, outputs, opt, NoBoundary{}, observe);
  return tr;
}

}  // namespace chaoskit
