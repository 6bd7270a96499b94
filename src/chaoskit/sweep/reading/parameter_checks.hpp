#pragma once
// The parameter values of a job checked when it is read, so that no point fails for a reason the
// job file could have been refused for: every swept or fixed value ([grid]) alone, and each row of
// a point list with its parameter columns together (a model checks relations between its
// parameters). Each builds the point's model the way the engine does (../job/model_factory.hpp).
#include "chaoskit/sweep/job/job.hpp"

namespace chaoskit::sweep {

/// Checks that every swept or fixed parameter value gives a valid model (InputError "grid.NAME"
/// otherwise), so that no point fails for a reason the job file could have been refused for. Each
/// value alone on job.models, built (job_reader.cpp) before the fixed values are applied.
void check_parameter_values(const Job& job);

/// The same for the rows of a point list, each row's parameter columns together on job.models (the
/// fixed values applied); InputError at the cell's location in the file.
void check_point_list_parameters(const Job& job);

}  // namespace chaoskit::sweep
