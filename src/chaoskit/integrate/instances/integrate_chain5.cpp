// Explicit instantiation of simulate(), propagate_variational(), ftle() and the endpoint sensitivities for
// ChainModel<5> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<5>)
CHAOSKIT_ENDPOINT_INSTANCES(, ChainModel<5>)
}  // namespace chaoskit
