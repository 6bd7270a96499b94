// The one instance of Boost.Odeint's Bulirsch–Stoer (see bulirsch_stoer.hpp).
#include "chaoskit/integrate/bulirsch_stoer.hpp"

#include <algorithm>

#include <boost/numeric/odeint/stepper/bulirsch_stoer.hpp>

#include "chaoskit/integrate/odeint_eigen.hpp"

namespace chaoskit {

namespace odeint = boost::numeric::odeint;

// odeint's Bulirsch–Stoer copies freshly constructed scratch vectors that are written before they
// are read; GCC reports that copy through the inlined Eigen code. The values are never used.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

struct RuntimeBulirschStoer::Impl {
  using State = Eigen::VectorXd;
  odeint::bulirsch_stoer<State, double, State, double, odeint::vector_space_algebra> stepper;
  State in, out;
  Impl(double atol, double rtol) : stepper(atol, rtol) {}
};

RuntimeBulirschStoer::RuntimeBulirschStoer(double atol, double rtol) : impl_(std::make_unique<Impl>(atol, rtol)) {}

RuntimeBulirschStoer::~RuntimeBulirschStoer() = default;

void RuntimeBulirschStoer::reset() { impl_->stepper.reset(); }

bool RuntimeBulirschStoer::try_step(Rhs rhs, int size, const double* x, double& t, double* x_new, double& dt) {
  Impl& m = *impl_;
  if (m.in.size() != size) {
    m.in.resize(size);
    m.out.resize(size);
  }
  std::copy(x, x + size, m.in.data());
  auto system = [&rhs](const Impl::State& y, Impl::State& dydt, double s) { rhs(y.data(), dydt.data(), s); };
  if (m.stepper.try_step(system, m.in, t, m.out, dt) != odeint::success) return false;
  std::copy(m.out.data(), m.out.data() + size, x_new);
  return true;
}

#pragma GCC diagnostic pop

}  // namespace chaoskit
