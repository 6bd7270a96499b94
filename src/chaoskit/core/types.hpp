#pragma once
// Eigen aliases used throughout chaoskit. Fixed sizes keep the integration loops free of heap
// allocation and let the same code run on double and on Eigen's AutoDiffScalar.
//
// A size may also be Eigen::Dynamic: the run-time-sized model (a model file whose state size has no
// compiled type, models/file_model.hpp). Its vectors and matrices are sized at run time but keep
// their storage inline, bounded by kMaxRunTimeExtent per dimension, so that they too never touch the
// heap. The algorithms are written once for both: sizes derived at compile time go through
// extent_sum/extent_product (Dynamic stays Dynamic), sizes at run time come from the model
// (model_concepts.hpp: state_count, input_count) or from the vectors themselves.
#include <Eigen/Core>

namespace chaoskit {

/// Whether a compile-time size is fixed.
constexpr bool is_fixed_extent(int n) { return n != Eigen::Dynamic; }

/// The largest state of a run-time-sized model (data/models/README.md promises 1 to 12 states).
inline constexpr int kMaxRunTimeStates = 12;
/// The inline capacity of a run-time-sized dimension: the largest size derived from a state of
/// kMaxRunTimeStates (the variational state's 1 + n + 2m columns is the widest, 25).
inline constexpr int kMaxRunTimeExtent = 32;

/// a + b for compile-time sizes; Dynamic if either is.
constexpr int extent_sum(int a, int b) { return is_fixed_extent(a) && is_fixed_extent(b) ? a + b : Eigen::Dynamic; }
/// a · b for compile-time sizes; Dynamic if either is.
constexpr int extent_product(int a, int b) { return is_fixed_extent(a) && is_fixed_extent(b) ? a * b : Eigen::Dynamic; }
/// n / 2 for a compile-time size; Dynamic stays Dynamic.
constexpr int extent_half(int n) { return is_fixed_extent(n) ? n / 2 : Eigen::Dynamic; }

namespace detail {
constexpr int max_extent(int n) { return is_fixed_extent(n) ? n : kMaxRunTimeExtent; }
/// Eigen's default storage order (a row vector must be row-major), restated because naming the
/// maximum sizes means naming the options too.
constexpr int default_options(int rows, int cols) {
  return (rows == 1 && cols != 1) ? Eigen::RowMajor : Eigen::ColMajor;
}
}  // namespace detail

/// For a fixed N exactly Eigen::Matrix<S, N, 1>.
template <class S, int N>
using Vec = Eigen::Matrix<S, N, 1, Eigen::ColMajor, detail::max_extent(N), 1>;

/// For fixed R and C exactly Eigen::Matrix<S, R, C>.
template <class S, int R, int C>
using Mat = Eigen::Matrix<S, R, C, detail::default_options(R, C), detail::max_extent(R), detail::max_extent(C)>;

template <class S>
using Vec2 = Vec<S, 2>;

// Blocks of a size that may be Dynamic: x.template head<N>(n) and segment<N>(start, n) take it;
// Eigen 3.4's tail<N>(n) does not (write segment<N>(x.size() - n, n)).

/// A vector or matrix of type T with rows × cols coefficients, uninitialised: a Dynamic dimension
/// takes the size, a fixed one must already have it. (Eigen's Matrix(rows) and Matrix(rows, cols)
/// would read the arguments of a fixed vector of one or two coefficients as its values.)
template <class T>
T sized(Eigen::Index rows, Eigen::Index cols = 1) {
  T out;
  out.resize(rows, cols);
  return out;
}

}  // namespace chaoskit
