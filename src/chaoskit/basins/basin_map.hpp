#pragma once
// A 2-D basin map: one per-point outcome (rest label, flip time or swing outcome) on a grid of two
// state components, the other components fixed. The per-point functions (rest_label, flip_time,
// swing_outcome) are what the sweep engine calls point by point; this file is the stand-alone
// grid loop `chaoskit basin` uses until then. Points run in parallel with OpenMP, each written to
// its own slot, so the map is identical whatever the thread count.
//
// Grid order is row-major with the x axis major: point (i, j) ↔ flat index i·ny + j, the order
// of io::ResultsStore with axes (x, y).
#include <cstdint>
#include <string>
#include <vector>

#include <omp.h>

#include "chaoskit/basins/basin_kind.hpp"
#include "chaoskit/basins/flip_time.hpp"
#include "chaoskit/basins/rest_label.hpp"
#include "chaoskit/basins/task_outcome.hpp"
#include "chaoskit/core/point_status.hpp"
#include "chaoskit/models/mechanical_form.hpp"

namespace chaoskit::basins {

struct GridAxis {
  std::string name;
  int component = -1;  ///< index into the state
  std::vector<double> values;
};

/// What a basin kind needs of a model file beyond M and f (models/mechanical_form.hpp): every kind
/// the link angles (rest: windings and barriers; flip: the upright test; task: the endpoint),
/// rest also the potential (energy, barriers) and the constant damping D.
inline MechanicalNeeds basin_needs(BasinKind kind) {
  MechanicalNeeds needs;
  needs.kinematics = true;
  needs.potential = needs.constant_pieces = kind == BasinKind::rest;
  return needs;
}

struct BasinOptions {
  BasinKind kind = BasinKind::rest;
  RestOptions rest;
  FlipOptions flip;
  TaskOptions task;
  int threads = 0;  ///< 0: OpenMP's default
};

struct BasinMap {
  std::size_t nx = 0, ny = 0;
  std::vector<std::int32_t>
      label;                  ///< rest: encoded windings; flip: 1-based link that flipped, 0 none; task: task_label
  std::vector<double> value;  ///< rest: capture time; flip: flip time; task: endpoint speed
  std::vector<double> time;   ///< rest/flip: same as value; task: time of the first θ1 = 0
  std::vector<std::int8_t> status;  ///< point_status codes
};

/// One grid point's outcome (the per-point entry for sweeps).
struct PointOutcome {
  std::int32_t label = 0;
  double value = NAN, time = NAN;
  std::int8_t status = point_status::ok;
};

template <MechanicalModel M>
PointOutcome basin_point(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                         const BasinOptions& bo, const IntegratorOptions& io) {
  PointOutcome p;
  switch (bo.kind) {
    case BasinKind::rest: {
      const auto r = rest_label(model, x0, bo.rest, io);
      p.label = r.label;
      p.value = p.time = r.time;
      p.status = point_status_of(r.report.status);
      break;
    }
    case BasinKind::flip: {
      const auto r = flip_time(model, x0, inputs, bo.flip, io);
      p.label = r.link + 1;
      p.value = p.time = r.time;
      p.status = point_status_of(r.report.status);
      break;
    }
    case BasinKind::task: {
      const auto r = swing_outcome(model, x0, inputs, bo.task, io);
      p.label = task_label(r, bo.task.threshold);
      p.value = r.speed;
      p.time = r.time;
      p.status = point_status_of(r.report.status);
      break;
    }
  }
  // A failed integration has no outcome: one label for every kind, never that of a real outcome
  // (a failed flip point is not "no flip"), so that entropy and α count failures apart.
  if (p.status != point_status::ok) p.label = kLabelFailed;
  return p;
}

template <MechanicalModel M>
BasinMap compute_basin_map(const M& model, const Vec<double, M::state_dim>& base, const GridAxis& x, const GridAxis& y,
                           const InputSchedule& inputs, const BasinOptions& bo, const IntegratorOptions& io) {
  constexpr int n = M::state_dim;
  for (const GridAxis* a : {&x, &y})
    if (a->component < 0 || a->component >= state_count(model) || a->values.empty())
      throw InputError(a == &x ? "x" : "y", "needs a state component and at least one value");
  if (x.component == y.component) throw InputError("y", "must be a different state component from x");
  require_mechanics(model, "basins", basin_needs(bo.kind));
  // Rest maps integrate without inputs (rest_label's energy argument); the CLI refuses them.
  if (bo.kind == BasinKind::rest && !has_damping(model))
    throw InputError("damping", "rest basins need joint damping > 0");
  const double horizon = bo.kind == BasinKind::rest   ? bo.rest.max_time
                         : bo.kind == BasinKind::flip ? bo.flip.max_time
                                                      : bo.task.max_time;
  if (!(horizon > 0.0) || !std::isfinite(horizon)) throw InputError("max_time", "must be > 0 s");
  if (bo.kind == BasinKind::task && !std::isfinite(bo.task.threshold))
    throw InputError("threshold", "task basins need an endpoint speed threshold [m/s]");
  BasinMap map;
  map.nx = x.values.size();
  map.ny = y.values.size();
  const std::size_t total = map.nx * map.ny;
  map.label.assign(total, 0);
  map.value.assign(total, NAN);
  map.time.assign(total, NAN);
  map.status.assign(total, point_status::not_computed);
  const int threads = bo.threads > 0 ? bo.threads : omp_get_max_threads();
  const long long count = static_cast<long long>(total);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (long long k = 0; k < count; ++k) {
    const std::size_t i = static_cast<std::size_t>(k) / map.ny, j = static_cast<std::size_t>(k) % map.ny;
    Vec<double, n> x0 = base;
    x0(x.component) = x.values[i];
    x0(y.component) = y.values[j];
    PointOutcome p;
    try {
      p = basin_point(model, x0, inputs, bo, io);
    } catch (...) {
      p.status = point_status::internal_error;
      p.label = kLabelFailed;
    }
    map.label[k] = p.label;
    map.value[k] = p.value;
    map.time[k] = p.time;
    map.status[k] = p.status;
  }
  return map;
}

}  // namespace chaoskit::basins
