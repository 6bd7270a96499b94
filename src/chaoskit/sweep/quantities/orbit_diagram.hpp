#pragma once
// orbit_diagram: its own options, its variables and its evaluation for a model: the map at the job's event iterated
// from the point's state (its reader, variables and fingerprint are in orbit_diagram.cpp), by
// indicators/event_map_iterates.hpp: each step one run of the tangent flow from just after the last event to the next,
// as flow_to_event takes it (the saltation matrices, integrate/saltation.hpp), and λ = (1/N) Σ log ‖DP v‖ over the N
// recorded steps, v renormalised each step and already carried through the transient. On lanes (a model whose modes
// the lane kernel integrates: the compass gait, the simplest walker) with the scalar driver's bits; a model with a
// constrained mode (the kneed walker's locked knee) is iterated here, since its task would leave the lanes at its first
// knee strike (simd/lane_hybrid_tasks.hpp).
#include <algorithm>
#include <cmath>
#include <string>

#include "chaoskit/indicators/event_map_iterates.hpp"
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
    const OrbitDiagramEntry& own = c.options_as<OrbitDiagramEntry>();
    const EventMapOptions o{
        .event = own.event, .transient = own.transient, .iterates = own.iterates, .max_time = c.time};
    auto write = [out](const EventMapIterates& r) {
      if (r.failed()) out.note(r.report);
      std::copy(r.states.begin(), r.states.end(), out[orbit_diagram_slot::state]);
      std::copy(r.times.begin(), r.times.end(), out[orbit_diagram_slot::time]);
      *out[orbit_diagram_slot::count] = r.recorded;
      *out[orbit_diagram_slot::steps] = r.steps;
      if (!std::isnan(r.lambda)) *out[orbit_diagram_slot::lambda] = r.lambda;
    };
    if (p.to_lanes && simd::lanes_integrate_every_mode(p.model)) {
      p.defer(simd::LaneSystem::tangent_full, EventMapIterationTask<M>(p.lane_model(), p.x0, o), write);
      return;
    }
    write(iterate_event_map(p.model, p.x0, p.inputs, o, p.tangent_io));
  }
}

}  // namespace chaoskit::sweep
