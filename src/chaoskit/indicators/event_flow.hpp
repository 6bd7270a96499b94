#pragma once
// The map from a state to the state just after the n-th occurrence of an event of a hybrid model
// (the stride map of a walker: from one heel strike to the next), with its Jacobian:
//
//   P(x0) = x(t_e⁺),   DP = (S − f⁺ g_xᵀ / ġ) Φ(t_e⁻, t0) = Φ(t_e⁺, t0) − f⁺ (g_xᵀ Φ(t_e⁻, t0)) / ġ,
//   ∂t_e/∂x0 = −g_xᵀ Φ(t_e⁻, t0) / ġ,
//
// where Φ carries the saltation matrices of every earlier event (saltation.hpp says why the map's
// Jacobian differs from the fixed-time STM by the f⁺ term). Periodic orbits of walkers (fixed
// points of P) and their Floquet multipliers (eigenvalues of DP) come from here.
#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/integrate/saltation.hpp"

namespace chaoskit {

template <HybridModel M>
struct EventFlow {
  static constexpr int n = M::state_dim;
  bool reached = false;               ///< the n-th event happened before max_time (and the integration did not fail)
  double t = NAN;                     ///< its time [s]
  int mode = 0;                       ///< the mode after it
  int events_seen = 0;                ///< all events on the way (any index)
  Vec<double, n> x;                   ///< the state just after it (or where the integration stopped)
  Mat<double, n, n> stm;              ///< Φ(t_e⁺, t0): the fixed-time STM just after the event
  Mat<double, n, n> map_jacobian;     ///< DP: the Jacobian of the map x0 ↦ x(t_e⁺) (file comment)
  Vec<double, n> time_gradient;       ///< ∂t_e/∂x0
  EventRecord<n, M::input_dim> last;  ///< the event itself (index, x⁻, x⁺, S, ...)
  IntegrationReport report;
};

namespace detail {
template <HybridModel M>
struct EventCounter {
  static constexpr int n = M::state_dim;
  using observes_events = void;
  using State = Mat<double, n, extent_sum(1, n)>;
  int event, count;
  EventFlow<M>& out;
  void operator()(const State&, double, std::size_t) const {}
  bool on_event(const EventRecord<n, M::input_dim>& e, const State& X_minus, const State& X_plus) {
    ++out.events_seen;
    if (event >= 0 && e.event != event) return true;
    if (--count > 0) return true;
    out.reached = true;
    out.last = e;
    const Mat<double, n, n> phi_minus = X_minus.template rightCols<n>(X_minus.rows());
    const Mat<double, 1, n> g_phi = e.g_x.transpose() * phi_minus;
    out.stm = X_plus.template rightCols<n>(X_plus.rows());
    out.map_jacobian = out.stm - e.f_plus * g_phi / e.g_rate;
    out.time_gradient = -g_phi.transpose() / e.g_rate;
    return false;
  }
};
}  // namespace detail

/// Integrates the tangent flow [x | Φ] of `model` from (x0, t0) in `mode` until the `count`-th
/// occurrence of event `event` (of any event when event < 0), at most until t0 + max_time.
/// Returns the map's value and Jacobian there (see the file comment); reached = false when the time
/// ran out or the integration failed (report.status says which).
template <HybridModel M>
EventFlow<M> flow_to_event(const M& model, const Vec<double, M::state_dim>& x0, int mode, double t0, int event,
                           int count, const InputSchedule& inputs, double max_time, const IntegratorOptions& io) {
  constexpr int n = M::state_dim;
  if (event >= model.event_count()) throw InputError("event", "the model has no event " + std::to_string(event));
  if (count < 1) throw InputError("count", "must be at least 1");
  if (mode < 0 || mode >= static_cast<int>(model.mode_names().size()))
    throw InputError("mode", "the model has no mode " + std::to_string(mode));
  if (!(max_time > 0.0) || !std::isfinite(max_time)) throw InputError("max_time", "must be > 0 s");
  TangentSystem<M, n> sys{model};
  sys.mode = mode;
  typename TangentSystem<M, n>::State X = transition_start<M>(x0);
  EventFlow<M> out;
  detail::EventCounter<M> counter{event, count, out};
  const InputSchedule sched = inputs.dim() == input_count(model) ? inputs : InputSchedule(input_count(model));
  out.report = integrate_piecewise(sys, X, sched.segments(t0, t0 + max_time), {}, io, NoBoundary{}, counter);
  out.x = X.col(0);
  out.mode = sys.mode;
  if (out.reached) {
    out.t = out.last.t;
  } else {
    out.t = out.report.t;
    out.stm = X.template rightCols<n>(X.rows());
  }
  return out;
}

}  // namespace chaoskit
