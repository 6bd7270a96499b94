#pragma once
// orbit_diagram: its own options, its variables and its evaluation for a model: the map at the job's event iterated
// from the point's state (its reader, variables and fingerprint are in orbit_diagram.cpp). Each step is one
// flow_to_event (indicators/event_flow.hpp) from just after the last event, so the iterates are the map's and its
// Jacobian DP (the saltation matrices, integrate/saltation.hpp) carries one tangent vector: λ = (1/N) Σ log ‖DP v‖ over
// the N recorded steps, v renormalised each step and already carried through the transient, so that it has turned into
// the most expanding direction.
#include <cmath>
#include <string>

#include "chaoskit/indicators/event_flow.hpp"
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// orbit_diagram's own options, read by orbit_diagram.cpp.
struct OrbitDiagramEntry : QuantityOptions {
  std::string at_event;  ///< the event's name as written
  int event = -1;        ///< its index in the job's model
  long transient = 100;  ///< iterates of the map discarded first
  long iterates = 64;    ///< iterates recorded after them
};

/// orbit_diagram's variables (described in orbit_diagram.cpp).
namespace orbit_diagram_slot {
inline constexpr Slot<std::int32_t> count{0, "orbit_diagram_count"};
inline constexpr Slot<double> state{1, "orbit_diagram_state"}, time{2, "orbit_diagram_time"},
    lambda{3, "orbit_diagram_lambda"};
inline constexpr Slot<std::int32_t> steps{4, "orbit_diagram_steps"};
}  // namespace orbit_diagram_slot

template <Model M>
void evaluate_orbit_diagram(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  if constexpr (!HybridModel<M>) {
    static_cast<void>(c), static_cast<void>(p);
    out.note(point_status::invalid_point);  // the reader refuses a job whose model has no events: a guard
  } else {
    constexpr int n = M::state_dim;
    const OrbitDiagramEntry& own = c.options_as<OrbitDiagramEntry>();
    const EventInfo info = p.model.event_info(own.event);
    int mode = info.to_mode >= 0 ? info.to_mode : (info.from_mode >= 0 ? info.from_mode : 0);
    const int size = state_count(p.model);
    Vec<double, n> x = p.x0;
    Vec<double, n> v = Vec<double, n>::Constant(size, 1.0 / std::sqrt(static_cast<double>(size)));
    double t = 0.0, log_sum = 0.0;
    const long total = own.transient + own.iterates;
    std::int32_t recorded = 0, steps = 0;
    double* state = out[orbit_diagram_slot::state];
    double* time = out[orbit_diagram_slot::time];
    for (long k = 0; k < total; ++k) {
      const EventFlow<M> r = flow_to_event(p.model, x, mode, t, own.event, 1, p.inputs, c.time, p.tangent_io);
      if (!r.reached) {
        // A failed integration is the point's status; an event that no longer happens (the walker
        // fell: the model's terminal event, or no event before max_time) is a result: the count
        // and steps say where the iterates stop.
        if (!r.report.ok() && r.report.status != IntegrationStatus::terminal_event) out.note(r.report);
        break;
      }
      ++steps;
      const Vec<double, n> w = r.map_jacobian * v;
      const double growth = w.norm();
      if (k >= own.transient) {
        for (int i = 0; i < size; ++i) state[recorded * size + i] = r.x(i);
        time[recorded] = r.t - t;
        log_sum += std::log(growth);
        ++recorded;
      }
      v = growth > 0.0 ? Vec<double, n>(w / growth) : Vec<double, n>(Vec<double, n>::Unit(size, 0));
      x = r.x;
      mode = r.mode;
      t = r.t;
    }
    *out[orbit_diagram_slot::count] = recorded;
    *out[orbit_diagram_slot::steps] = steps;
    if (recorded == own.iterates) *out[orbit_diagram_slot::lambda] = log_sum / static_cast<double>(recorded);
  }
}

}  // namespace chaoskit::sweep
