// Event location narrows a crossing on the model's own components (rkf78::ModelStages with the
// model's field, integrate/event_tracker.hpp's ModelField) and computes the whole state once, at the
// located time. That gives the bits of the search on whole states only if a model file's own field
// has the bits of the state column of its tangent flow (in every mode, for every number of tangent
// directions the indicators use), and if ModelStages's model state is state_in_step's: both are
// checked here on every shipped model with events, and the tracker's located event against a
// search on whole states.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <map>
#include <random>
#include <string>

#include "../support/event_models.hpp"
#include "../support/model_files.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/integrate/event_tracker.hpp"
#include "chaoskit/integrate/rkf78_stepper.hpp"
#include "chaoskit/integrate/tangent_rhs.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

template <int N>
Vec<double, N> random_state(std::mt19937& rng) {
  std::uniform_real_distribution<double> angle(-1.2, 1.2), rate(-2.5, 2.5);
  Vec<double, N> x;
  for (int i = 0; i < N / 2; ++i) x(i) = angle(rng);
  for (int i = N / 2; i < N; ++i) x(i) = rate(rng);
  return x;
}

template <int N, int K>
void check_field_is_tangent_column(const FileModel<N>& model, int mode, std::mt19937& rng) {
  std::normal_distribution<double> gauss;
  for (int trial = 0; trial < 40; ++trial) {
    const Vec<double, N> x = random_state<N>(rng);
    const Vec<double, N / 2> u = Vec<double, N / 2>::Zero();
    const double t = 0.37 * trial;
    Mat<double, N, K> W;
    for (int j = 0; j < K; ++j)
      for (int i = 0; i < N; ++i) W(i, j) = gauss(rng);
    Vec<double, N> f;
    Mat<double, N, K> JW;
    tangent_rhs<K>(model, x, u, t, W, f, JW, mode);
    const Vec<double, N> g = model_rhs(model, x, u, t, mode);
    INFO("mode " << mode << ", K = " << K << ", x = " << x.transpose());
    for (int i = 0; i < N; ++i) CHECK(std::bit_cast<std::uint64_t>(g(i)) == std::bit_cast<std::uint64_t>(f(i)));
  }
}

template <int N>
void check_model_field(const std::string& name) {
  const FileModel<N> model = shipped_file_model<N>(name);
  std::mt19937 rng(7);
  for (int mode = 0; mode < static_cast<int>(model.mode_names().size()); ++mode) {
    check_field_is_tangent_column<N, 1>(model, mode, rng);
    check_field_is_tangent_column<N, 2>(model, mode, rng);
    check_field_is_tangent_column<N, N>(model, mode, rng);
  }
}

}  // namespace

TEST_CASE("event location: a model file's own field has the bits of its tangent flow's state column",
          "[integrate][events]") {
  check_model_field<4>("compass_gait");
  check_model_field<4>("simplest_walker");
  check_model_field<4>("limb_knee_stop");
  check_model_field<6>("kneed_walker");
}

TEST_CASE("event location: ModelStages gives state_in_step's model state bit for bit, and the same event",
          "[integrate][events]") {
  using M = FileModel<4>;
  using System = ClassifierSystem<M>;
  using State = System::State;
  const M model =
      file_model_with<4>(shipped_model_file("limb_knee_stop"), std::map<std::string, double>{{"e_knee", 1.0}});
  System sys{model};
  IntegratorOptions io;
  io.rtol = io.atol = 1e-9;
  std::mt19937 rng(11);
  std::normal_distribution<double> gauss;
  int located = 0;
  // A high swing that strikes the stop: step until a step crosses the knee's guard.
  State X = State::Zero();
  X.col(0) = Vec<double, 4>(2.2, 1.2, 0.0, 0.0);
  for (int i = 0; i < 4; ++i) X(i, 1) = gauss(rng), X(i, 2) = gauss(rng);
  rkf78::Stepper<State> stepper(io);
  rkf78::ModelStages<Vec<double, 4>> stages;
  EventTracker<System, State> events(sys, io);
  long calls = 0;
  double t = 0.0, dt = 1e-3;
  stepper.start(sys, X, t);
  events.arm(sys, X, t);
  State X_new = X;
  for (int step = 0; step < 20000 && located < 3; ++step) {
    const double t_old = t;
    if (stepper.attempt(sys, X, t, X_new, dt) == rk::StepResult::rejected) continue;
    // The model state inside the step, both ways, at a few times.
    for (double frac : {0.1, 0.5, 0.93}) {
      const double tq = t_old + frac * (t - t_old);
      State full;
      stepper.state_in_step(sys, tq, full, X, t_old, X_new, t);
      Vec<double, 4> x;
      ModelField<System> field{sys, calls};
      stages.state_in_step(field, tq, x, System::model_state(X), System::model_state(stepper.k[0]), t_old);
      for (int i = 0; i < 4; ++i) CHECK(std::bit_cast<std::uint64_t>(x(i)) == std::bit_cast<std::uint64_t>(full(i, 0)));
    }
    // The tracker's event: model states while searching, against whole states throughout.
    EventTracker<System, State> whole = events;
    auto interp = [&](double tq, State& out) { stepper.state_in_step(sys, tq, out, X, t_old, X_new, t); };
    auto model_interp = [&](double tq, Vec<double, 4>& out) {
      ModelField<System> field{sys, calls};
      stages.state_in_step(field, tq, out, System::model_state(X), System::model_state(stepper.k[0]), t_old);
    };
    auto whole_interp = [&](double tq, Vec<double, 4>& out) {
      State full;
      interp(tq, full);
      out = System::model_state(full);
    };
    const LocatedEvent<State> a = events.find(sys, t_old, X_new, t, interp, model_interp);
    const LocatedEvent<State> b = whole.find(sys, t_old, X_new, t, interp, whole_interp);
    CHECK(a.event == b.event);
    if (a.event < 0) {
      stepper.accept();
      X = X_new;
      continue;
    }
    ++located;
    CHECK(std::bit_cast<std::uint64_t>(a.t) == std::bit_cast<std::uint64_t>(b.t));
    CHECK((a.X.array() == b.X.array()).all());
    // Go on from the reset, as the driver does.
    const auto e = event_jump(model, a.event, System::model_state(a.X), Vec<double, 2>::Zero().eval(), a.t, sys.mode);
    X = a.X;
    sys.apply_event(X, e);
    sys.mode = e.mode_after;
    t = a.t;
    stepper.start(sys, X, t);
    events.arm(sys, X, t, a.event);
  }
  CHECK(located == 3);
  CHECK(calls > 0);
}
