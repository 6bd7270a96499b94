// Explicit instantiation of simulate(), propagate_variational() and ftle() for FileModel<4>, the
// model files of 4 states (see instances.hpp and model_registry.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, FileModel<4>)
}  // namespace chaoskit
