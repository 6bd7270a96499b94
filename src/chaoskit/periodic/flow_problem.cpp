#include "chaoskit/periodic/flow_problem.hpp"

#include <sstream>

namespace chaoskit::periodic {

namespace detail {

bool looks_conservative(const std::function<double(const Vector&)>& energy,
                        const std::function<Vector(const Vector&, double)>& field, const Vector& probe) {
  const int n = static_cast<int>(probe.size());
  for (int k = -1; k < 4; ++k) {
    Vector x = probe;
    if (k >= 0) x(k % n) += 0.1 * (k % 2 ? -1.0 : 1.0), x((k + 1) % n) += 0.05;
    if (!std::isfinite(energy(x))) return false;
    const Vector g = energy_gradient(energy, x);
    const Vector f = field(x, 0.0);
    const double scale = g.norm() * f.norm();
    if (!std::isfinite(scale)) return false;
    if (std::abs(g.dot(f)) > 1e-7 * scale) return false;
  }
  return true;
}

void check_constant_inputs(const InputSchedule& inputs, int dim) {
  if (inputs.dim() == 0) return;
  if (inputs.dim() != dim)
    throw InputError("inputs",
                     "the model has " + std::to_string(dim) + " inputs, the schedule " + std::to_string(inputs.dim()));
  if (inputs.has_table())
    throw InputError("inputs", "periodic orbits need constant joint moments (a table makes the flow non-autonomous)");
  for (int i = 0; i < dim; ++i)
    if (std::isfinite(inputs.release(i)))
      throw InputError("inputs",
                       "periodic orbits need constant joint moments (a release makes the flow non-autonomous)");
}

MapStep integration_failure(IntegrationStatus status, double t) {
  std::ostringstream s;
  s.precision(6);
  s << "integration failed: status " << status_name(status) << " at t = " << t << " s (" << status_explanation(status)
    << ")";
  return failed_step(StepStatus::integration_failed, s.str());
}

}  // namespace detail

Conservation parse_conservation(const std::string& text, const std::string& field) {
  if (text == "auto") return Conservation::automatic;
  if (text == "yes") return Conservation::conservative;
  if (text == "no") return Conservation::dissipative;
  throw InputError(field, "expected auto, yes or no, got '" + text + "'");
}

}  // namespace chaoskit::periodic
