#pragma once
// The basin per-point functions and the grid loop are compiled once per mechanical model in the
// library (with the integration instances: integrate/instances/instances.cpp.in, written once
// per model of models/model_list.hpp) and declared extern here, so the CLI, the sweep engine and the tests do not
// re-instantiate three steppers × three outcomes per model.
#include "chaoskit/basins/basin_map.hpp"
#include "chaoskit/models/model_registry.hpp"

#define CHAOSKIT_BASIN_INSTANCES(EXTERN, M)                                                                     \
  EXTERN template PointOutcome basin_point<M>(const M&, const Vec<double, M::state_dim>&, const InputSchedule&, \
                                              const BasinOptions&, const IntegratorOptions&);                   \
  EXTERN template BasinMap compute_basin_map<M>(const M&, const Vec<double, M::state_dim>&, const GridAxis&,    \
                                                const GridAxis&, const InputSchedule&, const BasinOptions&,     \
                                                const IntegratorOptions&);

namespace chaoskit::basins {
#define CHAOSKIT_EXTERN_BASIN(M) CHAOSKIT_BASIN_INSTANCES(extern, M)
CHAOSKIT_FOR_EACH_MECHANICAL_MODEL(CHAOSKIT_EXTERN_BASIN)
CHAOSKIT_FOR_EACH_MECHANICAL_FILE_MODEL(CHAOSKIT_EXTERN_BASIN)
#undef CHAOSKIT_EXTERN_BASIN
}  // namespace chaoskit::basins
