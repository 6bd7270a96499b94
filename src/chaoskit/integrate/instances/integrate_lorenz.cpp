// Explicit instantiation of simulate() and propagate_variational() for LorenzModel (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, LorenzModel)
}  // namespace chaoskit
