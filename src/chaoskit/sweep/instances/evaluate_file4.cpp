// Explicit instantiation of the sweep's point evaluator for FileModel<4> (see evaluate.hpp).
// GCC 12 reports odeint's stepper copies as "maybe uninitialized" here, as driver.hpp notes for its
// own wrappers; the members are assigned before use. Silenced in this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "chaoskit/sweep/evaluate.hpp"
#include "chaoskit/sweep/point_evaluator.hpp"

namespace chaoskit::sweep {
CHAOSKIT_SWEEP_EVALUATE_INSTANCE(, FileModel<4>)
}  // namespace chaoskit::sweep
