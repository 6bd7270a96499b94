// Explicit instantiation of the basin functions for ChainModel<1..5> (see instances.hpp).
// odeint's controllers copy a freshly constructed dopri5 stepper whose scratch states are written
// before they are read (the sub-integration that serves as interpolant for steppers without dense
// output, driver.hpp); GCC reports the copy as maybe-uninitialized once per instantiation here, as
// driver.hpp explains for its own wrappers. The values are never used: silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "chaoskit/basins/instances.hpp"

namespace chaoskit::basins {
CHAOSKIT_BASIN_INSTANCES(, ChainModel<1>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<2>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<3>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<4>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<5>)
}  // namespace chaoskit::basins
