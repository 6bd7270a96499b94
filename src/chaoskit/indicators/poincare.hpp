#pragma once
// Poincaré sections: crossings of a surface g(x) = 0 (an Expression over the state names, e.g.
// "th1 = 0") in a chosen direction (dg/dt > 0, < 0, or both), located on the integrator's dense
// output: each accepted step whose end points bracket a sign change is searched by the Illinois
// variant of regula falsi on g(interpolant(t)) until |g| ≤ tol (default 1e-10) or the bracket is
// at rounding level. A crossing is reported at most once per step (two crossings within one step
// would need a grazing trajectory; the step size control keeps steps far shorter than the
// section's return time). A `max_time` guard ends orbits that stop returning to the section.
// A hybrid model's section can be taken at one of its events instead (`at_event`): the state just
// after each occurrence (a walker's stride map: the state just after each heel strike).
#include <cassert>
#include <cmath>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/expression.hpp"
#include "chaoskit/integrate/driver.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/interpolant_root.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

struct SectionOptions {
  int direction = +1;        ///< +1: g increasing through 0; −1: decreasing; 0: both
  long max_crossings = 100;  ///< stop after this many crossings
  double max_time = 1e4;     ///< stop at this time even if fewer crossings were found [s]
  double tol = 1e-10;        ///< |g| at a reported crossing
  int at_event = -1;         ///< ≥ 0: record the state just after each occurrence of this event instead
};

template <int n>
struct SectionCrossing {
  double t;
  Vec<double, n> x;
  double g;  ///< the surface function at the reported state (|g| ≤ tol; 0 at an event)
};

template <int n>
struct SectionResult {
  std::vector<SectionCrossing<n>> crossings;
  IntegrationReport report;
  bool reached_max_crossings = false;
};

namespace detail {
template <Model M>
struct PlainSystem {
  using ModelType = M;
  using State = Vec<double, M::state_dim>;
  const M& model;
  InputSegment seg{};
  int mode = 0;  ///< a hybrid model's mode (integrate/driver.hpp keeps it)
  void set_segment(const InputSegment& s) { seg = s; }
  void operator()(const State& x, State& dx, double t) const {
    dx = model_rhs(model, x, seg.template u<M::input_dim>(t), t, mode);
  }
  static State model_state(const State& x) { return x; }
  template <class Record>
  void apply_event(State& x, const Record& e) const {
    x = e.x_plus;
  }
};

template <int n>
struct SectionObserver {
  using observes_steps = void;
  using observes_events = void;
  const Expression* surface;  ///< null for a section at an event
  const SectionOptions& opt;
  SectionResult<n>& out;

  double g(const Vec<double, n>& x) const { return surface->evaluate(x.data()); }

  bool record(const SectionCrossing<n>& c) {
    out.crossings.push_back(c);
    if (static_cast<long>(out.crossings.size()) < opt.max_crossings) return true;
    out.reached_max_crossings = true;
    return false;
  }

  template <class Record>
  bool on_event(const Record& e, const Vec<double, n>&, const Vec<double, n>&) {
    return e.event != opt.at_event || record({e.t, e.x_plus, 0.0});
  }

  template <class Interp>
  bool on_step(const Vec<double, n>& x0, double t0, const Vec<double, n>& x1, double t1, std::size_t, Interp&& interp) {
    if (surface == nullptr) return true;
    const double ga = g(x0), gb = g(x1);
    const bool up = ga < 0.0 && gb >= 0.0, down = ga > 0.0 && gb <= 0.0;
    if (!((up && opt.direction >= 0) || (down && opt.direction <= 0))) return true;
    Vec<double, n> xs = x1;
    const RootBracket r = illinois_root(
        [&](double t) {
          interp(t, xs);
          return g(xs);
        },
        t0, ga, t1, gb, opt.tol);
    assert(r.last_t >= t0 && r.last_t <= t1);  // in the step whose ends bracketed the sign change
    return record({r.last_t, xs, r.last_g});
  }
  void operator()(const Vec<double, n>&, double, std::size_t) const {}
};
}  // namespace detail

/// Crossings of `surface` by the orbit of x0 (see the file comment). No outputs besides crossings.
template <Model M>
SectionResult<M::state_dim> poincare_section(const M& model, const Vec<double, M::state_dim>& x0,
                                             const Expression& surface, const InputSchedule& inputs,
                                             const SectionOptions& so, const IntegratorOptions& io) {
  constexpr int n = M::state_dim;
  if (so.direction < -1 || so.direction > 1) throw InputError("direction", "must be +, - or both");
  if (so.max_crossings < 1) throw InputError("max_crossings", "must be >= 1");
  if (!(so.max_time > 0.0) || !std::isfinite(so.max_time)) throw InputError("max_time", "must be > 0 s");
  if (!(so.tol > 0.0)) throw InputError("tol", "must be > 0");
  int events = 0;
  if constexpr (HybridModel<M>) events = model.event_count();
  if (so.at_event >= events) throw InputError("at_event", "the model has no event " + std::to_string(so.at_event));
  detail::PlainSystem<M> sys{model};
  SectionResult<n> res;
  detail::SectionObserver<n> obs{so.at_event >= 0 ? nullptr : &surface, so, res};
  Vec<double, n> x = x0;
  const InputSchedule sched = inputs.dim() == input_count(model) ? inputs : InputSchedule(input_count(model));
  res.report = integrate_piecewise(sys, x, sched.segments(0.0, so.max_time), {}, io, NoBoundary{}, obs);
  return res;
}

}  // namespace chaoskit
