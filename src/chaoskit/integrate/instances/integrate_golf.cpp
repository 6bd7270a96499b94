// Explicit instantiation of simulate() and propagate_variational() for GolfModel (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, GolfModel)
}  // namespace chaoskit
