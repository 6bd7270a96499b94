// Explicit instantiation of the basin functions for ChainModel<1..5> (see instances.hpp).
#include "chaoskit/basins/instances.hpp"

namespace chaoskit::basins {
CHAOSKIT_BASIN_INSTANCES(, ChainModel<1>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<2>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<3>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<4>)
CHAOSKIT_BASIN_INSTANCES(, ChainModel<5>)
}  // namespace chaoskit::basins
