#pragma once
// What became of one point of a computation (a grid point of a sweep or basin map, a seed of a
// section): the int8 codes of the `status` variable of every chaoskit file (`status`,
// `seed_status`), their names (the variables' `flag_meanings` attribute, `chaoskit query`), and
// the code of an integration's outcome. Users' scripts test these numbers: never renumber them.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chaoskit/core/integration_status.hpp"

namespace chaoskit {

namespace point_status {
inline constexpr std::int8_t not_computed = 0;    ///< not yet written (the fill value)
inline constexpr std::int8_t ok = 1;              ///< computed; every variable holds its value
inline constexpr std::int8_t step_underflow = 2;  ///< integration failed: step below dt_min
inline constexpr std::int8_t non_finite = 3;      ///< integration failed: state became NaN/inf
inline constexpr std::int8_t max_steps = 4;       ///< integration failed: step budget exhausted
inline constexpr std::int8_t invalid_point = 5;   ///< the point has no admissible state (e.g. energy unreachable)
inline constexpr std::int8_t internal_error = 6;  ///< an exception while computing the point
// Hybrid models (integrate/event_tracker.hpp): the orbit stopped at an event it cannot cross.
inline constexpr std::int8_t grazing_event = 7;        ///< a guard met tangentially (no sensitivity crosses it)
inline constexpr std::int8_t simultaneous_events = 8;  ///< two events at one instant
inline constexpr std::int8_t event_cascade = 9;        ///< a Zeno cascade of events
inline constexpr std::int8_t terminal_event = 10;      ///< the model's terminal event ended the orbit (a fall)
inline constexpr std::int8_t last = terminal_event;    ///< the largest code any writer produces
}  // namespace point_status

/// The names of the codes 0 .. point_status::last, in order.
inline constexpr std::array<std::string_view, 11> kPointStatusNames{"not_computed",        "ok",
                                                                    "step_underflow",      "non_finite",
                                                                    "max_steps",           "invalid_point",
                                                                    "internal_error",      "grazing_event",
                                                                    "simultaneous_events", "event_cascade",
                                                                    "terminal_event"};

/// The names of the codes separated by spaces: the CF `flag_meanings` attribute of status variables.
std::string point_status_flag_meanings();

/// The name of a code ("ok", ...), or "code_<n>" for a number no writer produces.
std::string point_status_name(int code);

/// The code of a point whose integration ended with `s`: ok, the first failures shifted by one, the
/// event failures after internal_error.
constexpr std::int8_t point_status_of(IntegrationStatus s) {
  switch (s) {
    case IntegrationStatus::ok: return point_status::ok;
    case IntegrationStatus::step_underflow: return point_status::step_underflow;
    case IntegrationStatus::non_finite: return point_status::non_finite;
    case IntegrationStatus::max_steps: return point_status::max_steps;
    case IntegrationStatus::grazing_event: return point_status::grazing_event;
    case IntegrationStatus::simultaneous_events: return point_status::simultaneous_events;
    case IntegrationStatus::event_cascade: return point_status::event_cascade;
    case IntegrationStatus::terminal_event: return point_status::terminal_event;
  }
  return point_status::internal_error;
}

}  // namespace chaoskit
