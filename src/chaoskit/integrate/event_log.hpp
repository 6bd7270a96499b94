#pragma once
// The events of one trajectory of a hybrid model, as `simulate` prints and stores them: when, which,
// the modes, the state just before and just after, and the energy on both sides (what an impact
// takes; for a walker whose reset also moves the potential's origin to the new stance foot, the
// change of that origin too).
#include <cmath>
#include <vector>

#include "chaoskit/core/types.hpp"

namespace chaoskit {

template <int n>
struct EventLogEntry {
  double t = NAN;  ///< [s]
  int event = -1;  ///< the model's event index (its name: model.event_info(event).name)
  int mode_before = 0, mode_after = 0;
  Vec<double, n> x_minus, x_plus;
  double energy_minus = NAN, energy_plus = NAN;  ///< the model's energy at x⁻ and x⁺ (NaN without one)
};

template <int n>
using EventLog = std::vector<EventLogEntry<n>>;

}  // namespace chaoskit
