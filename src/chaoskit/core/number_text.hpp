#pragma once
// Numbers as text, in one place: messages and provenance print doubles the same way everywhere
// (the shortest of fixed and scientific form, as printf's %g), and the attributes and axis
// descriptions that must read back exactly use 17 significant digits.
#include <sstream>
#include <string>

namespace chaoskit {

/// `v` with `significant` significant digits (%g): 0.1 → "0.1", 1e-10 → "1e-10".
inline std::string number_text(double v, int significant) {
  std::ostringstream o;
  o.precision(significant);
  o << v;
  return o.str();
}

/// 17 significant digits: the text reads back as the same double.
inline std::string exact_number_text(double v) { return number_text(v, 17); }

}  // namespace chaoskit
