#pragma once
// Finding the events of a hybrid model (models/hybrid_model.hpp) in the steps of the driver
// (driver.hpp): which guards changed sign in an accepted step, where exactly, and in what order.
//
// Detection. Each event armed in the current mode keeps the side its guard is on (the value at the
// last step's end). A step whose end has the guard on the other side, in the event's direction,
// brackets a crossing. A guard that is zero to rounding where it is armed (the start of an
// integration or segment, just after a reset: a heel strike leaves both feet on the ground, so the
// heel-strike guard is exactly zero again) is put on the side its event fires from (negative for
// `up`, positive for `down`): a flow that keeps going that way is caught at once (a plastic impact
// without a locked mode: the cascade below ends it), and a flow that leaves the surface and comes
// back, even within the first step (a bouncing ball's next impact), is caught when it returns. An
// event that fires both ways has no such side: it is put on the side the flow goes to (ġ's sign)
// when it has just happened, on the side the flow comes from otherwise, and left neutral (0, never
// firing from there) when the flow rests on the surface.
//
// Location. Each bracketed crossing is refined by the Illinois variant of regula falsi on g along
// the driver's interpolant (dopri5's continuous extension, an rkf78 step of the shortened size, or
// a dopri5 sub-integration for Bulirsch–Stoer), down to a bracket at rounding level, so that
// |g| ≤ 1e-12 at the located state (in the guard's own units, for a guard of size one). The search
// reads only the guard, so it asks for the model state (for rkf78, rkf78::ModelStages: the step on
// the model's components alone, with the same bits), and the whole state is computed once, at the
// located time. The earliest crossing whose condition (`when`) holds is the event; crossings whose
// condition fails are consumed without effect (the simplest walker's foot passing the stance foot
// at mid-stance).
//
// What is reported instead of a silent wrong answer (IntegrationStatus):
//   grazing_event        the guard was crossed tangentially (|ġ| ≤ 1e-8 |g_x| |f|): the saltation
//                        matrix is infinite there (its entries grow as 1/ġ), so no sensitivity can
//                        cross it;
//   simultaneous_events  two events within 1e-12 (1 + |t|) of each other: the flow map has a corner;
//   event_cascade        `event_cascade_events` events in a row, each within `event_cascade_interval`
//                        of the last (Zeno behaviour: a ball bouncing to rest, chattering at a stop);
//                        also a near-tangential crossing that is the third such quick event in a row
//                        (the late impacts of a Zeno cascade graze: the cascade is the diagnosis).
#include <algorithm>
#include <cmath>
#include <vector>

#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/integrate/interpolant_root.hpp"
#include "chaoskit/integrate/saltation.hpp"

namespace chaoskit {

/// A crossing found in a step: the event, its time and the full integrated state there.
template <class State>
struct LocatedEvent {
  int event = -1;
  double t = NAN;
  State X;
  bool simultaneous = false;  ///< another event's crossing lies within the time tolerance
};

/// The model's own vector field in the system's mode and input segment, counting its calls with the
/// system's: what rkf78::ModelStages steps while a search narrows a crossing (a system's leading
/// components evolve by it: TangentSystem's f, the classifier's x column).
template <class System>
struct ModelField {
  using Model = typename System::ModelType;
  const System& sys;
  long& calls;
  void operator()(const Vec<double, Model::state_dim>& x, Vec<double, Model::state_dim>& dx, double t) const {
    ++calls;
    dx = model_rhs(sys.model, x, sys.seg.template u<Model::input_dim>(t), t, sys.mode);
  }
};

/// The event bookkeeping of one integration of a hybrid system (see the file comment). System is a
/// driver system over a HybridModel with members `model`, `mode`, `seg` and
/// `static model_state(const State&)`.
template <class System, class State>
class EventTracker {
 public:
  using Model = typename System::ModelType;
  static constexpr int n = Model::state_dim;
  static constexpr int m = Model::input_dim;

  EventTracker(const System& sys, const IntegratorOptions& opt)
      : count_(sys.model.event_count()), side_(static_cast<std::size_t>(count_), 0.0), opt_(opt) {}

  bool active() const { return count_ > 0; }

