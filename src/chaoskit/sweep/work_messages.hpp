#pragma once
// The payloads an MPI sweep sends, as plain byte and integer buffers (no MPI types here, so the
// encoding is unit-tested in the default build):
//   unit    coordinator → rank: batches (first, count) as uint64 pairs; empty means "no more work"
//   result  rank → coordinator: one run of finished points, [first, count] (uint64), then
//           count × values_per_point doubles (point-major, layout order), then count int8 statuses.
// Doubles travel as their bytes, so the coordinator writes exactly what the rank computed (the
// ranks of one job run one binary on one kind of machine).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "chaoskit/sweep/batch_engine.hpp"
#include "chaoskit/sweep/point_run.hpp"

namespace chaoskit::sweep {

std::vector<std::uint64_t> encode_unit(const std::vector<Batch>& unit);
/// std::invalid_argument for an odd length.
std::vector<Batch> decode_unit(std::span<const std::uint64_t> words);

std::vector<char> encode_result(std::size_t first, std::size_t count, std::span<const double> values,
                                std::span<const std::int8_t> status);

using DecodedResult = PointRun;
/// std::invalid_argument when the size does not match `values_per_point`.
DecodedResult decode_result(std::span<const char> bytes, std::size_t values_per_point);

}  // namespace chaoskit::sweep
