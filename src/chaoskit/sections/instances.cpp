// Explicit instantiation of run_sections for every registered model (see instances.hpp).
// odeint's controllers copy a freshly constructed dopri5 stepper whose scratch states are written
// before they are read (the sub-integration that serves as interpolant for steppers without dense
// output, driver.hpp); GCC reports the copy as maybe-uninitialized once per instantiation here, as
// driver.hpp explains for its own wrappers. The values are never used: silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "chaoskit/sections/instances.hpp"

namespace chaoskit {
#define CHAOSKIT_DEFINE_SECTION(M) CHAOSKIT_SECTION_INSTANCES(, M)
CHAOSKIT_FOR_EACH_REGISTERED_MODEL(CHAOSKIT_DEFINE_SECTION)
#undef CHAOSKIT_DEFINE_SECTION
}  // namespace chaoskit
