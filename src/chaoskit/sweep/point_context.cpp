#include "chaoskit/sweep/point_context.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/energy_surface.hpp"
#include "chaoskit/sweep/parameter_axes.hpp"

namespace chaoskit::sweep {

namespace {

ParameterRef ref_of(const GridEntry& e) { return {e.param_key, e.index, e.units, ""}; }

/// Solves the job's chosen rate so that the state has total energy E; false if E < V(q) + (the
/// kinetic energy the fixed rates already carry), i.e. the point is energetically inaccessible.
bool solve_energy(const AnyModel& model, const EnergySolve& es, double energy, std::vector<double>& x) {
  return std::visit(
      [&](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        if constexpr (MechanicalModel<M>) {
          constexpr int d = M::dof;
          Vec<double, d> q, qd;
          for (int i = 0; i < d; ++i) q(i) = x[i], qd(i) = x[d + i];
          const auto v = rate_for_energy(m, q, qd, es.dof_index, energy, es.branch);
          if (!v) return false;
          x[es.component] = *v;
          return true;
        } else {
          return false;
        }
      },
      model);
}

}  // namespace

PointContext point_context(const Job& job, std::span<const std::size_t> index) {
  PointContext c{job.base_model, job.inputs, {}, true};
  const std::size_t n = std::visit([](const auto& m) { return static_cast<std::size_t>(std::decay_t<decltype(m)>::state_dim); },
                                   job.base_model);
  c.x0.assign(n, 0.0);
  const int m = job.inputs.dim();
  std::vector<double> torque(static_cast<std::size_t>(m), 0.0), release(static_cast<std::size_t>(m), InputSchedule::never);
  for (int i = 0; i < m; ++i) {
    torque[i] = job.inputs.base(i, 0.0);
    release[i] = job.inputs.release(i);
  }
  bool torque_set = false, release_set = false, params_set = false;
  double energy = NAN;
  ParamFile params;
  auto apply = [&](const GridEntry& e, double v) {
    switch (e.target) {
      case Target::state: c.x0[e.index] = v; break;
      case Target::energy: energy = v; break;
      case Target::torque: torque[e.index] = v, torque_set = true; break;
      case Target::release: release[e.index] = v, release_set = true; break;
      case Target::parameter:
        if (!params_set) params = job.params, params_set = true;
        set_parameter(params, ref_of(e), v);
        break;
    }
  };
  for (const auto& f : job.fixed)
    if (f.target != Target::parameter) apply(f, f.values[0]);  // fixed parameters are in job.params already
  for (std::size_t k = 0; k < job.axes.size(); ++k) apply(job.axes[k], job.axes[k].values[index[k]]);
  if (params_set) c.model = make_model(job.model_name, params);
  if (torque_set) c.inputs = InputSchedule::constant(torque);
  if (torque_set || release_set) c.inputs.set_release(release);
  if (job.energy.component >= 0) c.admissible = solve_energy(c.model, job.energy, energy, c.x0);
  return c;
}

void check_parameter_values(const Job& job) {
  for (const auto* list : {&job.fixed, &job.axes})
    for (const auto& e : *list) {
      if (e.target != Target::parameter) continue;
      for (double v : e.values) {
        ParamFile p = job.params;
        set_parameter(p, ref_of(e), v);
        try {
          (void)make_model(job.model_name, p);
        } catch (const InputError& err) {
          const std::string what = err.what();
          throw InputError("grid." + e.name, what.substr(what.rfind(": ") + 2));
        }
      }
    }
}

}  // namespace chaoskit::sweep
