// Explicit instantiation of simulate(), propagate_variational() and ftle() for LorenzModel (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, LorenzModel)
}  // namespace chaoskit
