#pragma once
// Forward-mode numbers with a run-time number of directions (at most Cap) that nest:
// Jet<double, K> carries first derivatives, Jet<Jet<double, K>, D> also the derivatives of D first
// derivatives along the K directions. Only the impact map of a model file needs them
// (model_impact.cpp): the Jacobian of an impact reset contains the derivative of the contact
// point's Jacobian, a second derivative; everything else uses the compiled program's dual mode.
//
// Each value is computed by the operations of model_program.cpp's plain and dual modes (sin and cos
// by sincos_pair.hpp's polynomial, a product's derivative as b·da + a·db, no FMA contraction: the
// build sets -ffp-contract=off), so a Jet's value is the double computation's whatever its
// directions, and the impact gives the same x⁺ with or without its Jacobian.
#include <cmath>
#include <numbers>

#include "chaoskit/models/sincos_pair.hpp"
#include "chaoskit/models/small_dense.hpp"

namespace chaoskit::detail {

template <class T, int Cap>
struct Jet {
  T v{};
  T d[Cap];
  int n = 0;  ///< directions in use (d[0, n))
};

template <class T, int C>
double value_of(const Jet<T, C>& a) {
  return value_of(a.v);
}

/// The constant c shaped like `like` (as many directions at every level), derivatives zero.
inline double constant_like(double, double c) { return c; }
template <class T, int C>
Jet<T, C> constant_like(const Jet<T, C>& like, double c) {
  Jet<T, C> r;
  r.n = like.n;
  r.v = constant_like(like.v, c);
  for (int i = 0; i < r.n; ++i) r.d[i] = constant_like(like.v, 0.0);
  return r;
}

// ---- the functions on double: the compiled program's (model_program.cpp's apply) -------------------

inline double jet_sin(double a) {
  double s, c, s2, c2;
  sincos_pair(a, a, s, c, s2, c2);
  return s;
}
inline double jet_cos(double a) {
  double s, c, s2, c2;
  sincos_pair(a, a, s, c, s2, c2);
  return c;
}
inline double jet_tan(double a) { return std::tan(a); }
inline double jet_asin(double a) { return std::asin(a); }
inline double jet_acos(double a) { return std::acos(a); }
inline double jet_atan(double a) { return std::atan(a); }
inline double jet_atan2(double a, double b) { return std::atan2(a, b); }
inline double jet_exp(double a) { return std::exp(a); }
inline double jet_log(double a) { return std::log(a); }
inline double jet_sqrt(double a) { return std::sqrt(a); }
inline double jet_pow(double a, double b) { return std::pow(a, b); }
inline double jet_wrap(double a) {
  a = std::remainder(a, 2.0 * std::numbers::pi);
  if (a <= -std::numbers::pi) a += 2.0 * std::numbers::pi;
  return a;
}

// ---- arithmetic ---------------------------------------------------------------------------------------

template <class T, int C>
Jet<T, C> operator+(const Jet<T, C>& a, const Jet<T, C>& b) {
  Jet<T, C> r;
  r.n = a.n;
  r.v = a.v + b.v;
  for (int i = 0; i < r.n; ++i) r.d[i] = a.d[i] + b.d[i];
  return r;
}
template <class T, int C>
Jet<T, C> operator-(const Jet<T, C>& a, const Jet<T, C>& b) {
  Jet<T, C> r;
  r.n = a.n;
  r.v = a.v - b.v;
  for (int i = 0; i < r.n; ++i) r.d[i] = a.d[i] - b.d[i];
  return r;
}
template <class T, int C>
Jet<T, C> operator-(const Jet<T, C>& a) {
  Jet<T, C> r;
  r.n = a.n;
  r.v = -a.v;
  for (int i = 0; i < r.n; ++i) r.d[i] = -a.d[i];
  return r;
}
/// ga·da + gb·db direction by direction (the dual mode's chain rule).
template <class T, int C>
Jet<T, C> chain2(const T& v, const T& ga, const Jet<T, C>& a, const T& gb, const Jet<T, C>& b) {
  Jet<T, C> r;
  r.n = a.n;
  r.v = v;
  for (int i = 0; i < r.n; ++i) r.d[i] = ga * a.d[i] + gb * b.d[i];
  return r;
}
template <class T, int C>
Jet<T, C> chain1(const T& v, const T& g, const Jet<T, C>& a) {
  Jet<T, C> r;
  r.n = a.n;
  r.v = v;
  for (int i = 0; i < r.n; ++i) r.d[i] = g * a.d[i];
  return r;
}
template <class T, int C>
Jet<T, C> operator*(const Jet<T, C>& a, const Jet<T, C>& b) {
  return chain2(a.v * b.v, b.v, a, a.v, b);
}
template <class T, int C>
Jet<T, C> operator/(const Jet<T, C>& a, const Jet<T, C>& b) {
  const T v = a.v / b.v;
  return chain2(v, constant_like(b.v, 1.0) / b.v, a, -v / b.v, b);
}
template <class T, int C>
Jet<T, C> operator*(const Jet<T, C>& a, double c) {
  Jet<T, C> r;
  r.n = a.n;
  r.v = a.v * c;
  for (int i = 0; i < r.n; ++i) r.d[i] = a.d[i] * c;
  return r;
}
template <class T, int C>
Jet<T, C> operator*(double c, const Jet<T, C>& a) {
  return a * c;
}
template <class T, int C>
Jet<T, C> operator+(const Jet<T, C>& a, double c) {
  Jet<T, C> r = a;
  r.v = a.v + c;
  return r;
}
template <class T, int C>
Jet<T, C> operator-(const Jet<T, C>& a, double c) {
  Jet<T, C> r = a;
  r.v = a.v - c;
  return r;
}
template <class T, int C>
Jet<T, C> operator-(double c, const Jet<T, C>& a) {
  return -(a - c);
}

// ---- functions ------------------------------------------------------------------------------------------

template <class T, int C>
Jet<T, C> jet_sin(const Jet<T, C>& a) {
  return chain1(jet_sin(a.v), jet_cos(a.v), a);
}
template <class T, int C>
Jet<T, C> jet_cos(const Jet<T, C>& a) {
  return chain1(jet_cos(a.v), -jet_sin(a.v), a);
}
template <class T, int C>
Jet<T, C> jet_tan(const Jet<T, C>& a) {
  const T v = jet_tan(a.v);
  return chain1(v, constant_like(v, 1.0) + v * v, a);
}
template <class T, int C>
Jet<T, C> jet_asin(const Jet<T, C>& a) {
  return chain1(jet_asin(a.v), constant_like(a.v, 1.0) / jet_sqrt(constant_like(a.v, 1.0) - a.v * a.v), a);
}
template <class T, int C>
Jet<T, C> jet_acos(const Jet<T, C>& a) {
  return chain1(jet_acos(a.v), constant_like(a.v, -1.0) / jet_sqrt(constant_like(a.v, 1.0) - a.v * a.v), a);
}
template <class T, int C>
Jet<T, C> jet_atan(const Jet<T, C>& a) {
  return chain1(jet_atan(a.v), constant_like(a.v, 1.0) / (constant_like(a.v, 1.0) + a.v * a.v), a);
}
template <class T, int C>
Jet<T, C> jet_atan2(const Jet<T, C>& a, const Jet<T, C>& b) {
  const T r2 = a.v * a.v + b.v * b.v;
  return chain2(jet_atan2(a.v, b.v), b.v / r2, a, -a.v / r2, b);
}
template <class T, int C>
Jet<T, C> jet_exp(const Jet<T, C>& a) {
  const T v = jet_exp(a.v);
  return chain1(v, v, a);
}
template <class T, int C>
Jet<T, C> jet_log(const Jet<T, C>& a) {
  return chain1(jet_log(a.v), constant_like(a.v, 1.0) / a.v, a);
}
template <class T, int C>
Jet<T, C> jet_sqrt(const Jet<T, C>& a) {
  const T v = jet_sqrt(a.v);
  return chain1(v, constant_like(v, 0.5) / v, a);
}
template <class T, int C>
Jet<T, C> jet_pow(const Jet<T, C>& a, const Jet<T, C>& b) {
  const T v = jet_pow(a.v, b.v);
  const T ga = value_of(b.v) == 0.0 ? constant_like(a.v, 0.0) : b.v * jet_pow(a.v, b.v - 1.0);
  const T gb = value_of(a.v) > 0.0 ? v * jet_log(a.v) : constant_like(a.v, 0.0);  // a varying exponent needs a > 0
  return chain2(v, ga, a, gb, b);
}
template <class T, int C>
Jet<T, C> jet_abs(const Jet<T, C>& a) {
  const double x = value_of(a.v);
  return chain1(x < 0.0 ? -a.v : a.v, constant_like(a.v, x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : 0.0), a);
}
inline double jet_abs(double a) { return std::abs(a); }
template <class T, int C>
Jet<T, C> jet_wrap(const Jet<T, C>& a) {  // a − 2πk: the derivative is a's
  Jet<T, C> r = a;
  r.v = jet_wrap(a.v);
  return r;
}

}  // namespace chaoskit::detail
