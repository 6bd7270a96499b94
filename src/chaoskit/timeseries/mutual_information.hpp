#pragma once
// The delay tau by the first minimum of the average mutual information (Fraser and Swinney, Phys.
// Rev. A 33, 1134, 1986): I(tau) = sum p(a,b) ln[p(a,b) / (p(a) p(b))] between x_t and x_{t+tau}.
// At its first minimum the delayed coordinate adds the most new information while the two are
// still dynamically related, which the linear autocorrelation's zero does not guarantee.
//
// Estimator: a histogram of B equal-width bins over the column's range, B = ceil(log2 N) + 1
// (Sturges' rule; about 18 bins for 10^5 samples), the same bins for x_t and x_{t+tau}. Sturges
// keeps the joint histogram's B^2 cells populated (about 300 samples per cell at 10^5 samples)
// so the estimate's bias, which grows with B^2/N, stays small and nearly the same at every lag,
// and a bias that does not depend on tau does not move the minimum.
#include <cstddef>
#include <vector>

#include "chaoskit/timeseries/embedding.hpp"

namespace chaoskit::timeseries {

/// I(tau) in nats for tau = 0..max_lag (I(0) is the histogram entropy). Needs max_lag < x.size() - 1.
std::vector<double> mutual_information(const std::vector<double>& x, std::size_t max_lag);

/// Number of histogram bins used for n samples (Sturges).
std::size_t mutual_information_bins(std::size_t n);

struct DelayChoice {
  std::size_t delay = 0;
  bool first_minimum = false;  ///< false: no minimum up to max_lag, delay is the 1/e fallback
  std::vector<double> ami;     ///< the averaged I(tau), tau = 0..max_lag
};

/// The first minimum of I averaged over the columns (one delay for all columns, so that they stay
/// synchronous in the embedding): the bottom of the first dip (I(tau-1) > I(tau) <= I(tau+1))
/// after which I rises again by more than the estimator's bias (B-1)^2/(2N). Without one up to
/// max_lag: the first tau with I(tau) <= I(0)/e, a common fallback for a monotone decay, and
/// first_minimum = false; throws InputError("delay") when neither exists. max_lag 0 picks
/// min(N/10, 1000).
DelayChoice choose_delay(const Columns& columns, std::size_t max_lag = 0);

}  // namespace chaoskit::timeseries
