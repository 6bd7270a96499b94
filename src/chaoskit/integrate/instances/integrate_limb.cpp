// Explicit instantiation of simulate(), propagate_variational(), ftle() and the endpoint sensitivities for LimbModel
// (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, LimbModel)
CHAOSKIT_ENDPOINT_INSTANCES(, LimbModel)
}  // namespace chaoskit
