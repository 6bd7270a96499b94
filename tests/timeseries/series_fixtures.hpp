#pragma once
// Reference series for the time-series tests: systems whose largest Lyapunov exponent is known
// (Lorenz, Henon), and signals with none (white noise, two incommensurate sines).
#include <array>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

namespace chaoskit::test {

/// x(t) of the Lorenz system (sigma 10, rho 28, beta 8/3; lambda_max = 0.9056 1/s), sampled every
/// `dt` after a 100-time-unit transient, integrated by classical RK4 at dt/20 (a step of at most
/// 0.0025, so the integration error is far below the embedding's resolution).
inline std::vector<double> lorenz_x(std::size_t n, double dt) {
  std::array<double, 3> s{1.0, 1.0, 20.0};
  auto f = [](const std::array<double, 3>& x) {
    return std::array<double, 3>{10.0 * (x[1] - x[0]), x[0] * (28.0 - x[2]) - x[1], x[0] * x[1] - 8.0 / 3.0 * x[2]};
  };
  const int sub = 20;
  const double h = dt / sub;
  auto step = [&] {
    auto axpy = [](const std::array<double, 3>& a, double c, const std::array<double, 3>& b) {
      return std::array<double, 3>{a[0] + c * b[0], a[1] + c * b[1], a[2] + c * b[2]};
    };
    const auto k1 = f(s), k2 = f(axpy(s, 0.5 * h, k1)), k3 = f(axpy(s, 0.5 * h, k2)), k4 = f(axpy(s, h, k3));
    for (int j = 0; j < 3; ++j) s[j] += h / 6.0 * (k1[j] + 2.0 * k2[j] + 2.0 * k3[j] + k4[j]);
  };
  const auto transient = static_cast<std::size_t>(100.0 / dt);
  std::vector<double> out;
  out.reserve(n);
  for (std::size_t i = 0; i < transient + n; ++i) {
    for (int q = 0; q < sub; ++q) step();
    if (i >= transient) out.push_back(s[0]);
  }
  return out;
}

/// x_n of the Henon map (a 1.4, b 0.3; lambda_max = 0.4192 per iteration) after 1000 iterations.
inline std::vector<double> henon_x(std::size_t n) {
  double x = 0.1, y = 0.1;
  std::vector<double> out;
  out.reserve(n);
  for (std::size_t i = 0; i < 1000 + n; ++i) {
    const double next = 1.0 - 1.4 * x * x + y;
    y = 0.3 * x;
    x = next;
    if (i >= 1000) out.push_back(x);
  }
  return out;
}

inline std::vector<double> white_noise(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<double> out(n);
  for (double& v : out) v = normal(rng);
  return out;
}

/// Two sines with frequency ratio sqrt(2): a quasi-periodic signal (motion on a 2-torus, all
/// exponents zero). Periods of about 126 and 89 samples.
inline std::vector<double> two_sines(std::size_t n) {
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i);
    out[i] = std::sin(0.05 * t) + 0.7 * std::sin(0.05 * std::sqrt(2.0) * t + 1.0);
  }
  return out;
}

}  // namespace chaoskit::test
