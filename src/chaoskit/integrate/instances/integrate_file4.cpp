// Explicit instantiation of simulate(), propagate_variational(), ftle() and the endpoint
// sensitivity for FileModel<4>, the model files of 4 states (see instances.hpp and
// model_registry.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, FileModel<4>)
CHAOSKIT_ENDPOINT_INSTANCES(, FileModel<4>)
}  // namespace chaoskit
