#pragma once
// The mean period of a series: the reciprocal of the power spectrum's mean frequency,
// sum f P(f) / sum P(f) over f > 0. Rosenstein et al. (1993) use it as the Theiler window (nearest
// neighbours must be at least one mean period apart in time) and it sets the default horizon of
// the divergence curve. The periodogram is computed by FFT (Eigen's, header-only) of the
// mean-removed series zero-padded to a power of two, which keeps the FFT O(N log N) for any N.
#include <vector>

namespace chaoskit::timeseries {

/// Mean period in samples (>= 2: the Nyquist limit). Needs at least 4 samples.
double mean_period(const std::vector<double>& x);

}  // namespace chaoskit::timeseries
