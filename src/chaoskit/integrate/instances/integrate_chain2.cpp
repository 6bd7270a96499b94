// Explicit instantiation of simulate(), propagate_variational(), ftle() and the endpoint sensitivities for
// ChainModel<2> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<2>)
CHAOSKIT_ENDPOINT_INSTANCES(, ChainModel<2>)
}  // namespace chaoskit
