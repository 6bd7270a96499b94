// Explicit instantiation of simulate() and propagate_variational() for ChainModel<4> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<4>)
}  // namespace chaoskit
