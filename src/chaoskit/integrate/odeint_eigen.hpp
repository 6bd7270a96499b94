#pragma once
// Glue between Boost.Odeint (1.74) and fixed-size Eigen matrices as states, used with
// vector_space_algebra. odeint's own external/eigen/eigen.hpp does not compile with Eigen 3.4
// (its algebra dispatcher lacks includes, and Eigen 3.4's STL iterators make odeint treat a
// matrix as a range when copying). We take only its operator set (eigen_algebra.hpp: scalar + matrix,
// elementwise quotient, abs, and the infinity norm) and state here that a matrix is copied by
// assignment, and that a run-time-sized one (core/types.hpp: inline storage, no heap) takes the
// size of the state it is prepared for.
#include <boost/numeric/odeint/external/eigen/eigen_algebra.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>

#include <Eigen/Core>

namespace boost::numeric::odeint {

template <class S, int R, int C, int O, int MR, int MC>
struct copy_impl<Eigen::Matrix<S, R, C, O, MR, MC>, Eigen::Matrix<S, R, C, O, MR, MC>> {
  static void copy(const Eigen::Matrix<S, R, C, O, MR, MC>& from, Eigen::Matrix<S, R, C, O, MR, MC>& to) { to = from; }
};

template <class S, int R, int C, int O, int MR, int MC>
struct is_resizeable<Eigen::Matrix<S, R, C, O, MR, MC>> {
  static const bool value = R == Eigen::Dynamic || C == Eigen::Dynamic;
  typedef boost::integral_constant<bool, value> type;
};

template <class S, int R, int C, int O, int MR, int MC>
struct same_size_impl<Eigen::Matrix<S, R, C, O, MR, MC>, Eigen::Matrix<S, R, C, O, MR, MC>> {
  static bool same_size(const Eigen::Matrix<S, R, C, O, MR, MC>& a, const Eigen::Matrix<S, R, C, O, MR, MC>& b) {
    return a.rows() == b.rows() && a.cols() == b.cols();
  }
};

template <class S, int R, int C, int O, int MR, int MC>
struct resize_impl<Eigen::Matrix<S, R, C, O, MR, MC>, Eigen::Matrix<S, R, C, O, MR, MC>> {
  static void resize(Eigen::Matrix<S, R, C, O, MR, MC>& to, const Eigen::Matrix<S, R, C, O, MR, MC>& from) {
    to.resizeLike(from);
  }
};

}  // namespace boost::numeric::odeint
