// Explicit instantiation of simulate(), propagate_variational() and ftle() for HenonHeilesModel (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, HenonHeilesModel)
}  // namespace chaoskit
