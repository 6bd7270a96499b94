#pragma once
// The kinds of basin label (basin_map.hpp): what a point's label says. Apart from basin_map.hpp so
// that a sweep job can hold the kind it asks for without the basin algorithms.
#include <string>

namespace chaoskit::basins {

enum class BasinKind { rest, flip, task };

/// "rest", "flip", "task".
inline std::string basin_kind_name(BasinKind k) {
  return k == BasinKind::rest ? "rest" : k == BasinKind::flip ? "flip" : "task";
}

}  // namespace chaoskit::basins
