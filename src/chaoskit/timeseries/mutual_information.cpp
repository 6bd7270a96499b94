#include "chaoskit/timeseries/mutual_information.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::timeseries {

std::size_t mutual_information_bins(std::size_t n) {
  return static_cast<std::size_t>(std::ceil(std::log2(static_cast<double>(std::max<std::size_t>(n, 2))))) + 1;
}

std::vector<double> mutual_information(const std::vector<double>& x, std::size_t max_lag) {
  const std::size_t n = x.size();
  if (n < 3 || max_lag + 2 > n)
    throw InputError("delay", "record too short for a mutual-information lag of " + std::to_string(max_lag));
  const auto [lo_it, hi_it] = std::minmax_element(x.begin(), x.end());
  const double lo = *lo_it, width = *hi_it - *lo_it;
  const std::size_t bins = mutual_information_bins(n);
  std::vector<std::size_t> bin(n, 0);
  if (width > 0.0)
    for (std::size_t t = 0; t < n; ++t)
      bin[t] = std::min(bins - 1, static_cast<std::size_t>((x[t] - lo) / width * static_cast<double>(bins)));
  std::vector<double> mi(max_lag + 1, 0.0);
  std::vector<double> joint(bins * bins), pa(bins), pb(bins);
  for (std::size_t lag = 0; lag <= max_lag; ++lag) {
    std::fill(joint.begin(), joint.end(), 0.0);
    std::fill(pa.begin(), pa.end(), 0.0);
    std::fill(pb.begin(), pb.end(), 0.0);
    const std::size_t pairs = n - lag;
    for (std::size_t t = 0; t < pairs; ++t) {
      joint[bin[t] * bins + bin[t + lag]] += 1.0;
      pa[bin[t]] += 1.0;
      pb[bin[t + lag]] += 1.0;
    }
    // Marginals from the same pairs as the joint, so that I >= 0 holds exactly for the estimate.
    double sum = 0.0;
    const double np = static_cast<double>(pairs);
    for (std::size_t a = 0; a < bins; ++a)
      for (std::size_t b = 0; b < bins; ++b) {
        const double c = joint[a * bins + b];
        if (c > 0.0) sum += c / np * std::log(c * np / (pa[a] * pb[b]));
      }
    mi[lag] = sum;
  }
  return mi;
}

DelayChoice choose_delay(const Columns& columns, std::size_t max_lag) {
  if (columns.empty()) throw InputError("column", "no column");
  const std::size_t n = columns.front().size();
  if (max_lag == 0) max_lag = std::min<std::size_t>(n / 10, 1000);
  max_lag = std::min(max_lag, n >= 3 ? n - 3 : 0);
  if (max_lag < 2)
    throw InputError("delay", "a record of " + std::to_string(n) + " samples is too short to choose the delay");
  DelayChoice choice;
  choice.ami.assign(max_lag + 1, 0.0);
  for (const auto& x : columns) {
    const std::vector<double> mi = mutual_information(x, max_lag);
    for (std::size_t k = 0; k <= max_lag; ++k) choice.ami[k] += mi[k] / static_cast<double>(columns.size());
  }
  const auto& I = choice.ami;
  // A dip counts as a minimum only if I rises again afterwards by more than the estimator's bias
  // for independent samples, (B-1)^2 / (2N) nats (the Miller-Madow term of the joint histogram):
  // smaller wiggles on the floor that a fast-decorrelating series (a map, noise) decays to are
  // estimation noise, not a minimum.
  const double bins = static_cast<double>(mutual_information_bins(n));
  const double resolution = (bins - 1) * (bins - 1) / (2.0 * static_cast<double>(n));
  for (std::size_t tau = 1; tau < max_lag; ++tau) {
    if (!(I[tau - 1] > I[tau] && I[tau] <= I[tau + 1])) continue;
    std::size_t bottom = tau;
    for (std::size_t k = tau + 1; k <= max_lag; ++k) {
      if (I[k] > I[bottom] + resolution) {
        choice.delay = bottom;
        choice.first_minimum = true;
        return choice;
      }
      if (I[k] < I[bottom]) bottom = k;
    }
    break;  // I never rises again by more than the resolution: no minimum
  }
  for (std::size_t tau = 1; tau <= max_lag; ++tau)
    if (I[tau] <= I[0] / std::exp(1.0)) {
      choice.delay = tau;
      return choice;
    }
  throw InputError("delay", "the mutual information has no minimum and does not fall below 1/e of I(0) up to lag " +
                                std::to_string(max_lag) + " samples; give the delay");
}

}  // namespace chaoskit::timeseries
