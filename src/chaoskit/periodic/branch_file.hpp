#pragma once
// The HDF5 file of `chaoskit continue` (a branch file) and of `chaoskit periodic --out` (the same
// layout with one point), readable by xarray (engine h5netcdf), h5py and h5dump, and read back by
// `chaoskit continue --restart`.
//
// Layout (netCDF-4 conventions, io/netcdf_layout.hpp: index dimensions registered as scales with
// _Netcdf4Dimid; `units` and `long_name` on every variable):
//   dimensions   point (P), component (n), component_column (n), multiplier (n), unknown (the
//                longest z), branch (B)
//   [point]      parameter, period [s], return_time [s], energy [J], beta, residual, arclength,
//                max_multiplier (largest nontrivial |μ|), test_fold, test_period_doubling,
//                test_neimark_sacker (float64); iterations, segments, point_branch (int32); point_type
//                (int8: 0 regular, 1 start, 2 end, 3 fold, 4 branch_point, 5 period_doubling,
//                6 neimark_sacker, in flag_meanings), located (int8), location_error (float64: the
//                estimated error of a special point's parameter), stability (int8: 0
//                asymptotically_stable, 1 linearly_stable, 2 unstable)
//   [point, component]                    state: x_0 of each orbit
//   [point, multiplier]                   multiplier_real, multiplier_imag, multiplier_trivial (int8)
//   [point, component, component_column]  monodromy
//   [point, unknown]                      unknowns: z (every segment's start, T, β), NaN-padded
//   [branch]     branch_parent, branch_parent_point, branch_segments (int32)
//   /            provenance (software, softwareVersion, softwareCommit, date, and the caller's
//                attributes: command line, model, parameter set, integrator, inputs), plus
//                chaoskit_format = "chaoskit-branch-1", parameter, parameter_units, state_names,
//                branch_end_reasons (one line per branch), trivial_multipliers (what each trivial
//                multiplier stands for, in order: "flow direction,energy")
// Written under a temporary name and renamed into place; an existing file is refused unless
// overwrite is set.
#include <string>

#include "chaoskit/io/provenance.hpp"
#include "chaoskit/periodic/branch.hpp"

namespace chaoskit::periodic {

void write_branch_file(const std::string& path, const ContinuationResult& result, const io::Attributes& attributes,
                       bool overwrite);

struct BranchFile {
  ContinuationResult result;  ///< points carry no tangent
  io::Attributes attributes;  ///< every root attribute
};

/// Reads a file written by write_branch_file. InputError("file") for a file that is not one.
BranchFile read_branch_file(const std::string& path);

}  // namespace chaoskit::periodic
