#pragma once
// Maps given by a formula, for the map side of periodic/, its tests and `chaoskit periodic --map`:
//
//   henon             (x, y) ↦ (1 − a x² + y, b x)     (Hénon 1976, "A two-dimensional mapping with
//                     a strange attractor", Commun. Math. Phys. 50, 69–77; a = 1.4, b = 0.3)
//   delayed_logistic  (x, y) ↦ (a x (1 − y), x)        (the logistic map with a delay, x_{n+1} =
//                     a x_n (1 − x_{n−1}); Pounder & Rogers 1980, Bull. Math. Biol. 42, 551–597;
//                     a = 1.9: its fixed point loses stability to an invariant circle at a = 2)
//
// each with its exact Jacobian and its exact derivative in any of its parameters (for continuation).
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

/// A parameter value by name.
struct NamedValue {
  std::string name;
  double value;
};

/// The names of the explicit maps ("henon, delayed_logistic"), for messages.
std::string explicit_map_names();

/// The problem of explicit map `name` with parameter values `values` (the others keep their
/// defaults) and `parameter` the continuation parameter, whose exact ∂P/∂p every step returns (or
/// empty). InputError("map") for an unknown map, ("map_params") for a parameter it does not have,
/// ("parameter") for a continuation parameter it does not have.
PeriodicProblem explicit_map_problem(const std::string& name, const std::vector<NamedValue>& values,
                                     const std::string& parameter = "");
/// The value of parameter `parameter` of map `name` after `values` are applied.
double explicit_map_parameter(const std::string& name, const std::vector<NamedValue>& values,
                              const std::string& parameter);

}  // namespace chaoskit::periodic
