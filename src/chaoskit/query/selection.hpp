#pragma once
// Which points of a results store a query looks at: a where-expression over axis names, scalar
// variable names and `status` (e.g. `lambda_max > 0.05 and th1 < 0.5`), and by default only the
// points whose status is ok. Points are visited block by block in flat (row-major) order.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "chaoskit/core/expression.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/query/grid_blocks.hpp"

namespace chaoskit::query {

struct PointFilter {
  std::string where;        ///< empty: every point
  bool all_status = false;  ///< false: only points with status ok
};

/// Checks that every name is a variable of the store, and (unless allow_trailing) that it has no
/// trailing dimensions; InputError(field) naming the culprit otherwise.
void check_variable_names(const io::ResultsStore& store, const std::vector<std::string>& names,
                          const std::string& field, bool allow_trailing);

/// Names of the variables without trailing dimensions (one value per point), in file order.
std::vector<std::string> scalar_variables(const io::ResultsStore& store);

/// Parses "a,b,c" (spaces around names ignored); InputError(field) for an empty name.
std::vector<std::string> split_names(const std::string& text, const std::string& field);

/// A compiled filter for one store.
class Selection {
 public:
  /// InputError("where") for a syntax error, an unknown name or a variable with trailing dimensions.
  Selection(const io::ResultsStore& store, const PointFilter& filter);

  /// Calls visit(reader, j) for every selected point, in flat order; `variables` are loaded in
  /// the reader as its first variables (in that order). visit returns false to stop early.
  /// Returns the number of points visited.
  std::size_t for_each(const std::vector<std::string>& variables,
                       const std::function<bool(const BlockReader&, std::size_t)>& visit) const;

 private:
  const io::ResultsStore& store_;
  PointFilter filter_;
  std::optional<Expression> expr_;
  // Binding of the expression's slots: axes first, then scalar variables, then status.
  std::vector<std::string> slot_names_;
  std::vector<std::string> used_variables_;  ///< scalar variables the expression reads
};

}  // namespace chaoskit::query
