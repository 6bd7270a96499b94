#include "chaoskit/query/nearest.hpp"

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/units.hpp"

namespace chaoskit::query {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::string axis_list(const io::ResultsStore& store) {
  std::string s;
  for (const auto& a : store.axes()) s += (s.empty() ? "" : ", ") + a.name;
  return s;
}

}  // namespace

std::map<std::string, double> parse_coordinates(const std::string& text, const std::string& field) {
  std::map<std::string, double> at;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::size_t eq = item.find('=');
    const std::string name = trim(item.substr(0, eq));
    if (eq == std::string::npos || name.empty())
      throw InputError(field, "expected axis=value, got '" + trim(item) + "' in '" + text + "'");
    if (at.count(name)) throw InputError(field, "axis '" + name + "' given twice in '" + text + "'");
    at[name] = parse_number(trim(item.substr(eq + 1)), field + "." + name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return at;
}

NearestPoint nearest_point(const io::ResultsStore& store, const std::map<std::string, double>& at,
                           const std::string& field) {
  const auto& axes = store.axes();
  for (const auto& [name, value] : at) {
    bool known = false;
    for (const auto& a : axes) known = known || a.name == name;
    if (!known)
      throw InputError(field, "no axis '" + name + "' in '" + store.path() + "' (axes: " + axis_list(store) + ")");
  }
  NearestPoint p;
  for (const auto& a : axes) {
    const auto it = at.find(a.name);
    if (it == at.end() && a.values.size() > 1)
      throw InputError(field, "axis '" + a.name + "' not given (axes: " + axis_list(store) + ")");
    const double want = it == at.end() ? a.values.front() : it->second;
    std::size_t best = 0;
    for (std::size_t k = 1; k < a.values.size(); ++k)
      if (std::abs(a.values[k] - want) < std::abs(a.values[best] - want)) best = k;
    p.index.push_back(best);
    p.requested.push_back(want);
    p.coordinates.push_back(a.values[best]);
  }
  p.flat = store.flat_index(p.index);
  io::Hyperslab box{p.index, std::vector<std::size_t>(axes.size(), 1)};
  p.status = store.read_status(box).at(0);
  for (const auto& v : store.variables()) {
    NearestPoint::Value value{v.name, {}, store.read(v.name, box)};
    for (const auto& t : v.trailing) value.shape.push_back(t.size);
    p.variables.push_back(std::move(value));
  }
  return p;
}

}  // namespace chaoskit::query
