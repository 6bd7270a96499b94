// Explicit instantiation of simulate(), propagate_variational(), ftle() and the endpoint sensitivities for GolfModel
// (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, GolfModel)
CHAOSKIT_ENDPOINT_INSTANCES(, GolfModel)
}  // namespace chaoskit
