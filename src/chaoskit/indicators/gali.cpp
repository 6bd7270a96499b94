#include "chaoskit/indicators/gali.hpp"

#include "chaoskit/core/dense_decompositions.hpp"

namespace chaoskit {

std::vector<double> gali_products(const Eigen::MatrixXd& unit_columns) {
  std::vector<double> products;
  for (Eigen::Index k = 2; k <= unit_columns.cols(); ++k) {
    const Eigen::VectorXd sigma = singular_values(unit_columns.leftCols(k));
    double prod = 1.0;
    for (Eigen::Index i = 0; i < k; ++i) prod *= sigma(i);
    products.push_back(prod);
  }
  return products;
}

}  // namespace chaoskit
