#pragma once
// The payloads an MPI sweep sends, as plain byte and integer buffers (no MPI types here, so the
// encoding is unit-tested in the default build):
//   unit    coordinator → rank: batches (first, count) as uint64 pairs; empty means "no more work"
//   result  rank → coordinator: one run of finished points, [first, count] (uint64), then
//           each variable's column in layout order (count × values_per_point values of its element
//           type, point_columns.hpp), then count int8 statuses.
// Values travel as their bytes, so the coordinator writes exactly what the rank computed (the
// ranks of one job run one binary on one kind of machine).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "chaoskit/sweep/engine/batch_engine.hpp"
#include "chaoskit/sweep/quantities/point_run.hpp"

namespace chaoskit::sweep {

std::vector<std::uint64_t> encode_unit(const std::vector<Batch>& unit);
/// std::invalid_argument for an odd length.
std::vector<Batch> decode_unit(std::span<const std::uint64_t> words);

/// The run of points first .. first + status.size() − 1.
std::vector<char> encode_result(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status);

using DecodedResult = PointRun;
/// std::invalid_argument when the size does not match the layout's `variables` for its point count.
DecodedResult decode_result(std::span<const char> bytes, const std::vector<io::Variable>& variables);

}  // namespace chaoskit::sweep
