#pragma once
// Hybrid (piecewise-smooth) models: a Model whose flow is interrupted by events, as walking is by
// heel strikes and knee locks. An event k has
//   a guard      g_k(x, u, t): the event happens where g_k crosses zero in its direction;
//   a condition  allowed_k(x, u, t), read at the crossing: a crossing where it is false is ignored
//                (the simplest walker's swing foot passing the stance foot near mid-stance);
//   a reset      x⁺ = R_k(x⁻, u, t): the impact map, with any relabelling of the coordinates (the
//                stance and swing legs swapping roles);
//   terminal     or the event ends the orbit (a walker's hip reaching the ground): the integration
//                stops there with status terminal_event, the trajectory up to it intact;
//   modes        the event is armed only in mode `from_mode` (or in every mode) and switches the
//                model to `to_mode` (or leaves it): a knee locked at full extension is a mode of the
//                same state whose vector field keeps the knee's relative angle and rate fixed.
// The vector field depends on the mode: rhs(x, u, t, mode); rhs(x, u, t) is mode 0's.
//
// Guards, conditions and resets are templated on the scalar like rhs, so that one AutoDiff
// evaluation gives g_x, g_t, R_x and R_t for the saltation matrix (integrate/saltation.hpp), the one
// place where every sensitivity crosses an event. The integrator (integrate/driver.hpp) locates
// events, applies resets and keeps the mode; nothing else in chaoskit inspects these members.
//
// A model with no events is not a HybridModel and pays nothing. A model file (FileModel) is a
// HybridModel whose event list may be empty at run time.
#include <concepts>
#include <string>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

/// How a guard must cross zero for its event to happen.
enum class EventDirection {
  up = +1,    ///< g increasing through 0 (from negative to non-negative)
  down = -1,  ///< g decreasing through 0 (from positive to non-positive)
  both = 0,   ///< either way
};

/// The part of an event that does not depend on the state.
struct EventInfo {
  std::string name;  ///< e.g. "heel_strike": event logs, `section --at-event NAME`
  EventDirection direction = EventDirection::both;
  int from_mode = -1;     ///< the mode in which the event is armed; -1: every mode
  int to_mode = -1;       ///< the mode after the event; -1: the mode it happened in
  bool terminal = false;  ///< the orbit ends here (a walker falling): no reset, status terminal_event
};

template <class M>
concept HybridModel = Model<M> && requires(const M& m, const Vec<double, M::state_dim>& x,
                                           const Vec<double, M::input_dim>& u, double t, int k, int mode) {
  { m.event_count() } -> std::convertible_to<int>;
  { m.event_info(k) } -> std::convertible_to<EventInfo>;
  { m.mode_names() } -> std::convertible_to<std::vector<std::string>>;              ///< at least one
  { m.event_guard(k, x, u, t) } -> std::convertible_to<double>;                     ///< templated on the scalar
  { m.event_allowed(k, x, u, t) } -> std::convertible_to<bool>;                     ///< double only
  { m.event_reset(k, x, u, t) } -> std::convertible_to<Vec<double, M::state_dim>>;  ///< templated on the scalar
  { m.rhs(x, u, t, mode) } -> std::convertible_to<Vec<double, M::state_dim>>;       ///< templated on the scalar
};

/// The mode after event k of `model` happened in `mode`.
template <HybridModel M>
int mode_after_event(const M& model, int k, int mode) {
  const int to = model.event_info(k).to_mode;
  return to < 0 ? mode : to;
}

/// Whether event k can happen in `mode`.
template <HybridModel M>
bool event_armed_in(const M& model, int k, int mode) {
  const int from = model.event_info(k).from_mode;
  return from < 0 || from == mode;
}

/// The vector field of `model` in `mode` (mode 0, the only one, for a model without events).
template <Model M, class S>
Vec<S, M::state_dim> model_rhs(const M& model, const Vec<S, M::state_dim>& x, const Vec<S, M::input_dim>& u, S t,
                               int mode) {
  if constexpr (HybridModel<M>)
    return model.rhs(x, u, t, mode);
  else
    return model.rhs(x, u, t);
}

/// The index of the event called `name` of `model` (any Model: one without events has none). An
/// unknown name, or a model without events, is an InputError on `field` naming the events there are
/// (`owner` says whose they are: "the model", "limb", ...). `section --at-event`, the stride map and
/// the orbit_diagram sweep quantity all look events up here.
template <Model M>
int event_index_named(const M& model, const std::string& name, const std::string& field, const std::string& owner) {
  std::string known;
  if constexpr (HybridModel<M>) {
    for (int k = 0; k < model.event_count(); ++k) {
      if (model.event_info(k).name == name) return k;
      known += (known.empty() ? "" : ", ") + model.event_info(k).name;
    }
  }
  throw InputError(field, known.empty() ? owner + " has no events"
                                        : "unknown event '" + name + "' (" + owner + " has " + known + ")");
}

}  // namespace chaoskit
