#pragma once
// The indicators' entry points are compiled once per registered model in the library
// (indicators/instances/instances.cpp.in, written once per model of models/model_list.hpp so that
// they build in parallel) and declared extern
// here, so that the sweep evaluators, the commands and the tests call them without
// re-instantiating the tangent systems under every stepper (before this, `lyapunov`'s command file
// alone compiled them for all nine models, and so did every test that called one).
//
// Instantiated: λ_max and the full spectrum (K = 1 and K = state_dim), SALI (K = 2) and GALI_n
// (K = state_dim), MEGNO, the orbit classification and the Poincaré section; for the models with
// events, the map to an event (flow_to_event: Newton's stride map, periodic/event_map.cpp, which
// compiled it and the driver loops under it for every model-file type, beside the same loops in the
// instance files); and the driver's loop for each of their systems (below). Other K compile
// implicitly where they are used.
#include "chaoskit/indicators/event_flow.hpp"
#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/integrate/instances.hpp"

#define CHAOSKIT_INDICATOR_INSTANCES(EXTERN, M)                                                                    \
  EXTERN template LyapunovResult lyapunov_exponents<1, M>(const M&, const Vec<double, M::state_dim>&,              \
                                                          const InputSchedule&, const LyapunovOptions&,            \
                                                          const IntegratorOptions&);                               \
  EXTERN template LyapunovResult lyapunov_exponents<M::state_dim, M>(const M&, const Vec<double, M::state_dim>&,   \
                                                                     const InputSchedule&, const LyapunovOptions&, \
                                                                     const IntegratorOptions&);                    \
  EXTERN template AlignmentResult alignment_indices<M::state_dim, M>(                                              \
      const M&, const Vec<double, M::state_dim>&, const InputSchedule&, const FastIndicatorOptions&,               \
      const IntegratorOptions&);                                                                                   \
  EXTERN template MegnoResult megno<M>(const M&, const Vec<double, M::state_dim>&, const InputSchedule&,           \
                                       const FastIndicatorOptions&, const IntegratorOptions&);                     \
  EXTERN template OrbitClassification classify_orbit<M>(const M&, const Vec<double, M::state_dim>&,                \
                                                        const InputSchedule&, const OrbitClassOptions&,            \
                                                        const IntegratorOptions&);                                 \
  EXTERN template SectionResult<M::state_dim> poincare_section<M>(const M&, const Vec<double, M::state_dim>&,      \
                                                                  const Expression&, const InputSchedule&,         \
                                                                  const SectionOptions&, const IntegratorOptions&);

// SALI's two deviation vectors; for a model with state_dim 2 this is GALI_n above (and may not be
// instantiated twice), so only the models with state_dim > 2 (CHAOSKIT_FOR_EACH_SALI_MODEL).
#define CHAOSKIT_SALI_INSTANCE(EXTERN, M)                                                                    \
  EXTERN template AlignmentResult alignment_indices<2, M>(const M&, const Vec<double, M::state_dim>&,        \
                                                          const InputSchedule&, const FastIndicatorOptions&, \
                                                          const IntegratorOptions&);                         \
  CHAOSKIT_DRIVER_LOOP_INSTANCE(EXTERN, TangentSystem<M, 2>)

// The driver's loop under its three steppers (integrate/driver.hpp's detail::integrate_with_hooks),
// without a step observer, for one system the indicators integrate. Every sampled task goes through
// it (tangent_flow.hpp's integrate_sampled: the indicators above, and the tasks the sweep, the lanes'
// scalar runs and the tests build themselves), and so does flow_to_event. Its hooks are type-erased,
// so one instance per system serves them all; declared extern, it is no longer compiled again in every
// file that runs a task (the tests of the lanes compiled it for each model they compare against).
// The system is the variadic argument, so that TangentSystem<M, K>'s comma needs no parentheses.
#define CHAOSKIT_DRIVER_LOOP_INSTANCE(EXTERN, ...)                                                     \
  EXTERN template IntegrationReport detail::integrate_with_hooks<false>(                               \
      __VA_ARGS__&, __VA_ARGS__::State&, const std::vector<InputSegment>&, const std::vector<double>&, \
      const IntegratorOptions&,                                                                        \
      const detail::DriverHooks<__VA_ARGS__::State, EventRecordOf<__VA_ARGS__, __VA_ARGS__::State>::type>&);

// The systems of the entry points above: the tangent flow with one vector (λ_max) and with n (the
// spectrum, GALI_n, the map to an event), MEGNO's and the orbit classification's. SALI's two vectors
// with CHAOSKIT_SALI_INSTANCE, where they are not n.
#define CHAOSKIT_DRIVER_LOOP_INSTANCES(EXTERN, M)                       \
  CHAOSKIT_DRIVER_LOOP_INSTANCE(EXTERN, TangentSystem<M, 1>)            \
  CHAOSKIT_DRIVER_LOOP_INSTANCE(EXTERN, TangentSystem<M, M::state_dim>) \
  CHAOSKIT_DRIVER_LOOP_INSTANCE(EXTERN, MegnoSystem<M>)                 \
  CHAOSKIT_DRIVER_LOOP_INSTANCE(EXTERN, ClassifierSystem<M>)

// The map to the n-th occurrence of an event, for the models with events (CHAOSKIT_FOR_EACH_HYBRID_MODEL).
#define CHAOSKIT_EVENT_FLOW_INSTANCE(EXTERN, M)                                                                    \
  EXTERN template EventFlow<M> flow_to_event<M>(const M&, const Vec<double, M::state_dim>&, int, double, int, int, \
                                                const InputSchedule&, double, const IntegratorOptions&);

namespace chaoskit {
#define CHAOSKIT_EXTERN_EVENT_FLOW(M) CHAOSKIT_EVENT_FLOW_INSTANCE(extern, M)
CHAOSKIT_FOR_EACH_HYBRID_MODEL(CHAOSKIT_EXTERN_EVENT_FLOW)
#undef CHAOSKIT_EXTERN_EVENT_FLOW
#define CHAOSKIT_EXTERN_INDICATORS(M) CHAOSKIT_INDICATOR_INSTANCES(extern, M)
#define CHAOSKIT_EXTERN_DRIVER_LOOPS(M) CHAOSKIT_DRIVER_LOOP_INSTANCES(extern, M)
#define CHAOSKIT_EXTERN_SALI(M) CHAOSKIT_SALI_INSTANCE(extern, M)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_EXTERN_INDICATORS)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_EXTERN_DRIVER_LOOPS)
CHAOSKIT_FOR_EACH_SALI_MODEL(CHAOSKIT_EXTERN_SALI)
#undef CHAOSKIT_EXTERN_SALI
#undef CHAOSKIT_EXTERN_DRIVER_LOOPS
#undef CHAOSKIT_EXTERN_INDICATORS
}  // namespace chaoskit
