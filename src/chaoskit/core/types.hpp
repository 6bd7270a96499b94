#pragma once
// Fixed-size Eigen aliases used throughout chaoskit. Fixed sizes keep the integration loops free
// of heap allocation and let the same code run on double and on Eigen's AutoDiffScalar.
#include <Eigen/Core>

namespace chaoskit {

template <class S, int N>
using Vec = Eigen::Matrix<S, N, 1>;

template <class S, int R, int C>
using Mat = Eigen::Matrix<S, R, C>;

template <class S>
using Vec2 = Vec<S, 2>;

}  // namespace chaoskit