  /// Sets every armed event's side at (X, t); `just_fired` is the event whose reset produced X (or -1).
  void arm(const System& sys, const State& X, double t, int just_fired = -1) {
    const Vec<double, n> x = System::model_state(X);
    const Vec<double, m> u = sys.seg.template u<m>(t);
    for (int k = 0; k < count_; ++k) {
      if (!event_armed_in(sys.model, k, sys.mode)) continue;
      const GuardRate gr = guard_rate(sys.model, k, x, u, t, sys.mode);
      double g = gr.g;
      if (std::abs(g) <= kZero * (1.0 + gr.g_scale)) {
        const EventDirection d = sys.model.event_info(k).direction;
        if (d != EventDirection::both) {
          g = -static_cast<double>(static_cast<int>(d)) * kSide;  // the side it fires from
        } else {
          const double s = std::abs(gr.rate) <= kZero * gr.rate_scale ? 0.0 : gr.rate > 0 ? 1.0 : -1.0;
          g = (k == just_fired ? s : -s) * kSide;
        }
      }
      side_[static_cast<std::size_t>(k)] = g;
    }
  }

  /// After an accepted step from t0 to (X1, t1): the earliest allowed event in it, located
  /// (event < 0: none). interp(t, out) gives the state at t in [t0, t1], model_interp(t, x) its
  /// model state alone (the same bits as interp's model state, for less work: the search reads the
  /// guard only). The sides move to t1.
  /// (The steps below, in a loop: the lanes run the same steps for W trajectories at once.)
  template <class Interp, class ModelInterp>
  LocatedEvent<State> find(const System& sys, double t0, const State& X1, double t1, Interp&& interp,
                           ModelInterp&& model_interp) {
    if (!detect(sys, t0, X1, t1)) return LocatedEvent<State>{};
    double t;
    bool full;
    while (wants_state(sys, t, full)) {
      if (full) {
        interp(t, Xq_);
        take_state(sys, Xq_);
      } else {
        model_interp(t, xq_);
        take_model_state(sys, xq_);
      }
    }
    return located();
  }

  // find() in steps: detect, then while wants_state(t, full): take_state(the state at t) if full,
  // else take_model_state(its model state); then located().

  /// The crossings in the step (armed events whose guard changed side, in the event's direction),
  /// in event order; the sides move to t1. False: none (located() is then no event).
  bool detect(const System& sys, double t0, const State& X1, double t1) {
    const Vec<double, n> x1 = System::model_state(X1);
    const Vec<double, m> u1 = sys.seg.template u<m>(t1);
    crossings_.clear();
    for (int k = 0; k < count_; ++k) {
      if (!event_armed_in(sys.model, k, sys.mode)) continue;
      const double ga = side_[static_cast<std::size_t>(k)];
      const double gb = sys.model.event_guard(k, x1, u1, t1);
      side_[static_cast<std::size_t>(k)] = gb;
      if (crosses(sys.model.event_info(k).direction, ga, gb)) crossings_.push_back(Crossing{k, ga, gb});
    }
    best_.event = -1, best_.t = NAN, best_.simultaneous = false;  // (its state kept: no allocation per step)
    second_ = INFINITY;                                           // the next allowed crossing's time, for simultaneity
    if (crossings_.empty()) return false;
    t0_ = t0, t1_ = t1, X1_ = X1;
    next_ = 0;
    start_crossing();
    return true;
  }

  /// Whether locating the crossings wants the state at another time t in [t0, t1]: its model state
  /// while the search narrows a crossing (`full` false), the whole state once at a located time.
  bool wants_state(const System& sys, double& t, bool& full) {
    while (next_ < crossings_.size()) {
      if (!final_) {
        if (search_.wants(t)) {
          pending_ = t;
          full = false;
          return true;
        }
        // The crossing's time is the bracket's end past it; its state the step's end when the
        // search evaluated nothing, else the state there (which the search may have evaluated:
        // the same time gives the same state).
        if (evaluations_ > 0) {
          final_ = true;
          t = pending_ = search_.result().after;
          full = true;
          return true;
        }
      }
      finish_crossing(sys);
    }
    return false;
  }

