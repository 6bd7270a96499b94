#pragma once
// Angles are radians and rates rad/s inside chaoskit. The command line also accepts a `deg`
// suffix on any angle or rate ("150deg", "-5deg", "90deg" for 90 deg/s); this is the one place
// where that conversion happens.
#include <numbers>
#include <string>
#include <string_view>
#include <vector>

namespace chaoskit {

inline constexpr double kDegree = std::numbers::pi / 180.0;

/// Parses one number, optionally suffixed with `deg` (converted to radians).
/// Throws InputError naming `field` for anything else, including NaN and infinities.
double parse_number(std::string_view text, const std::string& field);

/// Parses a comma-separated list of numbers (each may carry `deg`). `names` labels the
/// components in error messages; when it is non-empty the list must have exactly that length.
std::vector<double> parse_number_list(std::string_view text, const std::string& field,
                                      const std::vector<std::string>& names = {});

}  // namespace chaoskit
