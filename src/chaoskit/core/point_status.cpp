#include "chaoskit/core/point_status.hpp"

namespace chaoskit {

std::string point_status_flag_meanings() {
  std::string s;
  for (std::string_view name : kPointStatusNames) {
    if (!s.empty()) s += ' ';
    s += name;
  }
  return s;
}

std::string point_status_name(int code) {
  if (code >= 0 && code < static_cast<int>(kPointStatusNames.size()))
    return std::string(kPointStatusNames[static_cast<std::size_t>(code)]);
  return "code_" + std::to_string(code);
}

}  // namespace chaoskit
