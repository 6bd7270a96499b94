#include "chaoskit/periodic/event_map.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <variant>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/instances.hpp"  // flow_to_event, compiled once per model

namespace chaoskit::periodic {

namespace {

std::string model_label(const AnyModel& model) { return model_name(model); }

/// Singular values of the reset's collapse below this fraction of the largest count as zero: the
/// matrix comes from AutoDiff of the model's expressions, so a structural zero is zero to rounding.
constexpr double kStructuralZero = 1e-9;

template <HybridModel M>
PeriodicProblem event_map_of(const M& model, const FlowOptions& flow, const EventSection& section, int event,
                             int mode) {
  constexpr int n = M::state_dim;
  const int ms = input_count(model);
  detail::check_constant_inputs(flow.inputs, ms);
  const InputSchedule inputs = flow.inputs.dim() == ms ? flow.inputs : InputSchedule(ms);
  Vec<double, M::input_dim> u = Vec<double, M::input_dim>::Zero(ms);
  if constexpr (M::input_dim != 0) {
    const auto values = inputs.value(0.0);
    for (int i = 0; i < ms; ++i) u(i) = values[static_cast<std::size_t>(i)];
  }
  const IntegratorOptions io = flow.integrator;
  const double max_time = section.max_time;
  const std::string name = section.event;
  PeriodicProblem p;
  p.kind = ProblemKind::map;
  p.dim = state_count(model);
  p.state_names = model.state_names();
  auto run = [model, inputs, io, max_time, event, mode](const Vector& x) {
    return flow_to_event(model, Vec<double, n>(x), mode, 0.0, event, 1, inputs, max_time, io);
  };
  p.advance = [run, name, max_time](const Vector& x, double, double, bool with_jacobian) {
    if (!x.allFinite()) return failed_step(StepStatus::invalid_state, "the state is not finite");
    const EventFlow<M> r = run(x);
    if (!r.reached) {
      if (r.report.status == IntegrationStatus::terminal_event) {
        std::ostringstream s;
        s.precision(6);
        s << "guard not reached: the model's terminal event ended the step at t = " << r.report.t << " before any "
          << name << " (the walker fell)";
        return failed_step(StepStatus::return_not_reached, s.str());
      }
      if (!r.report.ok()) return detail::integration_failure(r.report.status, r.report.t);
      std::ostringstream s;
      s.precision(6);
      s << "guard not reached: no " << name << " within " << max_time
        << " time units of the state (the model fell or stopped; a larger --max-time if it is slow)";
      return failed_step(StepStatus::return_not_reached, s.str());
    }
    MapStep step;
    step.x = r.x;
    if (with_jacobian) step.jacobian = r.map_jacobian;
    step.time = r.t;
    return step;
  };
  p.collapsed_direction = [model, u, mode](const Vector& x) -> Vector {
    return model.rhs(Vec<double, n>(x), u, 0.0, mode);
  };
  p.reset_null_directions = [run, model, u, mode](const Vector& x) -> std::vector<Vector> {
    constexpr int n = M::state_dim;
    const EventFlow<M> r = run(x);
    if (!r.reached) return {};
    // The collapse at the event itself, R_x (I − f⁻ g_xᵀ / ġ): exact, so its nullity is structural.
    const Mat<double, n, n> collapse = r.last.map_jacobian();
    const Eigen::JacobiSVD<Matrix> exact{Matrix(collapse)};
    const auto& sv = exact.singularValues();
    int nullity = 0;
    for (Eigen::Index i = 0; i < sv.size(); ++i)
      if (sv(i) <= kStructuralZero * sv(0)) ++nullity;
    if (nullity <= 1) return {};  // only the section's own direction
    // DP = collapse · Φ: its null space is Φ⁻¹ null(collapse), the right singular vectors of the
    // computed DP with the smallest singular values; the flow direction is taken out of it.
    const Eigen::JacobiSVD<Matrix> computed{Matrix(r.map_jacobian), Eigen::ComputeFullV};
    const Eigen::Index size = x.size();
    Matrix basis(size, nullity + 1);
    basis.col(0) = model.rhs(Vec<double, n>(x), u, 0.0, mode).normalized();
    basis.rightCols(nullity) = computed.matrixV().rightCols(nullity);
    Eigen::HouseholderQR<Matrix> qr(basis);
    const Matrix q = qr.householderQ() * Matrix::Identity(size, nullity + 1);
    std::vector<Vector> out;
    for (int k = 1; k < nullity; ++k) out.push_back(q.col(k));
    return out;
  };
  return p;
}

}  // namespace

int event_index(const AnyModel& model, const std::string& name) {
  const std::string label = model_label(model);
  return std::visit([&](const auto& m) { return event_index_named(m, name, "event", label); }, model);
}

int mode_after(const AnyModel& model, int event) {
  return std::visit(
      [&](const auto& m) -> int {
        using M = std::decay_t<decltype(m)>;
        if constexpr (HybridModel<M>) {
          const EventInfo info = m.event_info(event);
          if (info.to_mode >= 0) return info.to_mode;
          if (info.from_mode >= 0) return info.from_mode;
        }
        return 0;
      },
      model);
}

PeriodicProblem make_event_map_problem(const AnyModel& model, const FlowOptions& flow, const EventSection& section) {
  if (!(section.max_time > 0.0) || !std::isfinite(section.max_time))
    throw InputError("max_time", "must be > 0 (the longest a step may take)");
  const int event = event_index(model, section.event);
  const int mode = mode_after(model, event);
  return std::visit(
      [&](const auto& m) -> PeriodicProblem {
        using M = std::decay_t<decltype(m)>;
        if constexpr (HybridModel<M>)
          return event_map_of(m, flow, section, event, mode);
        else
          throw InputError("event", model_label(model) + " has no events");
      },
      model);
}

}  // namespace chaoskit::periodic
