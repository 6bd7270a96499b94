#pragma once
// One int32 label per rest state: the winding numbers n_k of the links (k = 1..N ≤ 5) packed so
// that a basin map is a single integer grid that entropy, plots and queries treat uniformly.
// Each winding is zigzag-mapped (0→0, −1→1, 1→2, −2→3, 2→4, ...) into 6 bits, link 1 in the
// lowest bits: label = Σ_k z(n_k) 64^(k−1). So label 0 is "came to rest without any link having
// gone over the top", every settled label is ≥ 0, and |n_k| ≤ 31 fits in 30 bits. Negative labels
// are reserved for outcomes that are not a rest state (below).
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace chaoskit::basins {

inline constexpr std::int32_t kLabelNotSettled = -1;    ///< still moving above the barrier at max_time
inline constexpr std::int32_t kLabelFailed = -2;        ///< the integration failed (status says why)
inline constexpr std::int32_t kLabelWindingRange = -3;  ///< some |n_k| > 31: not representable
inline constexpr int kMaxWinding = 31;
inline constexpr int kMaxWindingLinks = 5;

inline std::int32_t zigzag(int n) { return n >= 0 ? 2 * n : -2 * n - 1; }
inline int unzigzag(std::int32_t z) { return (z & 1) ? -(z + 1) / 2 : z / 2; }

/// Packs windings (at most 5); kLabelWindingRange when one is out of range.
inline std::int32_t encode_windings(const std::vector<int>& n) {
  std::int32_t label = 0;
  for (std::size_t k = n.size(); k-- > 0;) {
    if (std::abs(n[k]) > kMaxWinding || k >= static_cast<std::size_t>(kMaxWindingLinks)) return kLabelWindingRange;
    label = label * 64 + zigzag(n[k]);
  }
  return label;
}

/// Unpacks a label ≥ 0 into `links` windings (empty for a negative label).
inline std::vector<int> decode_windings(std::int32_t label, int links) {
  if (label < 0) return {};
  std::vector<int> n(static_cast<std::size_t>(links));
  for (int k = 0; k < links; ++k) {
    n[static_cast<std::size_t>(k)] = unzigzag(label % 64);
    label /= 64;
  }
  return n;
}

}  // namespace chaoskit::basins
