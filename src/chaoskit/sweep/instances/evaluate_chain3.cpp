// Explicit instantiation of the sweep's point evaluator for ChainModel<3> (see evaluate.hpp).
// GCC 12 reports odeint's stepper copies (state_wrapper of a fixed-size Eigen vector) as "maybe
// uninitialized" here, hundreds of times, as driver.hpp notes for its own wrappers; the members are
// assigned before use. Silenced in this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "chaoskit/sweep/evaluate.hpp"
#include "chaoskit/sweep/point_evaluator.hpp"

namespace chaoskit::sweep {
CHAOSKIT_SWEEP_EVALUATE_INSTANCE(, ChainModel<3>)
}  // namespace chaoskit::sweep
