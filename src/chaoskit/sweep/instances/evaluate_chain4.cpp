// Explicit instantiation of the sweep's point evaluator for ChainModel<4> (see evaluate.hpp).
#include "chaoskit/sweep/evaluate.hpp"
#include "chaoskit/sweep/point_evaluator.hpp"

namespace chaoskit::sweep {
CHAOSKIT_SWEEP_EVALUATE_INSTANCE(, ChainModel<4>)
}  // namespace chaoskit::sweep
