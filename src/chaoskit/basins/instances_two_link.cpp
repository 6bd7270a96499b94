// Explicit instantiation of the basin functions for the two-link models limb and golf (see instances.hpp).
#include "chaoskit/basins/instances.hpp"

namespace chaoskit::basins {
CHAOSKIT_BASIN_INSTANCES(, LimbModel)
CHAOSKIT_BASIN_INSTANCES(, GolfModel)
}  // namespace chaoskit::basins
