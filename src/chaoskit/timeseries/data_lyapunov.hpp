#pragma once
// The largest Lyapunov exponent of a measured record, end to end: standardise the columns, choose
// the delay (first minimum of the average mutual information) and the dimension (false nearest
// neighbours) unless given, embed, compute Rosenstein's divergence curve with a Theiler window,
// choose the fit range (fit_range.hpp), and give lambda with a 95 % interval. With a stride period
// it also gives the short- and long-term exponents of gait studies (Dingwell and Cusumano, Chaos
// 10, 848, 2000): least-squares slopes of the same curve over 0-1 and 4-10 strides.
//
// Units: the record is sampled every `sample_interval` (1 when the samples are map iterations);
// exponents are per that unit of time (1/s for seconds), and the stride exponents also per stride.
//
// The interval: the 2.5-97.5 % percentiles of a moving-block bootstrap over the reference points
// (blocks one Theiler window long, 1000 replicates, a fixed seed), widened to include the slopes
// fitted to each half of the fit range. The bootstrap measures how much the estimate depends on
// which stretches of the record served as references; the halves show how straight the fitted
// part of the curve is. Neither measures the method's bias (finite record, noise, embedding):
// that is what chaoskit's analyses/data_lyapunov compares against the models' variational exponent.
//
// "Confident positive" (evidence of chaos): a fit range exists (the curve has a linear region
// by the rule of fit_range.hpp) and the interval's lower end is above zero.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "chaoskit/timeseries/bootstrap.hpp"
#include "chaoskit/timeseries/embedding.hpp"
#include "chaoskit/timeseries/false_neighbours.hpp"
#include "chaoskit/timeseries/fit_range.hpp"

namespace chaoskit::timeseries {

struct DataLyapunovOptions {
  std::size_t delay = 0;               ///< samples; 0: first minimum of the mutual information
  std::size_t dim = 0;                 ///< per column; 0: false nearest neighbours
  std::optional<std::size_t> theiler;  ///< samples; default: one mean period (Rosenstein et al.)
  std::size_t horizon =
      0;  ///< samples; 0: 10 strides with a period, else 10 mean periods (at most a quarter of the record)
  double period = 0.0;            ///< stride period [samples]; 0: no stride exponents
  double sample_interval = 1.0;   ///< time per sample
  std::size_t replicates = 1000;  ///< bootstrap replicates
  std::uint64_t seed = 1;         ///< bootstrap seed
  FnnOptions fnn;                 ///< thresholds of the dimension choice (its theiler is set from ours)
  double tolerance = 0.25;        ///< fit-range rule (fit_range.hpp)
};

/// A slope of the divergence curve.
struct CurveSlope {
  double value = 0.0;                  ///< per unit time
  Interval ci;                         ///< 95 %, per unit time
  std::size_t k_begin = 0, k_end = 0;  ///< inclusive, samples
};

struct DataLyapunovResult {
  std::size_t samples = 0, columns = 0;
  std::size_t delay = 0, dim = 0, theiler = 0, horizon = 0;
  bool delay_given = false, dim_given = false;
  bool delay_first_minimum = false;    ///< false with a chosen delay: the 1/e fallback was used
  bool dim_reached_threshold = false;  ///< false with a chosen dimension: FNN never reached 1 %
  std::vector<double> ami;             ///< averaged I(tau) when the delay was chosen
  std::vector<double> fnn_fraction;    ///< false fraction for d = 1.. when the dimension was chosen
  double mean_period = 0.0;            ///< samples
  double sample_interval = 1.0;

  std::vector<double> curve;  ///< y(k), k = 0..horizon
  std::size_t pairs = 0, skipped = 0;
  FitRange fit;                                ///< fit.found: the curve has a linear region
  CurveSlope lambda;                           ///< NaN value and interval without a linear region
  Interval bootstrap;                          ///< the bootstrap part of lambda.ci
  double first_half = 0.0, second_half = 0.0;  ///< slopes over the halves of the fit range, per unit time
  bool confident_positive = false;

  double period = 0.0;  ///< samples per stride (0: none)
  std::optional<CurveSlope> short_term,
      long_term;  ///< per unit time; multiply by period*sample_interval for per stride
};

/// Throws InputError naming the option or "column" when the record cannot be analysed (too short,
/// constant, non-finite values).
DataLyapunovResult data_lyapunov(const Columns& columns, const DataLyapunovOptions& options = {});

}  // namespace chaoskit::timeseries
