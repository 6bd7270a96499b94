#include "chaoskit/core/memory.hpp"

#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

#include "chaoskit/core/errors.hpp"

namespace chaoskit {

double available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string key; in >> key;) {
    double kib = 0;
    if (key == "MemAvailable:" && in >> kib) return kib * 1024.0;
    in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return 0;
}

std::string human_bytes(double b) {
  std::ostringstream o;
  o.precision(3);
  if (b >= 1e9)
    o << b / 1e9 << " GB";
  else if (b >= 1e6)
    o << b / 1e6 << " MB";
  else
    o << b / 1e3 << " kB";
  return o.str();
}

std::string format_count(double count) {
  std::ostringstream o;
  if (count < 1e15)
    o << static_cast<long long>(count);
  else
    o << std::setprecision(3) << count;
  return o.str();
}

void require_memory(const std::string& field, const std::string& what, double need_bytes, const std::string& advice) {
  const double available = available_memory_bytes();
  if (available > 0 && need_bytes > available)
    throw InputError(field, what + " needs about " + human_bytes(need_bytes) + " of memory, but only " +
                                human_bytes(available) + " is available (" + advice + ")");
}

}  // namespace chaoskit
