// The benchmark's first peer: the largest Lyapunov exponent of the golf model as a competent C++
// user writes it with Boost.Odeint directly, without chaoskit (only Boost, the standard library and
// OpenMP): std::vector<double> state of size 4 + 4 (state and one tangent vector), hand-written
// equations and Jacobian (peer_golf_equations.hpp), a controlled runge_kutta_dopri5 stepper driven
// by integrate_adaptive over each renormalisation interval, and the tangent vector normalised at
// the end of each interval (Gram–Schmidt for one vector). λ_max = Σ log‖v‖ / T.
//
//   chaoskit_peer_odeint --states 'th1,th2;th1,th2;...' [--time 100] [--renorm 1] [--tol 1e-9]
//                        [--threads N] [--repeat R] [--params L1,m1,m2,r1,r2,I1,I2,g]
//
// Prints one line per state, `lambda <index> <th1> <th2> <lambda_max> <accepted_steps> <rhs_calls>`,
// then `time <threads> <trajectories> <best wall seconds over the repeats>`.
#include <omp.h>

#include <boost/numeric/odeint.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "peer_golf_equations.hpp"

namespace odeint = boost::numeric::odeint;
using state_type = std::vector<double>;

namespace {

struct TangentSystem {
  const peer_golf::Constants* k;
  long* rhs_calls;
  void operator()(const state_type& X, state_type& dX, double /*t*/) const {
    ++*rhs_calls;
    peer_golf::tangent_rhs(*k, X.data(), dX.data());
  }
};

struct Result {
  double lambda = NAN;
  long steps = 0, rhs_calls = 0;
};

Result largest_lyapunov(const peer_golf::Constants& k, double th1, double th2, double T, double renorm, double tol) {
  state_type X(8, 0.0);
  X[0] = th1;
  X[1] = th2;
  peer_golf::initial_tangent(&X[4]);
  Result r;
  TangentSystem sys{&k, &r.rhs_calls};
  auto stepper = odeint::make_controlled(tol, tol, odeint::runge_kutta_dopri5<state_type>());
  const long n = std::lround(T / renorm);
  double sum = 0.0;
  for (long i = 0; i < n; ++i) {
    const double t0 = i * renorm, t1 = (i + 1) * renorm;
    r.steps += static_cast<long>(odeint::integrate_adaptive(stepper, sys, X, t0, t1, 1e-3));
    double n2 = 0.0;
    for (int j = 4; j < 8; ++j) n2 += X[j] * X[j];
    const double norm = std::sqrt(n2);
    sum += std::log(norm);
    for (int j = 4; j < 8; ++j) X[j] /= norm;
  }
  r.lambda = sum / (n * renorm);
  return r;
}

std::vector<double> split_numbers(const std::string& s, char sep) {
  std::vector<double> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep)) out.push_back(std::stod(item));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::pair<double, double>> states;
    double T = 100, renorm = 1, tol = 1e-9;
    int threads = 1, repeat = 1;
    peer_golf::Params p;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (i + 1 >= argc) throw std::runtime_error("missing value after " + a);
      const std::string v = argv[++i];
      if (a == "--states") {
        std::stringstream ss(v);
        std::string pair;
        while (std::getline(ss, pair, ';')) {
          const auto xy = split_numbers(pair, ',');
          if (xy.size() != 2) throw std::runtime_error("--states: expected th1,th2 pairs");
          states.emplace_back(xy[0], xy[1]);
        }
      } else if (a == "--time") {
        T = std::stod(v);
      } else if (a == "--renorm") {
        renorm = std::stod(v);
      } else if (a == "--tol") {
        tol = std::stod(v);
      } else if (a == "--threads") {
        threads = std::stoi(v);
      } else if (a == "--repeat") {
        repeat = std::stoi(v);
      } else if (a == "--params") {
        const auto q = split_numbers(v, ',');
        if (q.size() != 8) throw std::runtime_error("--params: expected L1,m1,m2,r1,r2,I1,I2,g");
        p = {q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]};
      } else {
        throw std::runtime_error("unknown option " + a);
      }
    }
    if (states.empty()) throw std::runtime_error("--states is required");
    const peer_golf::Constants k(p);
    std::vector<Result> res(states.size());
    double best = 1e300;
    for (int rep = 0; rep < repeat; ++rep) {
      const auto start = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(dynamic) num_threads(threads)
      for (long i = 0; i < static_cast<long>(states.size()); ++i)
        res[i] = largest_lyapunov(k, states[i].first, states[i].second, T, renorm, tol);
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (secs < best) best = secs;
    }
    for (std::size_t i = 0; i < states.size(); ++i)
      std::printf("lambda %zu %.17g %.17g %.17g %ld %ld\n", i, states[i].first, states[i].second, res[i].lambda,
                  res[i].steps, res[i].rhs_calls);
    std::printf("time %d %zu %.9g\n", threads, states.size(), best);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "chaoskit_peer_odeint: %s\n", e.what());
    return 2;
  }
}
