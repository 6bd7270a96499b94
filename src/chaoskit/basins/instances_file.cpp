// Explicit instantiation of the basin functions for the model files of 4 and 6 states (see
// instances.hpp): their type has the mechanical pieces, and the CLI and the sweep check at run
// time that the file is mechanical and has the [kinematics] and potential a basin kind needs.
// The diagnostics are silenced as in instances_two_link.cpp, for the same odeint stepper copies.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "chaoskit/basins/instances.hpp"

namespace chaoskit::basins {
CHAOSKIT_BASIN_INSTANCES(, FileModel<4>)
CHAOSKIT_BASIN_INSTANCES(, FileModel<6>)
}  // namespace chaoskit::basins
