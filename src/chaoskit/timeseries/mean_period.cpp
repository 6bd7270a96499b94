#include "chaoskit/timeseries/mean_period.hpp"

#include <complex>
#include <string>

#include <unsupported/Eigen/FFT>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::timeseries {

double mean_period(const std::vector<double>& x) {
  const std::size_t n = x.size();
  if (n < 4) throw InputError("column", "at least 4 samples are needed, got " + std::to_string(n));
  std::size_t len = 1;
  while (len < n) len *= 2;
  double mean = 0.0;
  for (double v : x) mean += v;
  mean /= static_cast<double>(n);
  std::vector<double> padded(len, 0.0);
  for (std::size_t t = 0; t < n; ++t) padded[t] = x[t] - mean;
  Eigen::FFT<double> fft;
  std::vector<std::complex<double>> spectrum;
  fft.fwd(spectrum, padded);
  double power = 0.0, weighted = 0.0;
  for (std::size_t k = 1; k <= len / 2; ++k) {
    const double p = std::norm(spectrum[k]);
    power += p;
    weighted += p * static_cast<double>(k) / static_cast<double>(len);
  }
  if (!(power > 0.0)) throw InputError("column", "the series is constant");
  return 1.0 / (weighted / power);
}

}  // namespace chaoskit::timeseries
