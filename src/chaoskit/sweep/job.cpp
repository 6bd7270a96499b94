#include "chaoskit/sweep/job.hpp"

#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

std::string target_name(Target t) {
  switch (t) {
    case Target::state: return "state";
    case Target::energy: return "energy";
    case Target::parameter: return "parameter";
    case Target::torque: return "torque";
    case Target::release: return "release";
    case Target::point_row: return "point list row";
    case Target::sample_level: return "energy level of the sample";
    case Target::sample_index: return "sample on its energy level";
  }
  return "?";
}

std::string quantity_name(Quantity q) { return unit_of(q).name; }

std::size_t Job::point_count() const {
  std::size_t n = 1;
  for (const auto& a : axes) n *= a.values.size();
  return n;
}

Workload workload_of(Quantity q) { return unit_of(q).workload; }

IntegratorOptions Job::integrator_for(Workload w) const {
  IntegratorOptions o = integrator;
  if (!stepper_named) o.stepper = default_stepper(w);
  return o;
}

std::string Job::stepper_description() const {
  if (stepper_named) return stepper_name(integrator.stepper);
  bool tangent = false, trajectory = false;
  for (const auto& c : compute) (workload_of(c.quantity) == Workload::tangent_flow ? tangent : trajectory) = true;
  std::string s;
  if (tangent) s = stepper_name(default_stepper(Workload::tangent_flow)) + " (tangent flow)";
  if (trajectory)
    s += (s.empty() ? "" : ", ") + stepper_name(default_stepper(Workload::trajectory)) + " (trajectories)";
  return s + ", by default";
}

bool Job::has_parameter_axes() const {
  for (const auto& a : axes)
    if (a.target == Target::parameter) return true;
  for (const auto& c : points.columns)
    if (c.target == Target::parameter) return true;
  return false;
}

}  // namespace chaoskit::sweep
