#pragma once
// make_flow_problem for one concrete model type (flow_problem.hpp documents what it builds). The
// library compiles it once for every model of the list (model_flow.cpp); a program or test with a
// model of its own (a forced oscillator, say) instantiates it here, with propagate_variational for
// that model.
#include <sstream>
#include <utility>

#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/periodic/flow_problem.hpp"

namespace chaoskit::periodic {

template <Model M>
PeriodicProblem model_flow_problem(const M& model, const FlowOptions& o, const Vector& probe) {
  constexpr int n = M::state_dim;
  constexpr int m = M::input_dim;
  const int ns = state_count(model), ms = input_count(model);
  detail::check_constant_inputs(o.inputs, ms);
  if (probe.size() != ns)
    throw InputError("state", "expected " + std::to_string(ns) + " components, got " + std::to_string(probe.size()));
  if (o.shift.size() && o.shift.size() != ns)
    throw InputError("shift", "expected " + std::to_string(ns) + " components, got " + std::to_string(o.shift.size()));
  if (o.input_channel >= ms) throw InputError("parameter", "the model has " + std::to_string(ms) + " inputs");
  const InputSchedule inputs = o.inputs.dim() == ms ? o.inputs : InputSchedule(ms);
  Vec<double, m> u = Vec<double, m>::Zero(ms);
  if constexpr (m != 0) {
    const auto values = inputs.value(0.0);
    for (int i = 0; i < ms; ++i) u(i) = values[static_cast<std::size_t>(i)];
  }
  PeriodicProblem p;
  p.kind = o.forcing_period > 0.0 ? ProblemKind::periodic_flow : ProblemKind::autonomous_flow;
  p.dim = ns;
  p.state_names = model.state_names();
  p.forcing_period = o.forcing_period;
  p.shift = o.shift;
  const IntegratorOptions opt = o.integrator;
  const int channel = o.input_channel;
  p.advance = [model, inputs, opt, channel](const Vector& x, double t0, double h, bool with_jacobian) {
    const Vec<double, n> xs = x;
    MapStep s;
    s.time = h;
    if (with_jacobian) {
      const VariationalResult<M> r = propagate_variational(model, xs, inputs, t0, t0 + h, opt);
      if (!r.report.ok()) return detail::integration_failure(r.report.status, r.report.t);
      s.x = r.xT;
      s.jacobian = r.stm;
      if constexpr (m != 0)
        if (channel >= 0) s.d_param = r.d_amplitude.col(channel);
    } else {
      IntegrationReport rep;
      s.x = flow(model, xs, inputs, t0, t0 + h, opt, &rep);
      if (!rep.ok()) return detail::integration_failure(rep.status, rep.t);
    }
    return s;
  };
  p.vector_field = [model, u](const Vector& x, double t) -> Vector { return model.rhs(Vec<double, n>(x), u, t); };
  // H = T + V − (B u)ᵀ q: constant joint moments do work −(B u)ᵀ q, which H accounts for.
  std::function<double(const Vector&)> energy = [model, u](const Vector& x) {
    const Vec<double, n> xs = x;
    double e = state_energy(model, xs);
    if constexpr (MechanicalModel<M>) {
      if (u.squaredNorm() > 0.0) {
        if (!is_mechanical_model(model)) return static_cast<double>(NAN);
        e -= (model.input_matrix() * u).dot(xs.template head<M::dof>(coordinate_count(model)));
      }
    } else {
      if (u.squaredNorm() > 0.0) return static_cast<double>(NAN);
    }
    return e;
  };
  switch (o.conservation) {
    case Conservation::dissipative: break;
    case Conservation::conservative:
      if (!std::isfinite(energy(probe)))
        throw InputError("conservative",
                         "the model has no energy at the state (a model file without 'energy' or "
                         "'potential', or an ODE without one)");
      p.energy = energy;
      break;
    case Conservation::automatic:
      if (p.kind == ProblemKind::autonomous_flow && detail::looks_conservative(energy, p.vector_field, probe))
        p.energy = energy;
      break;
  }
  return p;
}

}  // namespace chaoskit::periodic
