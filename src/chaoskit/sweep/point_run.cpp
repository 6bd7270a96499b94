#include "chaoskit/sweep/point_run.hpp"

#include <algorithm>
#include <iterator>

namespace chaoskit::sweep {

std::vector<PointRun> merge_adjacent(std::vector<PointRun> runs, std::size_t values_per_point) {
  std::sort(runs.begin(), runs.end(), [](const PointRun& a, const PointRun& b) { return a.first < b.first; });
  std::vector<PointRun> out;
  for (PointRun& r : runs) {
    if (!out.empty() && out.back().first + out.back().count == r.first) {
      PointRun& b = out.back();
      b.values.insert(b.values.end(), r.values.begin(),
                      r.values.begin() + static_cast<std::ptrdiff_t>(r.count * values_per_point));
      b.status.insert(b.status.end(), r.status.begin(), r.status.end());
      b.count += r.count;
    } else {
      out.push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace chaoskit::sweep
