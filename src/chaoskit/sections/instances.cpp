// Explicit instantiation of run_sections for every registered model (see instances.hpp).
#include "chaoskit/sections/instances.hpp"

namespace chaoskit {
#define CHAOSKIT_DEFINE_SECTION(M) CHAOSKIT_SECTION_INSTANCES(, M)
CHAOSKIT_SECTION_MODELS(CHAOSKIT_DEFINE_SECTION)
#undef CHAOSKIT_DEFINE_SECTION
}  // namespace chaoskit
