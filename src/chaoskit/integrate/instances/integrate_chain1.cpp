// Explicit instantiation of simulate() and propagate_variational() for ChainModel<1> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<1>)
}  // namespace chaoskit
