#pragma once
// Flip time: how long until any link of a (typically conservative) pendulum chain first passes
// over the top — an absolute link angle α_i (α = A q) crosses an odd multiple of π, the upright
// position — the classic sensitivity map of the double pendulum (issue 5: flip-time maps for
// conservative models). The event function is h_i = cos(α_i / 2), which changes sign exactly at
// α_i = (2k+1)π, so a grid in relative angles whose α_i = θ1 + θ2 starts beyond ±π is treated by
// where the link points, not by the unwrapped number. The instant is located on the integrator's
// interpolant (event_locate.hpp) to |h| ≤ tol, so the map resolves times far below the step size.
// NaN when no link flips before max_time; 0 when a link starts exactly upright.
#include <cmath>

#include "chaoskit/basins/event_locate.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/models/mechanics.hpp"

namespace chaoskit::basins {

struct FlipOptions {
  double max_time = 100.0;  ///< search horizon [s]
  double tol = 1e-10;       ///< |cos(α_i / 2)| at the reported instant (≈ half the angle error [rad])
};

template <int n>
struct FlipResult {
  double time = NAN;  ///< first instant some α_i = (2k+1)π [s]; NaN if none within max_time
  int link = -1;      ///< which link (0-based) flipped first; −1 if none
  Vec<double, n> state;
  IntegrationReport report;
};

namespace detail {
template <MechanicalModel M>
struct FlipObserver {
  using observes_steps = void;
  static constexpr int n = M::state_dim, d = M::dof;
  Mat<double, d, d> A;
  const FlipOptions& opt;
  FlipResult<n>& out;

  double h(const Vec<double, n>& x, int i) const { return std::cos(0.5 * A.row(i).dot(x.template head<d>(A.cols()))); }

  template <class Interp>
  bool on_step(const Vec<double, n>& x0, double t0, const Vec<double, n>& x1, double t1, std::size_t, Interp&& interp) {
    bool found = false;
    for (int i = 0; i < A.rows(); ++i) {
      const double ha = h(x0, i), hb = h(x1, i);
      if (ha == 0.0 || !(ha * hb <= 0.0)) continue;
      const auto ev = locate_event<n>(
          interp, [&](const Vec<double, n>& x) { return h(x, i); }, t0, t1, ha, hb, x1, opt.tol);
      if (!found || ev.t < out.time) {
        out.time = ev.t;
        out.link = i;
        out.state = ev.x;
        found = true;
      }
    }
    return !found;
  }
  void operator()(const Vec<double, n>&, double, std::size_t) const {}
};
}  // namespace detail

template <MechanicalModel M>
FlipResult<M::state_dim> flip_time(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                   const FlipOptions& fo, const IntegratorOptions& io) {
  constexpr int n = M::state_dim;
  if (!(fo.max_time > 0.0) || !std::isfinite(fo.max_time)) throw InputError("max_time", "must be > 0 s");
  FlipResult<n> res;
  res.state = x0;
  detail::FlipObserver<M> obs{model.angle_map(), fo, res};
  for (int i = 0; i < coordinate_count(model); ++i)
    if (std::abs(obs.h(x0, i)) <= 1e-15) {
      res.time = 0.0;
      res.link = i;
      return res;
    }
  chaoskit::detail::PlainSystem<M> sys{model};
  Vec<double, n> x = x0;
  const int ms = input_count(model);
  const InputSchedule sched = inputs.dim() == ms ? inputs : InputSchedule(ms);
  res.report = integrate_piecewise(sys, x, sched.segments(0.0, fo.max_time), {}, io, NoBoundary{}, obs);
  if (!res.report.stopped_by_observer) res.state = x;
  return res;
}

}  // namespace chaoskit::basins
