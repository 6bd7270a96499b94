#pragma once
// simulate() and propagate_variational() are compiled once per registered model in the library
// (src/chaoskit/integrate/instances/*.cpp, one file per model so they build in parallel), and
// declared `extern` here so that commands and tests do not re-instantiate the steppers: the
// variational system of one model under three steppers is the heaviest code in chaoskit to compile.
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "chaoskit/models/model_registry.hpp"

#define CHAOSKIT_INTEGRATE_INSTANCES(EXTERN, M)                                                                    \
  EXTERN template VariationalResult<M> propagate_variational<M>(const M&, const Vec<double, M::state_dim>&,         \
                                                                const InputSchedule&, double, double,              \
                                                                const IntegratorOptions&);                         \
  EXTERN template Trajectory<M> simulate<M>(const M&, const Vec<double, M::state_dim>&, const InputSchedule&, double, \
                                            double, const std::vector<double>&, const IntegratorOptions&);

#define CHAOSKIT_FOR_EACH_REGISTERED_MODEL(X) \
  X(LimbModel)                                \
  X(GolfModel)                                \
  X(ChainModel<1>)                            \
  X(ChainModel<2>)                            \
  X(ChainModel<3>)                            \
  X(ChainModel<4>)                            \
  X(ChainModel<5>)                            \
  X(LorenzModel)                              \
  X(HenonHeilesModel)

namespace chaoskit {
#define CHAOSKIT_EXTERN_INSTANCES(M) CHAOSKIT_INTEGRATE_INSTANCES(extern, M)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_EXTERN_INSTANCES)
#undef CHAOSKIT_EXTERN_INSTANCES
}  // namespace chaoskit
