#include "chaoskit/timeseries/divergence.hpp"

#include <cmath>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/timeseries/kd_tree.hpp"

namespace chaoskit::timeseries {

namespace {

double distance(const Embedding& e, std::size_t a, std::size_t b) {
  const double* p = e.point(a);
  const double* q = e.point(b);
  double d2 = 0.0;
  for (std::size_t c = 0; c < e.dim; ++c) d2 += (p[c] - q[c]) * (p[c] - q[c]);
  return std::sqrt(d2);
}

}  // namespace

DivergenceCurve divergence_curve(const Embedding& e, std::size_t theiler, std::size_t horizon) {
  if (horizon < 1) throw InputError("horizon", "must be at least 1 sample");
  if (e.count <= horizon + 2 * theiler + 2)
    throw InputError("horizon", "the " + std::to_string(e.count) + " embedded points leave no room for a horizon of " +
                                    std::to_string(horizon) + " samples and a Theiler window of " +
                                    std::to_string(theiler) + " samples; the record is too short");
  const std::size_t m = e.count - horizon;
  const KdTree tree(e.points.data(), m, e.dim);
  DivergenceCurve c;
  c.mean_log.assign(horizon + 1, 0.0);
  std::vector<double> logs(horizon + 1);
  for (std::size_t i = 0; i < m; ++i) {
    const auto nb = tree.nearest(e.point(i), i, theiler, true);
    if (!nb.found()) {
      ++c.skipped;
      continue;
    }
    bool usable = true;
    for (std::size_t k = 0; k <= horizon && usable; ++k) {
      const double d = k == 0 ? nb.distance : distance(e, i + k, nb.index + k);
      usable = d > 0.0;
      logs[k] = usable ? std::log(d) : 0.0;
    }
    if (!usable) {
      ++c.skipped;
      continue;
    }
    for (std::size_t k = 0; k <= horizon; ++k) c.mean_log[k] += logs[k];
    c.reference.push_back(i);
    c.neighbour.push_back(nb.index);
  }
  if (c.reference.empty())
    throw InputError("column", "no reference point has a neighbour at a non-zero distance outside the Theiler window");
  for (double& v : c.mean_log) v /= static_cast<double>(c.reference.size());
  return c;
}

std::vector<double> pair_slopes(const Embedding& e, const DivergenceCurve& c, std::size_t k0, std::size_t k1) {
  const double kbar = 0.5 * static_cast<double>(k0 + k1);
  double sxx = 0.0;
  for (std::size_t k = k0; k <= k1; ++k) sxx += (static_cast<double>(k) - kbar) * (static_cast<double>(k) - kbar);
  std::vector<double> s(c.reference.size());
  for (std::size_t p = 0; p < s.size(); ++p) {
    double sxy = 0.0;
    for (std::size_t k = k0; k <= k1; ++k)
      sxy += (static_cast<double>(k) - kbar) * std::log(distance(e, c.reference[p] + k, c.neighbour[p] + k));
    s[p] = sxy / sxx;
  }
  return s;
}

}  // namespace chaoskit::timeseries
