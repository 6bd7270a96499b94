#include "chaoskit/sweep/quantities/point_run.hpp"

#include <algorithm>

namespace chaoskit::sweep {

std::vector<PointRun> merge_adjacent(std::vector<PointRun> runs) {
  std::sort(runs.begin(), runs.end(), [](const PointRun& a, const PointRun& b) { return a.first < b.first; });
  std::vector<PointRun> out;
  for (PointRun& r : runs) {
    if (!out.empty() && out.back().first + out.back().count() == r.first) {
      PointRun& b = out.back();
      b.values.append(r.values);
      b.status.insert(b.status.end(), r.status.begin(), r.status.end());
    } else {
      out.push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace chaoskit::sweep
