// Explicit instantiation of simulate() and propagate_variational() for ChainModel<2> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<2>)
}  // namespace chaoskit
