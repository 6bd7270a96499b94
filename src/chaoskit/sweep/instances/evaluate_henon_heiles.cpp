// Explicit instantiation of the sweep's point evaluator for HenonHeilesModel (see evaluate.hpp).
#include "chaoskit/sweep/evaluate.hpp"
#include "chaoskit/sweep/point_evaluator.hpp"

namespace chaoskit::sweep {
CHAOSKIT_SWEEP_EVALUATE_INSTANCE(, HenonHeilesModel)
}  // namespace chaoskit::sweep
