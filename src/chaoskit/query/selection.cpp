#include "chaoskit/query/selection.hpp"

#include <algorithm>
#include <cmath>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::query {

namespace {

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

const io::Variable* find_variable(const io::ResultsStore& store, const std::string& name) {
  for (const auto& v : store.variables())
    if (v.name == name) return &v;
  return nullptr;
}

std::string trailing_dims(const io::Variable& v) {
  std::vector<std::string> d;
  for (const auto& t : v.trailing) d.push_back(t.name + "=" + std::to_string(t.size));
  return "(" + joined(d) + ")";
}

}  // namespace

std::vector<std::string> scalar_variables(const io::ResultsStore& store) {
  std::vector<std::string> out;
  for (const auto& v : store.variables())
    if (v.trailing.empty()) out.push_back(v.name);
  return out;
}

void check_variable_names(const io::ResultsStore& store, const std::vector<std::string>& names,
                          const std::string& field, bool allow_trailing) {
  for (const auto& name : names) {
    const io::Variable* v = find_variable(store, name);
    if (!v) {
      std::vector<std::string> have;
      for (const auto& x : store.variables()) have.push_back(x.name);
      throw InputError(field, "no variable '" + name + "' in '" + store.path() + "' (variables: " + joined(have) + ")");
    }
    if (!allow_trailing && !v->trailing.empty())
      throw InputError(field, "variable '" + name + "' has trailing dimensions " + trailing_dims(*v) +
                                  " (one block per point); only 'query export' writes it, flattened");
  }
}

std::vector<std::string> split_names(const std::string& text, const std::string& field) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto b = name.find_first_not_of(" \t");
    const auto e = name.find_last_not_of(" \t");
    name = b == std::string::npos ? std::string() : name.substr(b, e - b + 1);
    if (name.empty()) throw InputError(field, "empty name in '" + text + "'");
    out.push_back(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

Selection::Selection(const io::ResultsStore& store, const PointFilter& filter) : store_(store), filter_(filter) {
  for (const auto& a : store.axes()) slot_names_.push_back(a.name);
  for (const auto& v : store.variables()) slot_names_.push_back(v.name);
  slot_names_.push_back("status");
  const bool blank = filter.where.find_first_not_of(" \t\n") == std::string::npos;
  if (blank) return;
  expr_ = Expression::parse(filter.where, slot_names_, "where");
  const std::size_t n_axes = store.axes().size();
  for (int slot : expr_->used_variables()) {
    const auto s = static_cast<std::size_t>(slot);
    if (s < n_axes || s + 1 == slot_names_.size()) continue;
    const io::Variable& v = store.variables()[s - n_axes];
    if (!v.trailing.empty())
      throw InputError("where", "variable '" + v.name + "' has trailing dimensions " + trailing_dims(v) +
                                    " and cannot appear in a where-expression (only one value per point can)");
    used_variables_.push_back(v.name);
  }
}

std::size_t Selection::for_each(const std::vector<std::string>& variables,
                                const std::function<bool(const BlockReader&, std::size_t)>& visit) const {
  std::vector<std::string> load = variables;
  for (const auto& v : used_variables_)
    if (std::find(load.begin(), load.end(), v) == load.end()) load.push_back(v);
  BlockReader reader(store_, load);

  // Where each expression slot comes from: an axis, a loaded variable, or the status.
  enum class Source { axis, variable, status };
  struct Binding {
    int slot;
    Source source;
    std::size_t index;
  };
  std::vector<Binding> bindings;
  const std::size_t n_axes = store_.axes().size();
  if (expr_) {
    for (int slot : expr_->used_variables()) {
      const auto s = static_cast<std::size_t>(slot);
      if (s < n_axes) {
        bindings.push_back({slot, Source::axis, s});
      } else if (s + 1 == slot_names_.size()) {
        bindings.push_back({slot, Source::status, 0});
      } else {
        const auto k = static_cast<std::size_t>(std::find(load.begin(), load.end(), slot_names_[s]) - load.begin());
        bindings.push_back({slot, Source::variable, k});
      }
    }
  }
  std::vector<double> slots(slot_names_.size(), 0.0);
  std::size_t visited = 0;
  while (reader.next()) {
    for (std::size_t j = 0; j < reader.size(); ++j) {
      if (!filter_.all_status && reader.status(j) != point_status::ok) continue;
      if (expr_) {
        for (const auto& b : bindings) {
          switch (b.source) {
            case Source::axis: slots[static_cast<std::size_t>(b.slot)] = reader.coordinate(b.index, j); break;
            case Source::variable: slots[static_cast<std::size_t>(b.slot)] = *reader.values(b.index, j); break;
            case Source::status: slots[static_cast<std::size_t>(b.slot)] = reader.status(j); break;
          }
        }
        const double truth = expr_->evaluate(slots);
        if (truth == 0.0 || std::isnan(truth)) continue;  // NaN (e.g. an unwritten value) is not true
      }
      ++visited;
      if (!visit(reader, j)) return visited;
    }
  }
  return visited;
}

}  // namespace chaoskit::query
