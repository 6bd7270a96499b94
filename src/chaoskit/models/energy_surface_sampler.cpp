#include "chaoskit/models/energy_surface_sampler.hpp"

#include <cassert>

namespace chaoskit {

namespace {

struct NamedMeasure {
  std::string_view name;
  SampleMeasure measure;
};

constexpr NamedMeasure kMeasures[] = {{"liouville", SampleMeasure::liouville}, {"section", SampleMeasure::section}};

}  // namespace

std::string_view sample_measure_name(SampleMeasure measure) {
  for (const NamedMeasure& m : kMeasures)
    if (m.measure == measure) return m.name;
  assert(false && "sample_measure_name: SampleMeasure value outside the enumeration");
  return {};
}

SampleMeasure parse_sample_measure(std::string_view name) {
  std::string known;
  for (const NamedMeasure& m : kMeasures) {
    if (m.name == name) return m.measure;
    known += (known.empty() ? "" : ", ") + std::string(m.name);
  }
  throw InputError("measure", "unknown sample measure '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace chaoskit
