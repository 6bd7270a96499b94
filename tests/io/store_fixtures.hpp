#pragma once
// Shared by the results-store tests: a 2-D grid layout with one variable of each element type (one
// with a 2×2 block per point), values that are exact in binary (so C++ and numpy agree bit for bit),
// and a runner for Debian's python3 (with h5py, xarray, h5netcdf); the scratch folder and the
// process helpers are support/scratch.hpp's.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "../support/scratch.hpp"
#include "chaoskit/io/results_store.hpp"

namespace chaoskit::test {

inline std::vector<io::Axis> grid_axes(std::size_t n1 = 40, std::size_t n2 = 30) {
  io::Axis a{"th1", {}, "rad", "initial angle of link 1"};
  io::Axis b{"th2", {}, "rad", "initial angle of link 2"};
  for (std::size_t i = 0; i < n1; ++i)
    a.values.push_back(-1.0 + 2.0 * static_cast<double>(i) / static_cast<double>(n1 - 1));
  for (std::size_t i = 0; i < n2; ++i) b.values.push_back(0.05 * static_cast<double>(i));
  return {a, b};
}

inline std::vector<io::Variable> grid_variables() {
  return {
      {"lambda_max", io::ElementType::float64, {}, "1/s", "largest Lyapunov exponent", NAN},
      {"psi", io::ElementType::float64, {{"state_row", 2}, {"state_col", 2}}, "1", "state-transition matrix", NAN},
      {"basin", io::ElementType::int32, {}, "1", "basin label", -1},
      {"converged", io::ElementType::uint8, {}, "1", "lambda_max converged flag", 255},
  };
}

// Exact binary values per flat index i.
inline double lambda_of(std::size_t i) { return static_cast<double>(i) * 0.25 + 0.125; }
inline double psi_of(std::size_t i, int r, int c) { return static_cast<double>(i) + r * 0.5 + c * 0.0625; }
inline std::int32_t basin_of(std::size_t i) { return static_cast<std::int32_t>(i % 7) - 3; }
inline std::uint8_t converged_of(std::size_t i) { return static_cast<std::uint8_t>(i % 2); }
inline std::int8_t status_of(std::size_t i) { return i % 5 == 0 ? point_status::non_finite : point_status::ok; }

/// The values above of points [first, first+count), held for the views of an io::PointBlock.
struct RunValues {
  std::vector<double> lam, psi;
  std::vector<std::int32_t> basin;
  std::vector<std::uint8_t> conv;
  std::vector<std::int8_t> st;
  io::PointBlock block;

  RunValues(std::size_t first, std::size_t count) {
    for (std::size_t i = first; i < first + count; ++i) {
      lam.push_back(lambda_of(i));
      for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c) psi.push_back(psi_of(i, r, c));
      basin.push_back(basin_of(i));
      conv.push_back(converged_of(i));
      st.push_back(status_of(i));
    }
    block.first = first;
    block.count = count;
    block.values = {{"lambda_max", std::span<const double>(lam)},
                    {"psi", std::span<const double>(psi)},
                    {"basin", std::span<const std::int32_t>(basin)},
                    {"converged", std::span<const std::uint8_t>(conv)}};
    block.statuses = st;
  }
  RunValues(const RunValues&) = delete;  // (the block's views point into this object)
  RunValues& operator=(const RunValues&) = delete;
};

/// Writes points [first, first+count) with the values above.
inline void write_run(io::ResultsStore& store, std::size_t first, std::size_t count) {
  const RunValues v(first, count);
  store.write_points(first, count, v.block.values, v.block.statuses);
}

/// Batches [first, count) covering 0..n-1 with random sizes 1..max_batch, in shuffled order.
inline std::vector<std::pair<std::size_t, std::size_t>> shuffled_batches(std::size_t n, std::size_t max_batch,
                                                                         std::mt19937_64& rng) {
  std::vector<std::pair<std::size_t, std::size_t>> b;
  std::uniform_int_distribution<std::size_t> len(1, max_batch);
  for (std::size_t p = 0; p < n;) {
    const std::size_t c = std::min(len(rng), n - p);
    b.emplace_back(p, c);
    p += c;
  }
  std::shuffle(b.begin(), b.end(), rng);
  return b;
}

/// A fresh directory under the system temp dir, removed with its contents at scope exit.
inline const char* debian_python = "/usr/bin/python3";

/// True when Debian's python3 has the given modules (e.g. "h5py" or "xarray, h5netcdf").
inline bool python_has(const std::string& modules) {
  if (!std::filesystem::exists(debian_python)) return false;
  return run_command(std::string(debian_python) + " -c 'import " + modules + "'").exit_code == 0;
}

/// Runs a Python script (written to a file in `dir`) with arguments.
inline ProcessResult run_python(const ScratchDir& dir, const std::string& script, const std::string& args) {
  const std::string path = dir.file("script.py");
  {
    FILE* f = std::fopen(path.c_str(), "w");
    std::fputs(script.c_str(), f);
    std::fclose(f);
  }
  return run_command(std::string(debian_python) + " " + path + " " + args);
}

}  // namespace chaoskit::test
