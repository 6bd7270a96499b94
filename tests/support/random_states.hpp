#pragma once
// Reproducible random states for invariant tests: angles anywhere on the circle, rates up to
// `max_rate`, and torques up to `max_torque`.
#include <random>

#include "chaoskit/core/types.hpp"

namespace chaoskit::test {

template <int N>
Vec<double, N> random_vec(std::mt19937& rng, double half_width) {
  std::uniform_real_distribution<double> d(-half_width, half_width);
  Vec<double, N> v;
  for (int i = 0; i < N; ++i) v(i) = d(rng);
  return v;
}

}  // namespace chaoskit::test
