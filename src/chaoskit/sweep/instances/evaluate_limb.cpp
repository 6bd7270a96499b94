// Explicit instantiation of the sweep's point evaluator for LimbModel (see evaluate.hpp).
#include "chaoskit/sweep/evaluate.hpp"
#include "chaoskit/sweep/point_evaluator.hpp"

namespace chaoskit::sweep {
CHAOSKIT_SWEEP_EVALUATE_INSTANCE(, LimbModel)
}  // namespace chaoskit::sweep
