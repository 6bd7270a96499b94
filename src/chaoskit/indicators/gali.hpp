#pragma once
// GALI_2 … GALI_K from K unit deviation vectors: the product of the singular values of their
// first k columns, for each k. Compiled once (gali.cpp) rather than in every model's instance
// file: the SVD of a dynamic-size matrix is the same code whatever the model, and instantiating
// Eigen's JacobiSVD in each of them cost about a tenth of their build time.
#include <vector>

#include <Eigen/Core>

namespace chaoskit {

/// `unit_columns` holds the K normalised deviation vectors as columns (K ≥ 2); returns K − 1
/// values, GALI_2 first.
std::vector<double> gali_products(const Eigen::MatrixXd& unit_columns);

}  // namespace chaoskit
