#include "chaoskit/periodic/continuation.hpp"

#include <cmath>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/periodic/branch_walk.hpp"

namespace chaoskit::periodic {

namespace {

std::string num(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

/// The period-doubled options: twice the segments (a map's period 2k), twice the forcing periods.
OrbitOptions doubled(const OrbitOptions& o, ProblemKind kind) {
  OrbitOptions d = o;
  d.segments = 2 * o.segments;
  if (kind == ProblemKind::periodic_flow) d.forcing_periods = 2 * o.forcing_periods;
  return d;
}

/// The start of the doubled branch at the period doubling `pd` of a branch with options `orbit`,
/// or a message saying why there is none.
struct SwitchStart {
  Corrected c;
  Vector tangent;
  std::string failure;
};
SwitchStart switch_start(const ParameterFamily& family, const BranchPoint& pd, const ContinuationOptions& opt,
                         const OrbitOptions& orbit, ArcSystem& sys2) {
  SwitchStart out;
  ArcSystem sys1(family, orbit);
  const int n = sys1.layout().n, m = sys1.layout().segments;
  sys1.set_reference(pd.state, pd.parameter);
  sys1.set_energy_level(pd.energy);
  const ArcEval e1 = sys1.evaluate(pd.unknowns, pd.parameter, true);
  if (!e1.ok()) {
    out.failure = e1.shooting.message;
    return out;
  }
  double mu = 0.0;
  std::vector<Vector> v{real_eigenvector(monodromy_of(e1.shooting), -1.0, &mu)};
  for (int i = 0; i + 1 < m; ++i) v.push_back(e1.shooting.segment_jacobians[static_cast<std::size_t>(i)] * v.back());
  const ShootingLayout& l2 = sys2.layout();
  Vector z2 = Vector::Zero(l2.size()), d = Vector::Zero(l2.size() + 1);
  for (int i = 0; i < m; ++i) {
    const Vector x = shooting_point(sys1.layout(), pd.unknowns, i);
    z2.segment(i * n, n) = x;
    z2.segment((m + i) * n, n) = x;
    d.segment(i * n, n) = v[static_cast<std::size_t>(i)];
    d.segment((m + i) * n, n) = -v[static_cast<std::size_t>(i)];
  }
  if (l2.free_period) z2(l2.period_index()) = 2.0 * pd.unknowns(sys1.layout().period_index());
  if (l2.unfolding) z2(l2.beta_index()) = pd.unknowns(sys1.layout().beta_index());
  d = sys2.normalized(d);
  sys2.set_reference(pd.state, pd.parameter);
  sys2.set_energy_level(pd.energy);
  double h = opt.ds;
  for (int attempt = 0; attempt < 4; ++attempt, h *= 0.5) {
    Corrected c = correct(sys2, z2 + h * d.head(l2.size()), pd.parameter + h * d(l2.size()), d);
    if (!c.ok) {
      out.failure = c.message;
      continue;
    }
    // The doubled system also holds the original orbit run twice: make sure this is not it.
    const double split = (shooting_point(l2, c.z, 0) - shooting_point(l2, c.z, m)).norm();
    if (!(split > 1e-3 * h)) {
      out.failure = "the corrector fell back onto the original orbit";
      continue;
    }
    out.tangent = arc_tangent(sys2, c.eval, d);
    if (out.tangent.size() == 0) {
      out.failure = "singular tangent system on the doubled branch";
      continue;
    }
    out.c = c;
    out.failure.clear();
    return out;
  }
  out.failure = "no doubled orbit near the period doubling at " + family.name + " = " + num(pd.parameter) +
                " (multiplier " + num(mu) + "): " + out.failure;
  return out;
}

/// Switches at every period doubling in `doublings` (indices into out.points) and walks the new
/// branches, `levels` deep.
void switch_all(const ParameterFamily& family, std::vector<int> doublings, const ContinuationOptions& opt,
                const OrbitOptions& orbit, int parent, int levels, ContinuationResult& out) {
  if (levels <= 0) return;
  for (const int index : doublings) {
    const BranchPoint pd = out.points[static_cast<std::size_t>(index)];
    const OrbitOptions o2 = doubled(orbit, ArcSystem(family, orbit).problem(pd.parameter).kind);
    ArcSystem sys2(family, o2);
    SwitchStart st = switch_start(family, pd, opt, orbit, sys2);
    BranchInfo info;
    info.id = static_cast<int>(out.branches.size());
    info.parent = parent;
    info.parent_point = index;
    info.segments = o2.segments;
    if (!st.failure.empty()) {
      info.end_reason = "branch switching failed: " + st.failure;
      out.branches.push_back(info);
      continue;
    }
    const std::vector<int> next = detail::walk_branch(sys2, st.c, st.tangent, opt, info, out);
    switch_all(family, next, opt, o2, info.id, levels - 1, out);
  }
}

}  // namespace

ContinuationResult orbit_result(const PeriodicOrbit& o, const std::string& note) {
  ContinuationResult r;
  r.parameter = "none";
  r.units = "1";
  r.state_names = o.state_names;
  BranchPoint p;
  p.type = PointType::start;
  p.state = o.points.front();
  p.period = o.period, p.return_time = o.return_time, p.energy = o.energy, p.beta = o.beta;
  p.residual = o.residual, p.iterations = o.iterations, p.segments = o.segments;
  p.unknowns = o.unknowns, p.monodromy = o.monodromy, p.floquet = o.floquet;
  const TestFunctions t = test_functions(o.floquet);
  p.test_fold = t.fold, p.test_period_doubling = t.period_doubling, p.test_neimark_sacker = t.neimark_sacker;
  r.points.push_back(p);
  BranchInfo info;
  info.segments = o.segments;
  info.end_reason = note;
  r.branches.push_back(info);
  return r;
}

void validate(const ContinuationOptions& o) {
  if (!(o.ds > 0.0)) throw InputError("ds", "must be > 0");
  if (!(o.ds_min > 0.0) || o.ds_min > o.ds) throw InputError("ds_min", "must be > 0 and <= ds");
  if (!(o.ds_max >= o.ds)) throw InputError("ds_max", "must be >= ds");
  if (o.direction != 1 && o.direction != -1) throw InputError("direction", "must be +1 or -1");
  if (o.max_points < 2) throw InputError("max_points", "must be >= 2");
  if (!(o.parameter_min < o.parameter_max))
    throw InputError("parameter_min", "the lower bound must be below the upper bound");
  if (!(o.locate_tolerance > 0.0)) throw InputError("locate_tolerance", "must be > 0");
  if (!(o.max_turn_degrees > 0.0 && o.max_turn_degrees < 90.0))
    throw InputError("max_turn_degrees", "must be in (0, 90)");
  if (o.period_doubling_levels < 0) throw InputError("period_doubling_levels", "must be >= 0");
}

ContinuationResult continue_orbits(const ParameterFamily& family, const OrbitGuess& guess,
                                   const ContinuationOptions& opt) {
  validate(opt);
  if (!std::isfinite(family.start)) throw InputError("parameter", "the start value is not finite");
  if (family.start < opt.parameter_min || family.start > opt.parameter_max)
    throw InputError(family.start < opt.parameter_min ? "parameter_min" : "parameter_max",
                     "the start value " + num(family.start) + " of " + family.name + " lies outside the bounds [" +
                         num(opt.parameter_min) + ", " + num(opt.parameter_max) + "]");
  ContinuationResult out;
  out.parameter = family.name;
  out.units = family.units;
  ArcSystem sys(family, opt.orbit);
  const PeriodicProblem prob = sys.problem(family.start);
  out.state_names = prob.state_names;
  OrbitOptions start_options = opt.orbit;
  if (family.energy_level) start_options.energy = family.start;
  const PeriodicOrbit start = find_periodic_orbit(prob, guess, start_options);
  BranchInfo info;
  info.segments = opt.orbit.segments;
  if (!start.converged()) {
    info.end_reason = "the start orbit: " + start.message;
    out.branches.push_back(info);
    return out;
  }
  sys.set_reference(start.points.front(), family.start);
  sys.set_energy_level(start.energy);
  Corrected c0;
  c0.z = start.unknowns;
  c0.p = family.start;
  c0.eval = sys.evaluate(c0.z, c0.p, true);
  c0.iterations = start.iterations;
  c0.ok = c0.eval.ok();
  const Vector tau0 = c0.ok ? start_tangent(sys, c0.eval, opt.direction) : Vector();
  if (tau0.size() == 0) {
    info.end_reason = c0.ok ? "the start orbit is singular in its own unknowns (a fold or branch point): no direction"
                            : "the start orbit: " + c0.eval.shooting.message;
    out.branches.push_back(info);
    return out;
  }
  const std::vector<int> doublings = detail::walk_branch(sys, c0, tau0, opt, info, out);
  switch_all(family, doublings, opt, opt.orbit, 0, opt.period_doubling_levels, out);
  return out;
}

ContinuationResult continue_doubled(const ParameterFamily& family, const BranchPoint& pd,
                                    const ContinuationOptions& opt) {
  validate(opt);
  ContinuationResult out;
  out.parameter = family.name;
  out.units = family.units;
  out.state_names = ArcSystem(family, opt.orbit).problem(pd.parameter).state_names;
  // Branch 0 is the period doubling itself (a restart point), branch 1 onwards what it leads to.
  out.points.push_back(pd);
  out.points.back().branch = 0;
  out.points.back().type = PointType::period_doubling;
  BranchInfo info;
  info.segments = opt.orbit.segments;
  info.end_reason = "the period doubling switched from (a restart point)";
  out.branches.push_back(info);
  switch_all(family, {0}, opt, opt.orbit, 0, std::max(1, opt.period_doubling_levels), out);
  return out;
}

}  // namespace chaoskit::periodic
