#pragma once
// Small dense symmetric positive-definite solves on any number type with + − * / (double, and the
// forward-mode Jet of jet.hpp), for the constrained modes and the impacts of model files
// (model_constraints.cpp, model_impact.cpp): L D Lᵀ without square roots, so that a Jet needs none,
// and without pivoting, because every matrix solved is positive definite (a mass matrix, or its
// Schur complement A M⁻¹ Aᵀ on independent rows). Sizes are a handful; nothing is allocated.
namespace chaoskit::detail {

inline double value_of(double x) { return x; }

/// Factors the symmetric n × n row-major A in place into L D Lᵀ: D on the diagonal, L's strict
/// lower triangle below it (the upper triangle is left as it was). Returns false when a pivot is not
/// positive (A is not positive definite); A is then partly overwritten.
template <class T>
bool ldlt_factor(T* A, int n) {
  for (int j = 0; j < n; ++j) {
    T dj = A[j * n + j];
    for (int k = 0; k < j; ++k) dj = dj - A[j * n + k] * A[j * n + k] * A[k * n + k];
    if (!(value_of(dj) > 0.0)) return false;
    A[j * n + j] = dj;
    for (int i = j + 1; i < n; ++i) {
      T s = A[i * n + j];
      for (int k = 0; k < j; ++k) s = s - A[i * n + k] * A[j * n + k] * A[k * n + k];
      A[i * n + j] = s / dj;
    }
  }
  return true;
}

/// Solves A x = b in place with ldlt_factor's factors of A.
template <class T>
void ldlt_solve(const T* A, int n, T* b) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < i; ++k) b[i] = b[i] - A[i * n + k] * b[k];
  for (int i = 0; i < n; ++i) b[i] = b[i] / A[i * n + i];
  for (int i = n - 1; i >= 0; --i)
    for (int k = i + 1; k < n; ++k) b[i] = b[i] - A[k * n + i] * b[k];
}

}  // namespace chaoskit::detail
