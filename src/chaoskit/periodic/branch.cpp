#include "chaoskit/periodic/branch.hpp"

namespace chaoskit::periodic {

const char* point_type_name(PointType t) {
  switch (t) {
    case PointType::regular: return "regular";
    case PointType::start: return "start";
    case PointType::end: return "end";
    case PointType::fold: return "fold";
    case PointType::branch_point: return "branch_point";
    case PointType::period_doubling: return "period_doubling";
    case PointType::neimark_sacker: return "neimark_sacker";
  }
  return "unknown";
}

const char* point_type_label(PointType t) {
  switch (t) {
    case PointType::regular: return "";
    case PointType::start: return "start";
    case PointType::end: return "end";
    case PointType::fold: return "LP";
    case PointType::branch_point: return "BP";
    case PointType::period_doubling: return "PD";
    case PointType::neimark_sacker: return "NS";
  }
  return "";
}

std::string point_type_meanings() {
  std::string s;
  for (int k = 0; k <= static_cast<int>(PointType::neimark_sacker); ++k)
    s += (k ? " " : "") + std::string(point_type_name(static_cast<PointType>(k)));
  return s;
}

}  // namespace chaoskit::periodic
