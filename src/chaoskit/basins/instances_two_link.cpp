// Explicit instantiation of the basin functions for the two-link models limb and golf (see instances.hpp).
// odeint's controllers copy a freshly constructed dopri5 stepper whose scratch states are written
// before they are read (the sub-integration that serves as interpolant for steppers without dense
// output, driver.hpp); GCC reports the copy as maybe-uninitialized once per instantiation here, as
// driver.hpp explains for its own wrappers. The values are never used: silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "chaoskit/basins/instances.hpp"

namespace chaoskit::basins {
CHAOSKIT_BASIN_INSTANCES(, LimbModel)
CHAOSKIT_BASIN_INSTANCES(, GolfModel)
}  // namespace chaoskit::basins
