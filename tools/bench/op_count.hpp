#pragma once
// A counting scalar for the benchmark: a double that tallies every +, −, ×, ÷ and every sin, cos,
// sqrt it takes part in. Instantiating a templated right-hand side with it counts the floating-point
// operations of one evaluation as the source writes them (operations on the state; arithmetic on
// parameters alone, done in plain double, is not seen). The compiler may fold a few (x·1, x + 0)
// and cannot merge the others (no -ffast-math), so this is the executed count to within a few.
#include <cmath>

#include <Eigen/Core>

namespace bench {

struct OpCounts {
  long add = 0, mul = 0, div = 0, sin = 0, cos = 0, sqrt = 0;
  long flops() const { return add + mul + div; }
};
inline OpCounts g_ops;

struct Cnt {
  double v = 0.0;
  Cnt() = default;
  Cnt(double x) : v(x) {}  // NOLINT: implicit, as a scalar must be
  Cnt& operator+=(const Cnt& o) {
    ++g_ops.add;
    v += o.v;
    return *this;
  }
  Cnt& operator-=(const Cnt& o) {
    ++g_ops.add;
    v -= o.v;
    return *this;
  }
  Cnt& operator*=(const Cnt& o) {
    ++g_ops.mul;
    v *= o.v;
    return *this;
  }
  Cnt& operator/=(const Cnt& o) {
    ++g_ops.div;
    v /= o.v;
    return *this;
  }
};
inline Cnt operator+(Cnt a, const Cnt& b) { return a += b; }
inline Cnt operator-(Cnt a, const Cnt& b) { return a -= b; }
inline Cnt operator*(Cnt a, const Cnt& b) { return a *= b; }
inline Cnt operator/(Cnt a, const Cnt& b) { return a /= b; }
inline Cnt operator-(const Cnt& a) { return Cnt(-a.v); }  // a sign flip, not counted
inline Cnt operator+(const Cnt& a) { return a; }
inline bool operator<(const Cnt& a, const Cnt& b) { return a.v < b.v; }
inline bool operator>(const Cnt& a, const Cnt& b) { return a.v > b.v; }
inline bool operator<=(const Cnt& a, const Cnt& b) { return a.v <= b.v; }
inline bool operator>=(const Cnt& a, const Cnt& b) { return a.v >= b.v; }
inline bool operator==(const Cnt& a, const Cnt& b) { return a.v == b.v; }
inline bool operator!=(const Cnt& a, const Cnt& b) { return a.v != b.v; }
inline Cnt sin(const Cnt& a) {
  ++g_ops.sin;
  return Cnt(std::sin(a.v));
}
inline Cnt cos(const Cnt& a) {
  ++g_ops.cos;
  return Cnt(std::cos(a.v));
}
inline Cnt sqrt(const Cnt& a) {
  ++g_ops.sqrt;
  return Cnt(std::sqrt(a.v));
}
inline Cnt abs(const Cnt& a) { return Cnt(std::abs(a.v)); }
inline Cnt real(const Cnt& a) { return a; }
inline Cnt conj(const Cnt& a) { return a; }
inline Cnt abs2(const Cnt& a) { return a * a; }
inline bool isfinite(const Cnt& a) { return std::isfinite(a.v); }
inline bool isnan(const Cnt& a) { return std::isnan(a.v); }
inline bool isinf(const Cnt& a) { return std::isinf(a.v); }

}  // namespace bench

namespace Eigen {
template <>
struct NumTraits<bench::Cnt> : NumTraits<double> {
  using Real = bench::Cnt;
  using NonInteger = bench::Cnt;
  using Nested = bench::Cnt;
  using Literal = bench::Cnt;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 1,
    MulCost = 1
  };
};
}  // namespace Eigen
