#pragma once
// How `chaoskit periodic` and `chaoskit continue` print an orbit and its Floquet multipliers: text
// for people, and the `multipliers` array of --json output.
#include <algorithm>
#include <cmath>
#include <complex>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "chaoskit/periodic/floquet.hpp"
#include "json_writer.hpp"

namespace chaoskit::cli {

/// [{re, im, abs, arg, trivial, origin}, ...] in the analysis' order.
inline void write_multipliers(JsonWriter& w, const periodic::FloquetAnalysis& f) {
  w.key("multipliers").begin_array();
  for (const auto& m : f.multipliers) {
    w.begin_object().field("re", m.value.real()).field("im", m.value.imag()).field("abs", std::abs(m.value));
    w.field("arg", std::arg(m.value)).field("trivial", m.trivial).field("origin", m.origin).end_object();
  }
  w.end_array();
  w.field("stability", periodic::stability_name(f.stability)).field("max_multiplier", f.max_modulus);
  w.field("unstable_multipliers", f.unstable_count);
}

/// One line per multiplier: value, modulus, argument, and what a trivial one stands for.
inline void print_multipliers(std::ostream& o, const periodic::FloquetAnalysis& f) {
  o << "Floquet multipliers (mu = re + i im, |mu|, arg [rad]):\n";
  for (const auto& m : f.multipliers) {
    std::ostringstream line;
    line << std::setprecision(10) << std::showpos << "  " << std::setw(18) << m.value.real() << " " << std::setw(18)
         << m.value.imag() << "i" << std::noshowpos << "   |mu| " << std::setw(14) << std::abs(m.value) << "   arg "
         << std::setw(10) << std::setprecision(6) << std::arg(m.value);
    if (m.trivial) line << "   trivial (" << m.origin << ")";
    o << line.str() << "\n";
  }
  o << "stability: " << periodic::stability_name(f.stability);
  if (f.multipliers.size() > static_cast<std::size_t>(std::count_if(f.multipliers.begin(), f.multipliers.end(),
                                                                    [](const auto& m) { return m.trivial; })))
    o << " (largest nontrivial |mu| " << std::setprecision(10) << f.max_modulus << ")";
  else
    o << " (no nontrivial multiplier)";
  o << "\n";
}

}  // namespace chaoskit::cli
