// The table of units, from the one list (../job/quantity_list.hpp), and what follows from a unit
// for the job as a whole.
#include <array>
#include <cassert>

#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

std::span<const QuantityUnit* const> quantity_units() {
#define CHAOSKIT_QUANTITY_UNIT_ADDRESS(name) &name##_unit(),
  static const std::array<const QuantityUnit*, quantity_count> units = {
      CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_UNIT_ADDRESS)};
#undef CHAOSKIT_QUANTITY_UNIT_ADDRESS
  return units;
}

const QuantityUnit& unit_of(Quantity q) {
  const QuantityUnit& u = *quantity_units()[static_cast<std::size_t>(q)];
  assert(u.quantity == q);  // the table follows the enumeration
  assert(u.name == quantity_keys[static_cast<std::size_t>(q)]);
  return u;
}

Workload workload_of(Quantity q) { return unit_of(q).workload; }

std::string stepper_description(const Job& job) {
  if (job.stepper_named) return stepper_name(job.integrator.stepper);
  bool tangent = false, trajectory = false;
  for (const auto& c : job.compute) (workload_of(c.quantity) == Workload::tangent_flow ? tangent : trajectory) = true;
  std::string s;
  if (tangent) s = stepper_name(default_stepper(Workload::tangent_flow)) + " (tangent flow)";
  if (trajectory)
    s += (s.empty() ? "" : ", ") + stepper_name(default_stepper(Workload::trajectory)) + " (trajectories)";
  return s + ", by default";
}

}  // namespace chaoskit::sweep
