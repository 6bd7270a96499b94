#include "chaoskit/query/table.hpp"

namespace chaoskit::query {

namespace {

std::vector<std::string> table_variables(const io::ResultsStore& store, const TableSpec& spec) {
  if (!spec.variables.empty()) {
    check_variable_names(store, spec.variables, "variables", spec.trailing);
    return spec.variables;
  }
  if (!spec.trailing) return scalar_variables(store);
  std::vector<std::string> all;
  for (const auto& v : store.variables()) all.push_back(v.name);
  return all;
}

/// Row-major element labels of a block of trailing dimensions: "0,0", "0,1", ...
std::vector<std::string> element_labels(const std::vector<io::TrailingDim>& dims) {
  std::vector<std::string> labels{""};
  for (const auto& d : dims) {
    std::vector<std::string> next;
    for (const auto& prefix : labels)
      for (std::size_t i = 0; i < d.size; ++i) next.push_back(prefix + (prefix.empty() ? "" : ",") + std::to_string(i));
    labels = std::move(next);
  }
  return labels;
}

}  // namespace

std::vector<std::string> table_columns(const io::ResultsStore& store, const TableSpec& spec) {
  std::vector<std::string> columns;
  for (const auto& a : store.axes()) columns.push_back(a.name);
  if (spec.status_column) columns.push_back("status");
  for (const auto& name : table_variables(store, spec)) {
    const auto trailing = store.variable_info(name).definition.trailing;
    if (trailing.empty()) {
      columns.push_back(name);
      continue;
    }
    for (const auto& label : element_labels(trailing)) columns.push_back(name + "[" + label + "]");
  }
  return columns;
}

TableSummary write_table(const io::ResultsStore& store, const TableSpec& spec, RowSink& sink) {
  const std::vector<std::string> variables = table_variables(store, spec);
  const std::vector<std::string> columns = table_columns(store, spec);
  const Selection selection(store, spec.filter);
  const std::size_t n_axes = store.axes().size();
  std::vector<double> row(columns.size());
  TableSummary summary;
  sink.begin(columns);
  summary.matched = selection.for_each(variables, [&](const BlockReader& r, std::size_t j) {
    if (spec.limit != 0 && summary.rows >= spec.limit) return true;  // keep counting matches
    std::size_t c = 0;
    for (std::size_t a = 0; a < n_axes; ++a) row[c++] = r.coordinate(a, j);
    if (spec.status_column) row[c++] = r.status(j);
    for (std::size_t k = 0; k < variables.size(); ++k) {
      const double* v = r.values(k, j);
      for (std::size_t e = 0; e < r.values_per_point(k); ++e) row[c++] = v[e];
    }
    sink.row(row);
    ++summary.rows;
    return true;
  });
  sink.end(summary);
  return summary;
}

}  // namespace chaoskit::query
