#include "chaoskit/query/describe.hpp"

#include <array>

namespace chaoskit::query {

std::string point_status_name(int code) {
  // Order of io::point_status (0 .. 6), as in the status dataset's flag_meanings.
  static const std::array<const char*, 7> names{"not_computed", "ok",          "step_underflow", "non_finite",
                                                "max_steps",    "invalid_point", "internal_error"};
  if (code >= 0 && code < static_cast<int>(names.size())) return names[static_cast<std::size_t>(code)];
  return "code_" + std::to_string(code);
}

Completion completion(const io::ResultsStore& store) {
  Completion c;
  c.total = store.point_count();
  for (std::int8_t s : store.read_status()) {
    ++c.by_status[s];
    if (s != io::point_status::not_computed) ++c.done;
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
