#include "chaoskit/sweep/job/job.hpp"

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

std::string quantity_name(Quantity q) { return std::string(quantity_keys[static_cast<std::size_t>(q)]); }

std::size_t Job::point_count() const {
  std::size_t n = 1;
  for (const auto& a : axes) n *= a.values.size();
  return n;
}

IntegratorOptions Job::integrator_for(Workload w) const {
  IntegratorOptions o = integrator;
  if (!stepper_named) o.stepper = default_stepper(w);
  return o;
}

bool Job::has_parameter_axes() const {
  for (const auto& a : axes)
    if (a.target == Target::parameter) return true;
  for (const auto& c : points.columns)
    if (c.target == Target::parameter) return true;
  return false;
}

bool Job::has_moments() const {
  if (inputs_given) return true;
  for (const auto* list : {&axes, &fixed, &points.columns})
    for (const auto& e : *list)
      if (e.target == Target::torque || e.target == Target::release) return true;
  return false;
}

}  // namespace chaoskit::sweep
