#pragma once
// The coefficients of Fehlberg's Runge–Kutta pair of orders 7 and 8 (E. Fehlberg, "Classical
// fifth-, sixth-, seventh-, and eighth-order Runge–Kutta formulas with stepsize control", NASA
// TR R-287, 1968; also Hairer, Nørsett & Wanner, Solving ODEs I, Table II.5.4 "RKF7(8)"), as
// exact fractions. 13 stages (index 0..12); the weights b give the 8th-order solution, which is
// the one propagated (local extrapolation, as Boost.Odeint's runge_kutta_fehlberg78 does), and
// db = b − b̂ (b̂ the 7th-order weights) the error estimate 41/840 h (k12 + k13 − k1 − k11).
// tests/integrate/test_explicit_rk.cpp checks the order conditions on these numbers.
#include <array>

namespace chaoskit::rkf78 {

inline constexpr int kStages = 13;
using Row = std::array<double, kStages>;

inline constexpr Row c = {0.0,       2.0 / 27.0, 1.0 / 9.0, 1.0 / 6.0, 5.0 / 12.0, 1.0 / 2.0, 5.0 / 6.0,
                          1.0 / 6.0, 2.0 / 3.0,  1.0 / 3.0, 1.0,       0.0,        1.0};

inline constexpr std::array<Row, kStages> a = [] {
  std::array<Row, kStages> m{};
  m[1] = {2.0 / 27.0};
  m[2] = {1.0 / 36.0, 1.0 / 12.0};
  m[3] = {1.0 / 24.0, 0.0, 1.0 / 8.0};
  m[4] = {5.0 / 12.0, 0.0, -25.0 / 16.0, 25.0 / 16.0};
  m[5] = {1.0 / 20.0, 0.0, 0.0, 1.0 / 4.0, 1.0 / 5.0};
  m[6] = {-25.0 / 108.0, 0.0, 0.0, 125.0 / 108.0, -65.0 / 27.0, 125.0 / 54.0};
  m[7] = {31.0 / 300.0, 0.0, 0.0, 0.0, 61.0 / 225.0, -2.0 / 9.0, 13.0 / 900.0};
  m[8] = {2.0, 0.0, 0.0, -53.0 / 6.0, 704.0 / 45.0, -107.0 / 9.0, 67.0 / 90.0, 3.0};
  m[9] = {-91.0 / 108.0, 0.0, 0.0, 23.0 / 108.0, -976.0 / 135.0, 311.0 / 54.0, -19.0 / 60.0, 17.0 / 6.0, -1.0 / 12.0};
  m[10] = {2383.0 / 4100.0, 0.0,         0.0,          -341.0 / 164.0, 4496.0 / 1025.0, -301.0 / 82.0,
           2133.0 / 4100.0, 45.0 / 82.0, 45.0 / 164.0, 18.0 / 41.0};
  m[11] = {3.0 / 205.0, 0.0, 0.0, 0.0, 0.0, -6.0 / 41.0, -3.0 / 205.0, -3.0 / 41.0, 3.0 / 41.0, 6.0 / 41.0, 0.0};
  m[12] = {-1777.0 / 4100.0,
           0.0,
           0.0,
           -341.0 / 164.0,
           4496.0 / 1025.0,
           -289.0 / 82.0,
           2193.0 / 4100.0,
           51.0 / 82.0,
           33.0 / 164.0,
           12.0 / 41.0,
           0.0,
           1.0};
  return m;
}();

/// 8th-order weights (the solution kept).
inline constexpr Row b = {0.0,        0.0,         0.0,         0.0, 0.0,          34.0 / 105.0, 9.0 / 35.0,
                          9.0 / 35.0, 9.0 / 280.0, 9.0 / 280.0, 0.0, 41.0 / 840.0, 41.0 / 840.0};

/// 7th-order weights.
inline constexpr Row b7 = {41.0 / 840.0, 0.0,         0.0,         0.0,          0.0, 34.0 / 105.0, 9.0 / 35.0,
                           9.0 / 35.0,   9.0 / 280.0, 9.0 / 280.0, 41.0 / 840.0, 0.0, 0.0};

/// Error weights b − b7 (the same doubles as 0 − 41/840 and 41/840).
inline constexpr Row db = {0.0 - 41.0 / 840.0, 0.0,          0.0,         0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                           0.0 - 41.0 / 840.0, 41.0 / 840.0, 41.0 / 840.0};

}  // namespace chaoskit::rkf78
