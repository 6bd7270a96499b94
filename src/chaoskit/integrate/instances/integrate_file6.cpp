// Explicit instantiation of simulate(), propagate_variational() and ftle() for FileModel<6>, the
// model files of 6 states (see instances.hpp and model_registry.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, FileModel<6>)
}  // namespace chaoskit
