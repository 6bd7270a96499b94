#pragma once
// Maps given by a formula, for the map side of periodic/ and its tests: the Hénon map
//
//   (x, y) ↦ (1 − a x² + y, b x)        (Hénon 1976, "A two-dimensional mapping with a strange
//                                         attractor", Commun. Math. Phys. 50, 69–77; a = 1.4, b = 0.3)
//
// with its exact Jacobian and its exact derivative in either parameter (for continuation).
#include <string>
#include <vector>

#include "chaoskit/periodic/map_step.hpp"
#include "chaoskit/periodic/periodic_problem.hpp"

namespace chaoskit::periodic {

struct HenonParameters {
  double a = 1.4;
  double b = 0.3;
};

/// One step of the Hénon map; d_param holds ∂P/∂`parameter` ("a" or "b"; empty: none).
MapStep henon_step(const HenonParameters& p, const Vector& x, bool with_jacobian, const std::string& parameter = "");

/// The Hénon map as a PeriodicProblem (states x, y).
PeriodicProblem henon_problem(const HenonParameters& p, const std::string& parameter = "");

/// The names of the explicit maps ("henon") and of their parameters, for messages.
std::vector<std::string> explicit_map_names();
std::vector<std::string> explicit_map_parameters(const std::string& map);

/// The problem of explicit map `name` with parameter values `values` (name=value pairs; the others
/// keep their defaults) and `parameter` the continuation parameter (or empty). InputError naming
/// `field` for an unknown map or parameter.
struct NamedValue {
  std::string name;
  double value;
};
PeriodicProblem explicit_map_problem(const std::string& name, const std::vector<NamedValue>& values,
                                     const std::string& parameter = "");
/// The value of parameter `parameter` of map `name` after `values` are applied.
double explicit_map_parameter(const std::string& name, const std::vector<NamedValue>& values,
                              const std::string& parameter);

}  // namespace chaoskit::periodic
