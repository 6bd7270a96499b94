#pragma once
// Runge–Kutta order conditions by Butcher's rooted trees (Hairer, Nørsett & Wanner, Solving ODEs I,
// Section II.2): a method (A, w) has order p when w · Ψ(t) = 1/γ(t) for every rooted tree t with
// at most p vertices, where Ψ(•) = 1, Ψ_i([t1 … tm]) = Π_k (A Ψ(t_k))_i, and γ is the tree's
// density. A continuous extension w(θ) of order p satisfies w(θ) · Ψ(t) = θ^|t| / γ(t).
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace chaoskit::test {

struct RootedTree {
  int order = 1;
  std::vector<int> children;  // indices of earlier trees (non-increasing)
  double gamma = 1.0;         // the density γ(t) = |t| Π γ(children)
};

/// Every rooted tree with up to max_order vertices, each once: a tree of order n is a multiset of
/// trees whose orders sum to n − 1, enumerated as non-increasing index sequences into the list so far.
inline std::vector<RootedTree> rooted_trees(int max_order) {
  std::vector<RootedTree> trees{RootedTree{}};
  for (int n = 2; n <= max_order; ++n) {
    const int known = static_cast<int>(trees.size());
    std::vector<int> stack;
    auto extend = [&](auto&& self, int remaining, int max_index) -> void {
      if (remaining == 0) {
        RootedTree t;
        t.order = n;
        t.children = stack;
        t.gamma = n;
        for (int c : stack) t.gamma *= trees[c].gamma;
        trees.push_back(t);
        return;
      }
      for (int i = max_index; i >= 0; --i) {
        if (trees[i].order > remaining) continue;
        stack.push_back(i);
        self(self, remaining - trees[i].order, i);
        stack.pop_back();
      }
    };
    extend(extend, n - 1, known - 1);
  }
  return trees;
}

/// Ψ_i(t) of every tree for the stage matrix A (S stages).
template <std::size_t S>
std::vector<std::array<double, S>> stage_weights(const std::vector<RootedTree>& trees,
                                                 const std::array<std::array<double, S>, S>& A) {
  std::vector<std::array<double, S>> psi(trees.size()), apsi(trees.size());
  for (std::size_t t = 0; t < trees.size(); ++t) {
    for (std::size_t i = 0; i < S; ++i) {
      double p = 1.0;
      for (int c : trees[t].children) p *= apsi[c][i];
      psi[t][i] = p;
    }
    for (std::size_t i = 0; i < S; ++i) {
      double s = 0.0;
      for (std::size_t j = 0; j < S; ++j) s += A[i][j] * psi[t][j];
      apsi[t][i] = s;
    }
  }
  return psi;
}

/// Largest |w · Ψ(t) − θ^|t| / γ(t)| over the trees with exactly `order` vertices.
template <std::size_t S>
double order_residual(const std::array<double, S>& w, const std::vector<RootedTree>& trees,
                      const std::vector<std::array<double, S>>& psi, int order, double theta = 1.0) {
  double worst = 0.0;
  for (std::size_t t = 0; t < trees.size(); ++t) {
    if (trees[t].order != order) continue;
    double phi = 0.0;
    for (std::size_t i = 0; i < S; ++i) phi += w[i] * psi[t][i];
    worst = std::max(worst, std::abs(phi - std::pow(theta, order) / trees[t].gamma));
  }
  return worst;
}

/// Largest |Σ_j A_ij − c_i| (the row-sum condition the trees above assume).
template <std::size_t S>
double row_sum_residual(const std::array<std::array<double, S>, S>& A, const std::array<double, S>& c) {
  double worst = 0.0;
  for (std::size_t i = 0; i < S; ++i) {
    double s = 0.0;
    for (std::size_t j = 0; j < S; ++j) s += A[i][j];
    worst = std::max(worst, std::abs(s - c[i]));
  }
  return worst;
}

}  // namespace chaoskit::test
