// Point status codes are part of every chaoskit file (`status`, `seed_status` and their
// flag_meanings): the numbers, names and the mapping from an integration's outcome must not move.
#include <catch2/catch.hpp>

#include "chaoskit/core/point_status.hpp"

using namespace chaoskit;

TEST_CASE("point status: an integration's outcome maps to its code, shifted by one", "[core][status]") {
  CHECK(point_status_of(IntegrationStatus::ok) == point_status::ok);
  CHECK(point_status_of(IntegrationStatus::step_underflow) == 2);
  CHECK(point_status_of(IntegrationStatus::non_finite) == 3);
  CHECK(point_status_of(IntegrationStatus::max_steps) == 4);
  CHECK(point_status_of(IntegrationStatus::grazing_event) == 7);
  CHECK(point_status_of(IntegrationStatus::simultaneous_events) == 8);
  CHECK(point_status_of(IntegrationStatus::event_cascade) == 9);
  CHECK(point_status_of(IntegrationStatus::terminal_event) == 10);
  CHECK(point_status::last == 10);
  static_assert(point_status_of(IntegrationStatus::ok) == 1, "usable in constant expressions");
}

TEST_CASE("point status: names and flag_meanings as files have always carried them", "[core][status]") {
  // The event codes 7..9, then 10, came after the first seven, which kept their numbers.
  CHECK(point_status_flag_meanings() ==
        "not_computed ok step_underflow non_finite max_steps invalid_point internal_error grazing_event "
        "simultaneous_events event_cascade terminal_event");
  CHECK(point_status_name(point_status::not_computed) == "not_computed");
  CHECK(point_status_name(point_status::invalid_point) == "invalid_point");
  CHECK(point_status_name(point_status::internal_error) == "internal_error");
  CHECK(point_status_name(42) == "code_42");
  CHECK(point_status_name(-1) == "code_-1");
}
