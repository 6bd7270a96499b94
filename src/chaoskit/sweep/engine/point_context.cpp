#include "chaoskit/sweep/engine/point_context.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/energy_surface.hpp"
#include "chaoskit/sweep/job/level_samplers.hpp"
#include "chaoskit/sweep/job/model_factory.hpp"

namespace chaoskit::sweep {

namespace {

/// Solves the job's chosen rate so that the state has total energy E; false if E < V(q) + (the
/// kinetic energy the fixed rates already carry), i.e. the point is energetically inaccessible.
bool solve_energy(const AnyModel& model, const EnergySolve& es, double energy, std::vector<double>& x) {
  return std::visit(
      [&](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        if constexpr (MechanicalModel<M>) {
          constexpr int d = M::dof;
          const int ds = coordinate_count(m);
          auto q = sized<Vec<double, d>>(ds), qd = sized<Vec<double, d>>(ds);
          for (int i = 0; i < ds; ++i) q(i) = x[i], qd(i) = x[ds + i];
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
  const std::size_t n =
      std::visit([](const auto& m) { return static_cast<std::size_t>(state_count(m)); }, job.base_model);
  std::vector<double> x0(n, 0.0);
  const int m = job.inputs.dim();
  std::vector<double> torque(static_cast<std::size_t>(m), 0.0),
      release(static_cast<std::size_t>(m), InputSchedule::never);
  for (int i = 0; i < m; ++i) {
    torque[i] = job.inputs.base(i, 0.0);
    release[i] = job.inputs.release(i);
  }
  bool torque_set = false, release_set = false;
  double energy = NAN;
  std::vector<ModelFactory::Setting> settings;  // the point's parameters, in the order they are applied
  auto apply = [&](const GridEntry& e, double v) {
    switch (e.target) {
      case Target::point_row: break;  // never a column itself: the row's columns are applied below
      case Target::sample_level:      // the indices of a [sample]'s axes pick the state drawn below
      case Target::sample_index: break;
      case Target::state: x0[e.index] = v; break;
      case Target::energy: energy = v; break;
      case Target::torque: torque[e.index] = v, torque_set = true; break;
      case Target::release: release[e.index] = v, release_set = true; break;
      case Target::parameter: settings.push_back({e.param_field, e.index, v}); break;
    }
  };
  for (const auto& f : job.fixed)
    if (f.target != Target::parameter) apply(f, f.values[0]);  // fixed parameters are in job.params already
  std::size_t level = 0, sample = 0;
  for (std::size_t k = 0; k < job.axes.size(); ++k) {
    const GridEntry& axis = job.axes[k];
    if (axis.target == Target::sample_level) level = index[k];
    if (axis.target == Target::sample_index) sample = index[k];
    if (axis.target != Target::point_row) {
      apply(axis, axis.values[index[k]]);
      continue;
    }
    // The `point` axis's coordinate k is row k of the list: its cells set what the columns name.
    const std::span<const double> row = job.points.table.row(index[k]);
    for (std::size_t c = 0; c < job.points.columns.size(); ++c) apply(job.points.columns[c], row[c]);
  }
  // A [sample]'s state: a pure function of (seed, level, sample), whoever computes the point.
  if (job.point_source == PointSource::energy_sample) job.sample.samplers->draw(job.sample.seed, level, sample, x0);
  // Without parameter coordinates every point's model is the job's; with them, the job's set read
  // once (job.models) with the coordinates written into its typed fields: no TOML per point.
  PointContext c{settings.empty() ? job.base_model : job.models->make(settings), job.inputs, std::move(x0), true};
  if (torque_set) c.inputs = InputSchedule::constant(torque);
  if (torque_set || release_set) c.inputs.set_release(release);
  if (job.energy.component >= 0) c.admissible = solve_energy(c.model, job.energy, energy, c.x0);
  return c;
}

}  // namespace chaoskit::sweep
