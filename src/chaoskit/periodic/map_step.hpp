#pragma once
// The map interface of periodic/: one step of a map x ↦ P(x) with its Jacobian DP(x), as every
// periodic-orbit algorithm here sees it. A step of a flow (x(t0) ↦ x(t0 + h) with the
// state-transition matrix), an explicit map (Hénon), a stroboscopic map over a forcing period, or
// a return map to an event or a surface g(x) = 0 (a Poincaré map, a walker's stride map from one
// heel strike to the next, with the saltation and section corrections in its Jacobian) all
// answer the same MapStep: the image, its Jacobian, the time the step took, and a status that
// says in one line why a step failed (the integration failed, the return was not reached).
//
// A return map written elsewhere plugs in as a MapFunction: a callable taking the state and
// whether the Jacobian is wanted.
#include <cmath>
#include <functional>
#include <string>

#include <Eigen/Core>

namespace chaoskit::periodic {

using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;

enum class StepStatus {
  ok,                  ///< the image (and Jacobian) are valid
  return_not_reached,  ///< a return map found no return (no event, no crossing of the surface) in its time limit
  integration_failed,  ///< the integrator stopped (step underflow, a non-finite state, the step budget)
  invalid_state,       ///< the map is not defined at this state (outside its domain)
};

/// "ok", "return_not_reached", "integration_failed", "invalid_state".
const char* step_status_name(StepStatus s);

struct MapStep {
  Vector x;           ///< P(x): the image (for a flow, the state at the end of the step)
  Matrix jacobian;    ///< DP(x) (n × n); empty when the caller did not ask for it
  Vector d_param;     ///< ∂P/∂p of the continuation parameter where the map knows it exactly; empty otherwise
  double time = NAN;  ///< how long the step took [s] (a return time); NaN for an explicit map
  StepStatus status = StepStatus::ok;
  std::string message;  ///< one line saying why, when status is not ok
  bool ok() const { return status == StepStatus::ok; }
};

/// A map: P(x) with DP(x) when `with_jacobian`. Must be safe to call from several threads at once
/// when an algorithm is given more than one thread (a const model is; most Python callables are not).
using MapFunction = std::function<MapStep(const Vector& x, bool with_jacobian)>;

/// A failed step with its status and one-line message.
inline MapStep failed_step(StepStatus s, std::string message) {
  MapStep out;
  out.status = s;
  out.message = std::move(message);
  return out;
}

}  // namespace chaoskit::periodic
