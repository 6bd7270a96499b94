// Explicit instantiation of simulate() and propagate_variational() for ChainModel<3> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<3>)
}  // namespace chaoskit
