#include "chaoskit/periodic/periodic_problem.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace chaoskit::periodic {

const char* step_status_name(StepStatus s) {
  switch (s) {
    case StepStatus::ok: return "ok";
    case StepStatus::return_not_reached: return "return_not_reached";
    case StepStatus::integration_failed: return "integration_failed";
    case StepStatus::invalid_state: return "invalid_state";
  }
  return "unknown";
}

const char* problem_kind_name(ProblemKind k) {
  switch (k) {
    case ProblemKind::autonomous_flow: return "autonomous_flow";
    case ProblemKind::periodic_flow: return "periodic_flow";
    case ProblemKind::map: return "map";
  }
  return "unknown";
}

PeriodicProblem map_problem(int dim, MapFunction map, std::vector<std::string> state_names) {
  PeriodicProblem p;
  p.kind = ProblemKind::map;
  p.dim = dim;
  if (state_names.empty())
    for (int i = 0; i < dim; ++i) state_names.push_back("x" + std::to_string(i + 1));
  p.state_names = std::move(state_names);
  p.advance = [map = std::move(map)](const Vector& x, double, double, bool with_jacobian) {
    return map(x, with_jacobian);
  };
  return p;
}

Vector energy_gradient(const std::function<double(const Vector&)>& energy, const Vector& x) {
  Vector g(x.size());
  Vector y = x;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double h = 1e-3 * std::max(1.0, std::abs(x(i)));
    auto at = [&](double d) {
      y(i) = x(i) + d;
      const double v = energy(y);
      y(i) = x(i);
      return v;
    };
    g(i) = (8.0 * (at(h) - at(-h)) - (at(2.0 * h) - at(-2.0 * h))) / (12.0 * h);
  }
  return g;
}

}  // namespace chaoskit::periodic
