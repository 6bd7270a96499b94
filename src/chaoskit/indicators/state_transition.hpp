#pragma once
// Ψ(T, 0) = ∂x(T)/∂x(0) as a tangent flow: [x | W] with K = n deviation vectors started at the
// identity and never rewritten, one sampled run from 0 to T, so that W(T) = Ψ(T, 0). The right-hand
// side is tangent_flow.hpp's (the model's hand-derived tangent rhs where it has one, AutoDiff
// directional derivatives otherwise), and the bookkeeping is a sampled task: the sweep's stm, ftle
// and endpoint_sensitivity entries run on the scalar driver (state_transition_matrix) and in a lane
// of the vector engine (simd/) with the same bits.
//
// The same Ψ as integrate/variational.hpp's propagate_variational, which also integrates the input
// sensitivities (∂x(T)/∂ amplitude, ∂x(T)/∂ release) for `chaoskit stm`: the physics is the same
// equation Φ̇ = A(t) Φ; the step sizes differ when inputs act (there the input columns share the
// error control), so the two agree to the tolerance, not to the bit.
//
// Not in indicators/instances.hpp: the sweep's evaluator (sweep/instances/instances.cpp.in, one
// file per model) is its only caller in the library, so it is compiled there, once per model.
#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"

namespace chaoskit {

template <Model M>
struct StateTransitionResult {
  static constexpr int n = M::state_dim;
  IntegrationReport report;
  double T = 0.0;         ///< the time asked for (the report says how far the run got)
  Vec<double, n> xT;      ///< x at report.t
  Mat<double, n, n> stm;  ///< Ψ(report.t, 0)
};

/// Ψ(T, 0) as a sampled task (tangent_flow.hpp): one run of one sample interval [0, T].
template <Model M>
class StateTransitionTask {
 public:
  static constexpr int n = M::state_dim;
  using System = TangentSystem<M, n>;
  using State = typename System::State;

  /// T and io are validated here, before any integration.
  StateTransitionTask(const Vec<double, n>& x0, double T, const IntegratorOptions& io) : x0_(x0) {
    if (!(T > 0.0) || !std::isfinite(T)) throw InputError("time", "must be > 0 s");
    io.validate();
    const Eigen::Index size = x0.size();
    res_.T = T;
    res_.xT = Vec<double, n>::Constant(size, NAN);
    res_.stm = Mat<double, n, n>::Constant(size, size, NAN);
  }

  State initial_state() const { return transition_start<M>(x0_); }

  bool next_run(SampledRun& run) {
    if (started_) return false;
    started_ = true;
    run = SampledRun{0.0, res_.T, 1};
    return true;
  }

  bool sample(State&, double, long) { return true; }  // Ψ is read at the end, never rewritten

  void run_finished(const IntegrationReport& rep, const State& X) {
    res_.report = rep;
    res_.xT = X.col(0);
    res_.stm = X.template rightCols<n>(X.rows());
  }

  const StateTransitionResult<M>& result() const { return res_; }

 private:
  Vec<double, n> x0_;
  bool started_ = false;
  StateTransitionResult<M> res_;
};

/// Ψ(T, 0) and x(T) from x0 under `inputs` on the scalar driver.
template <Model M>
StateTransitionResult<M> state_transition_matrix(const M& model, const Vec<double, M::state_dim>& x0,
                                                 const InputSchedule& inputs, double T, const IntegratorOptions& io) {
  StateTransitionTask<M> task(x0, T, io);
  typename StateTransitionTask<M>::System sys{model};
  run_sampled_task(sys, input_count(model), inputs, io, task);
  return task.result();
}

}  // namespace chaoskit
