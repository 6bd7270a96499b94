#pragma once
// Every quantity's evaluation for a model M, indexed by Quantity: the table the point evaluator
// calls each entry through. It follows CHAOSKIT_QUANTITY_LIST (quantity_list.hpp); each unit's
// header below provides its evaluate_<name>.
#include <array>

#include "chaoskit/sweep/job/quantity_list.hpp"
#include "chaoskit/sweep/quantities/basin.hpp"
#include "chaoskit/sweep/quantities/endpoint_sensitivity.hpp"
#include "chaoskit/sweep/quantities/final_state.hpp"
#include "chaoskit/sweep/quantities/ftle.hpp"
#include "chaoskit/sweep/quantities/lambda_max.hpp"
#include "chaoskit/sweep/quantities/megno.hpp"
#include "chaoskit/sweep/quantities/orbit_class.hpp"
#include "chaoskit/sweep/quantities/orbit_diagram.hpp"
#include "chaoskit/sweep/quantities/sali.hpp"
#include "chaoskit/sweep/quantities/section.hpp"
#include "chaoskit/sweep/quantities/spectrum.hpp"
#include "chaoskit/sweep/quantities/stm.hpp"

namespace chaoskit::sweep {

template <Model M>
using QuantityEvaluator = void (*)(const ComputeSpec&, const EntryOutput&, PointEvaluation<M>&);

#define CHAOSKIT_QUANTITY_EVALUATOR(name) &evaluate_##name<M>,
template <Model M>
inline constexpr std::array<QuantityEvaluator<M>, quantity_count> quantity_evaluators = {
    CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_EVALUATOR)};
#undef CHAOSKIT_QUANTITY_EVALUATOR

}  // namespace chaoskit::sweep
