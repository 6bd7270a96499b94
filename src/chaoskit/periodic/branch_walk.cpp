#include "chaoskit/periodic/branch_walk.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

namespace chaoskit::periodic::detail {

namespace {

std::string num(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

/// A special point found between two points of the branch, with its place along the step.
struct Special {
  double s;
  BranchPoint point;
};

bool is_neimark_sacker(const BranchPoint& b) {
  for (const auto& m : b.floquet.multipliers)
    if (!m.trivial && std::abs(m.value.imag()) > 1e-8 && std::abs(std::abs(m.value) - 1.0) < 1e-5) return true;
  return false;
}

/// The special points between a and b (the step s_b from a along tau_a), in order of s.
std::vector<Special> specials_between(const ArcSystem& sys, const Corrected& a, const BranchPoint& pa,
                                      const BranchPoint& pb, double s_b, const ContinuationOptions& opt) {
  std::vector<Special> out;
  if (!opt.detect_bifurcations) return out;
  struct Test {
    PointType type;
    double BranchPoint::*value;
  };
  std::vector<Test> tests{{PointType::fold, &BranchPoint::test_fold},
                          {PointType::period_doubling, &BranchPoint::test_period_doubling}};
  if (!sys.problem(a.p).conservative()) tests.push_back({PointType::neimark_sacker, &BranchPoint::test_neimark_sacker});
  for (const auto& t : tests) {
    const double fa = pa.*t.value, fb = pb.*t.value;
    if (!(std::isfinite(fa) && std::isfinite(fb)) || !(fa * fb < 0.0)) continue;
    auto f = [&](const Corrected& c) { return describe_point(sys, c, pa.tangent, pa.branch).*t.value; };
    const Located loc = locate_zero(sys, a, pa.tangent, s_b, pb.parameter, fa, fb, f, opt.locate_tolerance);
    Special sp{loc.point.ok ? loc.s : s_b, pb};
    if (loc.point.ok) sp.point = describe_point(sys, loc.point, pa.tangent, pa.branch);
    sp.point.located = loc.ok;
    sp.point.location_error = loc.point.ok ? loc.error : std::abs(pb.parameter - a.p);
    sp.point.type = t.type;
    if (t.type == PointType::fold) {
      const double ta = pa.tangent(pa.tangent.size() - 1), tb = pb.tangent(pb.tangent.size() - 1);
      sp.point.type = ta * tb < 0.0 ? PointType::fold : PointType::branch_point;
    }
    if (t.type == PointType::neimark_sacker && !is_neimark_sacker(sp.point)) continue;  // a neutral saddle
    out.push_back(sp);
  }
  std::stable_sort(out.begin(), out.end(), [](const Special& x, const Special& y) { return x.s < y.s; });
  return out;
}

}  // namespace

BranchPoint describe_point(const ArcSystem& sys, const Corrected& c, const Vector& tangent, int branch) {
  const PeriodicProblem prob = sys.problem(c.p);
  const ShootingContext ctx = sys.context(prob, c.p);
  PeriodicOrbit o;
  describe_orbit(o, ctx, c.z, c.eval.shooting, sys.options().unit_circle_tolerance);
  BranchPoint b;
  b.branch = branch;
  b.parameter = c.p;
  b.state = o.points.front();
  b.period = o.period;
  b.return_time = o.return_time;
  b.energy = o.energy;
  b.beta = o.beta;
  b.residual = o.residual;
  b.iterations = c.iterations;
  b.segments = o.segments;
  b.unknowns = c.z;
  b.monodromy = o.monodromy;
  b.floquet = o.floquet;
  const TestFunctions t = test_functions(o.floquet);
  b.test_fold = t.fold;
  b.test_period_doubling = t.period_doubling;
  b.test_neimark_sacker = t.neimark_sacker;
  b.tangent = tangent;
  return b;
}

Located locate_zero(const ArcSystem& sys, const Corrected& a, const Vector& tau_a, double s_b, double p_b, double fa,
                    double fb, const std::function<double(const Corrected&)>& f, double tolerance) {
  Located best;
  const Eigen::Index N = a.z.size();
  // The bracket's ends: arclength, test function (as found, and as Illinois scales it), parameter.
  struct End {
    double s, f, weight, p;
  } lo{0.0, fa, fa, a.p}, hi{s_b, fb, fb, p_b};
  double s_prev = INFINITY, f_best = INFINITY;
  int side = 0;
  auto interpolated = [&] { return lo.p + (hi.p - lo.p) * lo.f / (lo.f - hi.f); };
  for (int it = 0; it < 60; ++it) {
    double s = hi.s - hi.weight * (hi.s - lo.s) / (hi.weight - lo.weight);
    if (!(s > lo.s && s < hi.s)) s = 0.5 * (lo.s + hi.s);
    const Corrected c = correct(sys, a.z + s * tau_a.head(N), a.p + s * tau_a(N), tau_a);
    if (!c.ok) {
      // Beside a branch point the corrector cannot converge (two branches cross there): the best
      // point stands, with the parameter's error estimated from the bracket's linear zero.
      best.ok = false;
      if (best.point.ok) best.error = std::abs(best.point.p - interpolated());
      return best;
    }
    const double v = f(c);
    if (std::abs(v) <= f_best) best.point = c, best.s = s, f_best = std::abs(v);
    if (v == 0.0 || std::abs(s - s_prev) <= tolerance) {
      best.ok = true;
      best.error = std::isfinite(s_prev) ? std::abs(s - s_prev) * std::abs(tau_a(N)) : 0.0;
      break;
    }
    s_prev = s;
    if ((v > 0.0) == (hi.f > 0.0)) {
      hi = {s, v, v, c.p};
      if (side == +1) lo.weight *= 0.5;  // Illinois: the end kept twice has its value halved
      side = +1;
    } else {
      lo = {s, v, v, c.p};
      if (side == -1) hi.weight *= 0.5;
      side = -1;
    }
    if (hi.s - lo.s <= tolerance) {
      best.ok = true;
      best.error = std::abs(hi.p - lo.p);
      break;
    }
  }
  return best;
}

std::vector<int> walk_branch(ArcSystem& sys, const Corrected& c0, const Vector& tau0, const ContinuationOptions& opt,
                             BranchInfo info, ContinuationResult& out) {
  std::vector<int> doublings;
  const double cos_max = std::cos(opt.max_turn_degrees * std::numbers::pi / 180.0);
  Corrected a = c0;
  BranchPoint pa = describe_point(sys, a, tau0, info.id);
  pa.type = PointType::start;
  out.points.push_back(pa);
  double ds = opt.ds, s = 0.0;
  int count = 1;
  const Eigen::Index N = a.z.size();
  // The special points between the current point (a, pa) and `b` at step s_b, in order.
  auto append_specials = [&](const BranchPoint& b, double s_b) {
    for (auto& sp : specials_between(sys, a, pa, b, s_b, opt)) {
      sp.point.arclength = s + sp.s;
      sp.point.step = sp.s;
      if (sp.point.type == PointType::period_doubling && sp.point.located)
        doublings.push_back(static_cast<int>(out.points.size()));
      out.points.push_back(sp.point);
    }
  };
  auto end_here = [&](const std::string& why) {
    info.end_reason = why;
    if (out.points.back().type == PointType::regular) out.points.back().type = PointType::end;
  };
  while (true) {
    if (count >= opt.max_points) {
      end_here("max_points (" + std::to_string(opt.max_points) + ") reached");
      break;
    }
    sys.set_reference(a.z.head(sys.layout().n), a.p);
    const Vector& tau = pa.tangent;
    // A step whose prediction would cross a bound goes onto it instead, corrected at that fixed value
    // (the model may refuse anything beyond, a damping below 0, say): the branch ends there.
    const double p_next = a.p + ds * tau(N);
    const double bound_ahead = p_next > opt.parameter_max   ? opt.parameter_max
                               : p_next < opt.parameter_min ? opt.parameter_min
                                                            : NAN;
    if (std::isfinite(bound_ahead)) {
      const double ds_b = (bound_ahead - a.p) / tau(N);
      Vector fixed_p = Vector::Zero(tau.size());
      fixed_p(N) = 1.0;
      const Corrected e = correct(sys, a.z + ds_b * tau.head(N), bound_ahead, fixed_p);
      if (e.ok) {
        BranchPoint pe = describe_point(sys, e, tau, info.id);
        pe.arclength = s + ds_b;
        pe.step = ds_b;
        append_specials(pe, ds_b);
        pe.type = PointType::end;
        out.points.push_back(pe);
        info.end_reason = "the parameter reached its bound " + num(bound_ahead);
        break;
      }
    }
    const Corrected c = correct(sys, a.z + ds * tau.head(N), a.p + ds * tau(N), tau);
    Vector tn;
    std::string failure = c.message;
    if (c.ok) {
      tn = arc_tangent(sys, c.eval, tau);
      if (tn.size() == 0)
        failure = "singular tangent system";
      else if (sys.dot(tn, tau) < cos_max && ds > 2.0 * opt.ds_min)
        failure = "the tangent turned too far";
    }
    if (!c.ok || tn.size() == 0 || !failure.empty()) {
      ds *= 0.5;
      if (ds < opt.ds_min) {
        end_here("step below ds_min at " + out.parameter + " = " + num(a.p) + ": " + failure);
        break;
      }
      continue;
    }
    if (is_equilibrium(sys.problem(c.p), c.z.head(sys.layout().n),
                       shooting_period(sys.context(sys.problem(c.p), c.p), c.z))) {
      end_here("the family reached an equilibrium at " + out.parameter + " = " + num(c.p) +
               " (its amplitude vanished: a Hopf point or the rest state)");
      break;
    }
    BranchPoint pb = describe_point(sys, c, tn, info.id);
    pb.step = ds;
    pb.arclength = s + ds;
    append_specials(pb, ds);
    // The parameter's bounds: the branch ends on the bound it crosses.
    const double bound = pb.parameter > opt.parameter_max   ? opt.parameter_max
                         : pb.parameter < opt.parameter_min ? opt.parameter_min
                                                            : NAN;
    if (std::isfinite(bound)) {
      auto f = [&](const Corrected& x) { return x.p - bound; };
      const Located loc =
          locate_zero(sys, a, tau, ds, pb.parameter, a.p - bound, pb.parameter - bound, f, opt.locate_tolerance);
      BranchPoint pe = loc.point.ok ? describe_point(sys, loc.point, tau, info.id) : pb;
      pe.arclength = s + (loc.point.ok ? loc.s : ds);
      pe.type = PointType::end;
      out.points.push_back(pe);
      info.end_reason = "the parameter reached its bound " + num(bound);
      break;
    }
    out.points.push_back(pb);
    ++count;
    s += ds;
    a = c;
    pa = pb;
    if (c.iterations <= 2)
      ds = std::min(1.5 * ds, opt.ds_max);
    else if (c.iterations >= 5)
      ds = std::max(0.6 * ds, opt.ds_min);
  }
  out.branches.push_back(info);
  return doublings;
}

}  // namespace chaoskit::periodic::detail
