#pragma once
// Eigen's forward-mode automatic differentiation. The unsupported header needs Eigen/Core first;
// include this one instead of it. AutoDiffScalar<Vec<double, K>> carries a K-wide gradient with no
// heap allocation, which is what the scalar-templated model right-hand sides are written for.
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>
