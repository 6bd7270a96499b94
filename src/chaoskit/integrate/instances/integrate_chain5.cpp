// Explicit instantiation of simulate() and propagate_variational() for ChainModel<5> (see instances.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, ChainModel<5>)
}  // namespace chaoskit
