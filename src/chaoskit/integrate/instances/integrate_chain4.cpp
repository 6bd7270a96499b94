// Explicit instantiation of simulate(), propagate_variational(), ftle() and the endpoint sensitivities for
// ChainModel<4> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<4>)
CHAOSKIT_ENDPOINT_INSTANCES(, ChainModel<4>)
}  // namespace chaoskit
