#pragma once
// Everything that determines a sweep's numbers, as "key = value" lines: model, every parameter
// value, axes (coordinates in hexadecimal floating point, exact), a point list's columns and values
// (exact, or digests of blocks of rows for a long list) or a [sample]'s levels, n, measure and
// seed, fixed values, energy solve, inputs, each [compute] entry, integrator, and the chaoskit
// version and commit. Stored in the results file; `--resume` refuses a file whose fingerprint
// differs and names the first line that does, because mixing two jobs' points (or two builds'
// numbers) in one file would be silently wrong. Comments and formatting of the job file do not
// matter.
#include <string>

#include "chaoskit/sweep/job/job.hpp"

namespace chaoskit::sweep {

std::string job_fingerprint(const Job& job);

/// "" if equal, else a one-line description of the first difference ("compute.lambda_max: time
/// = 100 in the file, 50 in this job").
std::string fingerprint_difference(const std::string& in_file, const std::string& in_job);

}  // namespace chaoskit::sweep
