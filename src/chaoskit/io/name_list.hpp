#pragma once
// Lists of names stored as one comma-separated string attribute: a results file's chaoskit_axes,
// chaoskit_variables and each variable's chaoskit_dims, a section file's state_names, a trajectory
// file's columns. Names never contain commas (results_layout.cpp refuses them).
#include <string>
#include <vector>

namespace chaoskit::io {

inline std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? "," : "") + names[i];
  return s;
}

/// The names of a joined list; "" is the empty list.
inline std::vector<std::string> split_names(const std::string& joined) {
  std::vector<std::string> out;
  if (joined.empty()) return out;
  for (std::size_t start = 0;;) {
    const auto comma = joined.find(',', start);
    out.push_back(joined.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace chaoskit::io
