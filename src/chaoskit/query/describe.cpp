#include "chaoskit/query/describe.hpp"

namespace chaoskit::query {

Completion completion(const io::ResultsStore& store) {
  Completion c;
  c.total = store.point_count();
  for (std::int8_t s : store.read_status()) {
    ++c.by_status[s];
    if (s != point_status::not_computed) ++c.done;
  }
  c.finalized = store.finalized();
  return c;
}

Description describe(const io::ResultsStore& store) {
  Description d;
  d.path = store.path();
  d.axes = store.axes();
  for (const auto& v : store.variables()) {
    const io::VariableInfo info = store.variable_info(v.name);
    d.variables.push_back({info.definition, info.dims, info.shape});
  }
  d.provenance = store.root_attributes();
  d.completion = completion(store);
  return d;
}

}  // namespace chaoskit::query
