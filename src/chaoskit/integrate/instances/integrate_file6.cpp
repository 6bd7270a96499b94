// Explicit instantiation of simulate(), propagate_variational(), ftle() and the endpoint
// sensitivity for FileModel<6>, the model files of 6 states (see instances.hpp and
// model_registry.hpp).
#include "chaoskit/integrate/instances.hpp"

namespace chaoskit {
CHAOSKIT_INTEGRATE_INSTANCES(, FileModel<6>)
CHAOSKIT_ENDPOINT_INSTANCES(, FileModel<6>)
}  // namespace chaoskit
