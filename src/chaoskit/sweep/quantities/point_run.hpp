#pragma once
// A run of finished points on its way to the results file, and the joining of neighbouring runs:
// each join is one write (and one pair of HDF5 flushes, the write's main cost) instead of several.
// Used by the writer that buffers finished batches (results_file.hpp) and by the MPI coordinator,
// whose result messages decode into runs (work_messages.hpp).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "chaoskit/sweep/quantities/point_columns.hpp"

namespace chaoskit::sweep {

/// Points first .. first+count()−1: their values in typed columns and their status codes.
struct PointRun {
  std::size_t first = 0;
  PointColumns values;
  std::vector<std::int8_t> status;

  std::size_t count() const { return status.size(); }
};

/// The runs sorted by first point, with runs that touch (one ends where the next starts) joined.
std::vector<PointRun> merge_adjacent(std::vector<PointRun> runs);

}  // namespace chaoskit::sweep
