// Explicit instantiation of the indicators for FileModel<6> (see indicators/instances.hpp).
// GCC reports odeint's stepper copies as maybe-uninitialized here, as driver.hpp explains for its
// own wrappers; the members are written before they are read. Silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "chaoskit/indicators/instances.hpp"

namespace chaoskit {
CHAOSKIT_INDICATOR_INSTANCES(, FileModel<6>)
CHAOSKIT_SALI_INSTANCE(, FileModel<6>)
}  // namespace chaoskit
