// Explicit instantiation of simulate() and propagate_variational() for LimbModel (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, LimbModel)
}  // namespace chaoskit