  /// The whole state at the time wants_state gave with `full`.
  void take_state(const System& sys, const State& X) {
    Xs_ = X;
    finish_crossing(sys);
  }

  /// The model state at the time wants_state gave without `full`.
  void take_model_state(const System& sys, const Vec<double, n>& x) {
    ++evaluations_;
    search_.feed(sys.model.event_guard(crossings_[next_].event, x, sys.seg.template u<m>(pending_), pending_));
  }

  /// The earliest allowed event of the step (event < 0: none).
  LocatedEvent<State> located() {
    if (best_.event >= 0)
      best_.simultaneous = std::isfinite(second_) && second_ - best_.t <= 1e-12 * (1.0 + std::abs(best_.t));
    return best_;
  }

  /// Counts an event at t in the run of quick events (each within event_cascade_interval of the
  /// last) and returns the run's length, this event included.
  int quick_run(double t) {
    run_ = (t - last_t_ <= opt_.event_cascade_interval) ? run_ + 1 : 1;
    last_t_ = t;
    return run_;
  }

 private:
  static constexpr double kZero = 1e-12;   // |g| and |ġ| relative to their scales: zero to rounding
  static constexpr double kSide = 1e-300;  // the value a zero guard is given to mark its side

  static bool crosses(EventDirection d, double ga, double gb) {
    const bool up = ga < 0.0 ? gb >= 0.0 : (ga == 0.0 && gb > 0.0);
    const bool down = ga > 0.0 ? gb <= 0.0 : (ga == 0.0 && gb < 0.0);
    switch (d) {
      case EventDirection::up: return up;
      case EventDirection::down: return down;
      case EventDirection::both: return ga != 0.0 && (up || down);
    }
    return false;
  }

  /// A crossing found by detect(): the event and its guard's values at the step's ends.
  struct Crossing {
    int event;
    double ga, gb;
  };

  /// Refining crossing next_ on g(interp(t)) over [t0, t1] (interpolant_root.hpp, to a
  /// rounding-level bracket), where g goes from ga (before the crossing, possibly a side mark) to gb
  /// (after it). The event's time is the bracket's end past the crossing (the guard there has reached
  /// zero or crossed it, so that after the reset the same crossing is not found again), its state the
  /// state there: the last one evaluated, the state at t1 when the search evaluated none, or one more
  /// evaluation when the last was before the crossing.
  void start_crossing() {
    const Crossing& c = crossings_[next_];
    search_ = IllinoisSearch(t0_, c.ga, t1_, c.gb, 0.0);
    Xs_ = X1_;
    final_ = false;
    evaluations_ = 0;
  }

  /// Crossing next_ located, with Xs_ its state: kept if its condition (`when`) holds and it is the
  /// earliest so far; then the next crossing.
  void finish_crossing(const System& sys) {
    const int k = crossings_[next_].event;
    const double tk = search_.result().after;
    if (sys.model.event_allowed(k, System::model_state(Xs_), sys.seg.template u<m>(tk), tk)) {
      if (best_.event < 0 || tk < best_.t) {
        second_ = best_.event < 0 ? INFINITY : best_.t;
        best_.event = k;
        best_.t = tk;
        best_.X = Xs_;
      } else {
        second_ = std::min(second_, tk);
      }
    }
    if (++next_ < crossings_.size()) start_crossing();
  }

  int count_;
  std::vector<double> side_;
  const IntegratorOptions& opt_;
  int run_ = 0;
  double last_t_ = -INFINITY;
  // The step being searched (detect … located).
  std::vector<Crossing> crossings_;  // (its capacity kept from step to step: no allocation per step)
  std::size_t next_ = 0;             // the crossing being refined
  IllinoisSearch search_;
  bool final_ = false;   // the search is done and its state past the crossing is wanted
  int evaluations_ = 0;  // the search's, of the crossing being refined
  double t0_ = 0.0, t1_ = 0.0, pending_ = 0.0;
  State X1_, Xs_, Xq_;
  Vec<double, n> xq_;
  LocatedEvent<State> best_;
  double second_ = INFINITY;
};

}  // namespace chaoskit
