#pragma once
// What a continuation produces: the branches (the start branch, and any period-doubled branches
// switched onto), each an ordered list of points, with the special points (folds, branch points,
// period doublings, Neimark–Sacker points, the ends) located and inserted in order, as AUTO,
// MatCont and COCO label theirs.
#include <cstdint>
#include <string>
#include <vector>

#include "chaoskit/periodic/floquet.hpp"
#include "chaoskit/periodic/map_step.hpp"

namespace chaoskit::periodic {

/// The kind of a branch point (the branch file's `point_type` codes).
enum class PointType : std::int8_t {
  regular = 0,
  start = 1,            ///< the first point of a branch
  end = 2,              ///< the last point (the reason is the branch's end_reason)
  fold = 3,             ///< a multiplier through +1 where the parameter turns back (limit point)
  branch_point = 4,     ///< a multiplier through +1 where the parameter does not turn (another family crosses)
  period_doubling = 5,  ///< a multiplier through −1
  neimark_sacker = 6,   ///< a complex pair through |μ| = 1
};

/// "regular", "start", "end", "fold", "branch_point", "period_doubling", "neimark_sacker".
const char* point_type_name(PointType t);
/// Short labels for plots and restarts: "", "start", "end", "LP", "BP", "PD", "NS".
const char* point_type_label(PointType t);
/// CF flag_meanings of the codes, in code order.
std::string point_type_meanings();

struct BranchPoint {
  int branch = 0;
  PointType type = PointType::regular;
  bool located = true;          ///< special points: located to the tolerance (false: only bracketed)
  double location_error = 0.0;  ///< special points: estimated |parameter − the zero of the test function|
  double parameter = 0.0;
  Vector state;         ///< x_0
  double period = NAN;  ///< flows: T [s]; maps: NaN
  double return_time = NAN;
  double energy = NAN;
  double beta = 0.0;
  double residual = NAN;
  int iterations = 0;
  int segments = 1;        ///< shooting segments (maps: the period k)
  Vector unknowns;         ///< z: every segment's start, T, β (for restarts and switching)
  double arclength = 0.0;  ///< s along the branch from its start
  double step = 0.0;       ///< the step that reached this point
  Matrix monodromy;
  FloquetAnalysis floquet;
  double test_fold = 0.0, test_period_doubling = 0.0, test_neimark_sacker = 0.0;
  Vector tangent;  ///< unit tangent (z, p) in the branch's weighted norm
};

struct BranchInfo {
  int id = 0;
  int parent = -1;        ///< the branch it was switched from (−1: the start branch)
  int parent_point = -1;  ///< index (in ContinuationResult::points) of the period doubling it starts at
  int segments = 1;
  std::string end_reason;
};

struct ContinuationResult {
  std::string parameter;  ///< the continuation parameter's name
  std::string units;
  std::vector<std::string> state_names;
  std::vector<BranchPoint> points;  ///< branch by branch, each in order along the branch
  std::vector<BranchInfo> branches;
};

}  // namespace chaoskit::periodic
