// Explicit instantiation of simulate() and propagate_variational() for HenonHeilesModel (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, HenonHeilesModel)
}  // namespace chaoskit
