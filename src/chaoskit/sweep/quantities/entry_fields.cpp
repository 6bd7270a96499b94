#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "chaoskit/basins/rest_label.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

void VariableList::place(std::size_t index, const char* name, io::ElementType type,
                         std::vector<io::TrailingDim> trailing, std::string units, std::string long_name,
                         io::Flags flags) {
  using io::ElementType;
  if (index >= slots_.size()) slots_.resize(index + 1);
  if (slots_[index])
    throw std::logic_error(quantity_ + ": slot " + std::to_string(index) + " laid out twice ('" + slots_[index]->name +
                           "', '" + name + "')");
  const double fill = type == ElementType::float64 ? NAN : type == ElementType::uint8 ? 255.0 : -1.0;
  slots_[index] =
      io::Variable{name, type, std::move(trailing), std::move(units), std::move(long_name), fill, std::move(flags)};
}

std::vector<io::Variable> VariableList::take() {
  std::vector<io::Variable> out;
  for (std::size_t k = 0; k < slots_.size(); ++k) {
    if (!slots_[k]) throw std::logic_error(quantity_ + ": slot " + std::to_string(k) + " is not laid out");
    out.push_back(std::move(*slots_[k]));
  }
  slots_.clear();
  return out;
}

std::vector<std::string> state_names_of(const AnyModel& m) {
  return std::visit([](const auto& x) { return x.state_names(); }, m);
}

bool is_mechanical(const AnyModel& m) {
  return std::visit([](const auto& x) { return is_mechanical_model(x); }, m);
}

bool has_joint_damping(const AnyModel& m) {
  return std::visit(
      [](const auto& x) {
        if constexpr (MechanicalModel<std::decay_t<decltype(x)>>)
          return basins::has_damping(x);
        else
          return false;
      },
      m);
}

void require_file_mechanics(const AnyModel& m, const std::string& purpose, MechanicalNeeds needs) {
  std::visit([&](const auto& x) { require_mechanics(x, purpose, needs); }, m);
}

namespace entry_fields {

std::string exact(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

double positive(const toml::table& t, const std::string& key, double fallback, const std::string& field) {
  const toml::node* n = t.get(key);
  if (!n) return fallback;
  const double v = number_of(*n, field);
  if (!(v > 0)) throw InputError(field, "must be > 0");
  return v;
}

void read_time(const toml::table& t, const std::string& prefix, ComputeSpec& c, const char* key) {
  c.time = positive(t, key, c.time, prefix + "." + key);
}

void read_renorm(const toml::table& t, const std::string& prefix, ComputeSpec& c) {
  c.renorm = positive(t, "renorm", c.renorm, prefix + ".renorm");
}

void read_transient(const toml::table& t, const std::string& prefix, ComputeSpec& c) {
  if (const auto* n = t.get("transient")) {
    c.transient = number_of(*n, prefix + ".transient");
    if (c.transient < 0) throw InputError(prefix + ".transient", "must be >= 0");
  }
}

void read_blocks(const toml::table& t, const std::string& prefix, ComputeSpec& c) {
  if (const auto* n = t.get("blocks")) c.blocks = static_cast<int>(integer_of(*n, prefix + ".blocks", 2, 1000));
}

void check_renorm(const std::string& prefix, const ComputeSpec& c) {
  if (c.renorm > c.time) throw InputError(prefix + ".renorm", "must not exceed the time");
}

void check_blocks(const std::string& prefix, const ComputeSpec& c) {
  if (std::lround(c.time / c.renorm) < c.blocks)
    throw InputError(prefix + ".blocks",
                     "needs at least one renormalisation interval per block (time/renorm >= blocks)");
}

void common_fingerprint(const ComputeSpec& c, std::ostream& o, const LegacyFields& legacy) {
  o << "compute." << quantity_name(c.quantity) << " = time " << exact(c.time) << ", transient " << exact(c.transient)
    << ", renorm " << exact(c.renorm) << ", blocks " << c.blocks << ", metric " << legacy.metric << ", plane '"
    << legacy.plane << "', direction " << legacy.direction << ", crossings " << legacy.crossings;
}

void common_fingerprint(const ComputeSpec& c, std::ostream& o) { common_fingerprint(c, o, LegacyFields{}); }

}  // namespace entry_fields
}  // namespace chaoskit::sweep
