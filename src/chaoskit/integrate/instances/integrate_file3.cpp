// Explicit instantiation of simulate(), propagate_variational() and ftle() for FileModel<3>, the
// model files of 3 states (see instances.hpp and model_registry.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, FileModel<3>)
}  // namespace chaoskit
