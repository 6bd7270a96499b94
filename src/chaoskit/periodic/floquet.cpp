#include "chaoskit/periodic/floquet.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>
#include <Eigen/QR>

namespace chaoskit::periodic {

namespace {

/// Orthonormal columns spanning `vectors` (Householder QR; all assumed independent).
Matrix orthonormal_span(const std::vector<Vector>& vectors, int n) {
  if (vectors.empty()) return Matrix(n, 0);
  Matrix A(n, static_cast<Eigen::Index>(vectors.size()));
  for (std::size_t k = 0; k < vectors.size(); ++k) A.col(static_cast<Eigen::Index>(k)) = vectors[k];
  Eigen::HouseholderQR<Matrix> qr(A);
  return qr.householderQ() * Matrix::Identity(n, A.cols());
}

/// An orthonormal basis of the complement of span(B) (B orthonormal) within R^n.
Matrix orthogonal_complement(const Matrix& B, int n) {
  if (B.cols() == 0) return Matrix::Identity(n, n);
  Eigen::HouseholderQR<Matrix> qr(B);
  const Matrix full = qr.householderQ() * Matrix::Identity(n, n);
  return full.rightCols(n - B.cols());
}

void sort_multipliers(std::vector<std::complex<double>>& mu) {
  std::stable_sort(mu.begin(), mu.end(), [](const auto& a, const auto& b) {
    if (std::abs(a) != std::abs(b)) return std::abs(a) > std::abs(b);
    return a.imag() > b.imag();
  });
}

std::vector<std::complex<double>> eigenvalues_of(const Matrix& A) {
  std::vector<std::complex<double>> out;
  if (A.rows() == 0) return out;
  Eigen::EigenSolver<Matrix> es(A, false);
  for (Eigen::Index i = 0; i < A.rows(); ++i) out.push_back(es.eigenvalues()(i));
  return out;
}

}  // namespace

const char* stability_name(Stability s) {
  switch (s) {
    case Stability::asymptotically_stable: return "asymptotically_stable";
    case Stability::linearly_stable: return "linearly_stable";
    case Stability::unstable: return "unstable";
  }
  return "unknown";
}

FloquetAnalysis floquet_analysis(const Matrix& M, const TrivialDirections& trivial, double tol) {
  const int n = static_cast<int>(M.rows());
  std::vector<Vector> rv, lv;
  for (const auto& d : trivial.right) rv.push_back(d.vector);
  for (const auto& d : trivial.left) lv.push_back(d.vector);
  const Matrix P = orthonormal_span(lv, n);      // W^⊥ = span(L)
  const Matrix W = orthogonal_complement(P, n);  // W = {v : Lᵀv = 0}
  // R within W: project (exact in theory, rounding otherwise) and orthonormalise inside W.
  std::vector<Vector> rw;
  for (const auto& r : rv) rw.push_back(W.transpose() * r);
  const Matrix Rw = orthonormal_span(rw, static_cast<int>(W.cols()));
  const Matrix R = W * Rw;
  const Matrix Q = W * orthogonal_complement(Rw, static_cast<int>(W.cols()));

  FloquetAnalysis out;
  auto add_trivial = [&](const Matrix& B, const std::vector<TrivialDirections::Direction>& dirs) {
    // B has one column per direction, so there are as many computed values as expected ones; each
    // expected multiplier, in the given order, takes the closest value not yet taken.
    const auto mu = eigenvalues_of(B.transpose() * M * B);
    std::vector<bool> used(mu.size(), false);
    for (std::size_t j = 0; j < dirs.size() && j < mu.size(); ++j) {
      std::size_t best = 0;
      double dist = INFINITY;
      for (std::size_t k = 0; k < mu.size(); ++k)
        if (!used[k] && std::abs(mu[k] - dirs[j].multiplier) < dist)
          dist = std::abs(mu[k] - dirs[j].multiplier), best = k;
      used[best] = true;
      out.multipliers.push_back({mu[best], true, dirs[j].origin});
    }
  };
  add_trivial(R, trivial.right);
  add_trivial(P, trivial.left);
  auto mu = eigenvalues_of(Q.transpose() * M * Q);
  sort_multipliers(mu);
  bool inside = true;
  for (const auto& v : mu) {
    out.multipliers.push_back({v, false, ""});
    const double r = std::abs(v);
    out.max_modulus = std::max(out.max_modulus, r);
    if (r > 1.0 + tol) ++out.unstable_count;
    inside = inside && r < 1.0 - tol;
  }
  // Asymptotic stability needs something to decay: at least one nontrivial multiplier, and no
  // conserved quantity (whose neighbouring orbits, on other levels, neither approach nor leave).
  const bool decays = inside && !mu.empty() && trivial.left.empty();
  out.stability = out.unstable_count > 0 ? Stability::unstable
                  : decays               ? Stability::asymptotically_stable
                                         : Stability::linearly_stable;
  return out;
}

std::vector<std::complex<double>> nontrivial_multipliers(const FloquetAnalysis& a) {
  std::vector<std::complex<double>> out;
  for (const auto& m : a.multipliers)
    if (!m.trivial) out.push_back(m.value);
  return out;
}

TestFunctions test_functions(const FloquetAnalysis& a) {
  const auto mu = nontrivial_multipliers(a);
  std::complex<double> fold = 1.0, pd = 1.0, ns = 1.0;
  for (std::size_t i = 0; i < mu.size(); ++i) {
    const double si = std::max(1.0, std::abs(mu[i]));
    fold *= (mu[i] - 1.0) / si;
    pd *= (mu[i] + 1.0) / si;
    for (std::size_t j = i + 1; j < mu.size(); ++j) ns *= (mu[i] * mu[j] - 1.0) / (si * std::max(1.0, std::abs(mu[j])));
  }
  // Complex factors come in conjugate pairs, so each product is real up to rounding.
  return {fold.real(), pd.real(), ns.real()};
}

Vector real_eigenvector(const Matrix& M, double target, double* eigenvalue) {
  Eigen::EigenSolver<Matrix> es(M, true);
  Eigen::Index best = 0;
  double dist = INFINITY;
  for (Eigen::Index i = 0; i < M.rows(); ++i) {
    const std::complex<double> v = es.eigenvalues()(i);
    const double d = std::abs(v - target) + std::abs(v.imag());
    if (d < dist) dist = d, best = i;
  }
  Vector v = es.eigenvectors().col(best).real();
  v.normalize();
  Eigen::Index imax = 0;
  v.cwiseAbs().maxCoeff(&imax);
  if (v(imax) < 0) v = -v;
  if (eigenvalue) *eigenvalue = es.eigenvalues()(best).real();
  return v;
}

}  // namespace chaoskit::periodic
