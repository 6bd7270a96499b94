#pragma once
// Results files for the query tests: a 3-axis grid (th1 × th2 × energy, the last a non-uniform
// list) with scalar float64 and int32 variables, a 2×2 block per point, NaN values at some ok
// points and failed points of two kinds; optionally only the first points written (a sweep still
// running). The values are kept in memory so tests can compute expected answers independently.
#include <cmath>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "io/store_fixtures.hpp"

namespace chaoskit::test {

struct QueryGrid {
  std::vector<io::Axis> axes;
  std::vector<io::Variable> variables;
  std::size_t points = 0;
  // Per flat index (psi: 4 per point, row-major).
  std::vector<double> lambda_max, ftle, psi;
  std::vector<std::int32_t> basin;
  std::vector<std::int8_t> status;

  double coordinate(std::size_t axis, std::size_t flat) const {
    std::size_t stride = 1;
    for (std::size_t a = axis + 1; a < axes.size(); ++a) stride *= axes[a].values.size();
    return axes[axis].values[(flat / stride) % axes[axis].values.size()];
  }
};

/// Equal values, NaN matching NaN (a fill value, or a statistic of no points).
inline bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

inline QueryGrid query_grid(std::size_t n1 = 12, std::size_t n2 = 9) {
  QueryGrid g;
  io::Axis th1{"th1", {}, "rad", "initial angle of link 1"};
  io::Axis th2{"th2", {}, "rad", "initial angle of link 2"};
  io::Axis energy{"energy", {-2.0, -0.5, 3.0}, "J", "total energy"};
  for (std::size_t i = 0; i < n1; ++i)
    th1.values.push_back(-1.0 + 2.0 * static_cast<double>(i) / static_cast<double>(n1 - 1));
  for (std::size_t i = 0; i < n2; ++i) th2.values.push_back(0.1 * static_cast<double>(i));
  g.axes = {th1, th2, energy};
  g.variables = {
      {"lambda_max", io::ElementType::float64, {}, "1/s", "largest Lyapunov exponent", NAN},
      {"ftle", io::ElementType::float64, {}, "1/s", "finite-time Lyapunov exponent", NAN},
      {"basin", io::ElementType::int32, {}, "1", "basin label", -1},
      {"psi", io::ElementType::float64, {{"state_row", 2}, {"state_col", 2}}, "1", "state-transition matrix", NAN},
  };
  g.points = n1 * n2 * 3;
  std::mt19937_64 rng(20261130);
  std::uniform_real_distribution<double> u(-0.2, 0.6);
  std::normal_distribution<double> nrm(0.0, 1.0);
  for (std::size_t i = 0; i < g.points; ++i) {
    g.status.push_back(i % 11 == 3   ? point_status::non_finite
                       : i % 13 == 5 ? point_status::invalid_point
                                     : point_status::ok);
    g.lambda_max.push_back(i % 17 == 0 ? NAN : u(rng));
    g.ftle.push_back(std::exp(nrm(rng)));
    g.basin.push_back(static_cast<std::int32_t>(i % 4));
    for (int k = 0; k < 4; ++k) g.psi.push_back(static_cast<double>(i) + 0.25 * k);
  }
  return g;
}

inline io::Attributes query_provenance() {
  return {{"job", std::string("[model]\nname = \"golf\"\n")}, {"model", std::string("golf")}, {"threads", 2LL}};
}

/// Writes points [first, first+count) of g.
inline void write_query_points(io::ResultsStore& s, const QueryGrid& g, std::size_t first, std::size_t count) {
  const auto sub = [&](const auto& v, std::size_t per) { return std::span(v).subspan(first * per, count * per); };
  s.write_points(first, count,
                 {{"lambda_max", sub(g.lambda_max, 1)},
                  {"ftle", sub(g.ftle, 1)},
                  {"basin", sub(g.basin, 1)},
                  {"psi", sub(g.psi, 4)}},
                 sub(g.status, 1));
}

/// Creates `path` with the first `written` points of g (all of them by default), closed.
inline void make_query_file(const std::string& path, const QueryGrid& g, std::size_t written = SIZE_MAX,
                            bool finalize = false) {
  auto s = io::ResultsStore::create(path, g.axes, g.variables, query_provenance());
  written = std::min(written, g.points);
  for (std::size_t p = 0; p < written;) {
    const std::size_t end = std::min(s.chunk_end(p), written);
    write_query_points(s, g, p, end - p);
    p = end;
  }
  if (finalize) s.finalize();
  s.close();
}

}  // namespace chaoskit::test
