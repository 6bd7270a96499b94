#pragma once
// simulate(), propagate_variational() and the FTLE are compiled once per registered model in the
// library (integrate/instances/instances.cpp.in, written once per model of models/model_list.hpp so
// that they build in parallel), the endpoint sensitivities once per mechanical model, and all are declared `extern`
// here so that commands, sweep evaluators and tests do not re-instantiate them: the variational system of one model
// under three steppers is among the heaviest code in chaoskit to compile, and the FTLE's and endpoint's AutoDiff
// Jacobians cost seconds per model in every file that used them (their SVDs are compiled once for all models,
// core/dense_decompositions.cpp).
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "chaoskit/models/model_registry.hpp"

#define CHAOSKIT_INTEGRATE_INSTANCES(EXTERN, M)                                                                       \
  EXTERN template VariationalResult<M> propagate_variational<M>(                                                      \
      const M&, const Vec<double, M::state_dim>&, const InputSchedule&, double, double, const IntegratorOptions&);    \
  EXTERN template Trajectory<M> simulate<M>(const M&, const Vec<double, M::state_dim>&, const InputSchedule&, double, \
                                            double, const std::vector<double>&, const IntegratorOptions&);            \
  EXTERN template Vec<double, M::state_dim> ftle<M>(                                                                  \
      const M&, const Vec<double, M::state_dim>&, const Vec<double, M::state_dim>&,                                   \
      const Mat<double, M::state_dim, M::state_dim>&, double, FtleMetric);

/// The endpoint task's Jacobian and sensitivity, for the mechanical models (limb, golf, chain, and
/// the model files of 4 and 6 states, whose [kinematics] the callers check at run time).
#define CHAOSKIT_ENDPOINT_INSTANCES(EXTERN, M)                                                                        \
  EXTERN template Mat<double, 4, M::state_dim> endpoint_task_jacobian<M>(const M&, const Vec<double, M::state_dim>&); \
  EXTERN template EndpointSensitivity<M::state_dim> endpoint_sensitivity<M>(                                          \
      const M&, const Vec<double, M::state_dim>&, const Mat<double, M::state_dim, M::state_dim>&);

namespace chaoskit {
#define CHAOSKIT_EXTERN_INSTANCES(M) CHAOSKIT_INTEGRATE_INSTANCES(extern, M)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_EXTERN_INSTANCES)
#undef CHAOSKIT_EXTERN_INSTANCES
#define CHAOSKIT_EXTERN_ENDPOINT(M) CHAOSKIT_ENDPOINT_INSTANCES(extern, M)
CHAOSKIT_FOR_EACH_MECHANICAL_MODEL(CHAOSKIT_EXTERN_ENDPOINT)
CHAOSKIT_FOR_EACH_MECHANICAL_FILE_MODEL(CHAOSKIT_EXTERN_ENDPOINT)
#undef CHAOSKIT_EXTERN_ENDPOINT
}  // namespace chaoskit
