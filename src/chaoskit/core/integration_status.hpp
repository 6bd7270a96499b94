#pragma once
// How one integration ended. Every integrating function returns it (integrate/integrator_options.hpp
// carries it in IntegrationReport); it lives here, below integrate/, because the point status of
// every chaoskit file is derived from it (core/point_status.hpp).
namespace chaoskit {

enum class IntegrationStatus {
  ok = 0,              ///< reached the final time
  step_underflow = 1,  ///< the step size needed to meet the tolerance fell below dt_min
  non_finite = 2,      ///< the state became NaN or infinite and halving the step did not cure it
  max_steps = 3,       ///< more than max_steps step attempts (accepted + rejected)
  // Events of hybrid models (integrate/event_tracker.hpp): where the flow map is not differentiable
  // or the events do not end, the trajectory stops here instead of going on with a wrong answer.
  grazing_event = 4,        ///< a guard was crossed tangentially: the saltation matrix is infinite
  simultaneous_events = 5,  ///< two events at one instant: the flow map has a corner there
  event_cascade = 6,        ///< events ever closer together (Zeno behaviour, chattering at a stop)
  // The model's own end: an event it declares terminal (a walker falling) ends the orbit there. The
  // trajectory up to it is valid; quantities defined over the whole time (λ, SALI, ...) are not.
  terminal_event = 7,  ///< the model's terminal event happened (a walker fell)
};

}  // namespace chaoskit
