#pragma once
// run_sections is compiled once per registered model in the library (sections/instances.cpp)
// and declared extern here, so commands and tests do not re-instantiate the three steppers.
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/sections/section_run.hpp"

#define CHAOSKIT_SECTION_INSTANCES(EXTERN, M)                                                               \
  EXTERN template OrbitSections<M::state_dim> run_sections<M>(                                              \
      const M&, const std::vector<Vec<double, M::state_dim>>&, const std::vector<bool>&, const Expression&, \
      const InputSchedule&, const SectionOptions&, const IntegratorOptions&, int);

namespace chaoskit {
#define CHAOSKIT_EXTERN_SECTION(M) CHAOSKIT_SECTION_INSTANCES(extern, M)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_EXTERN_SECTION)
#undef CHAOSKIT_EXTERN_SECTION
}  // namespace chaoskit
