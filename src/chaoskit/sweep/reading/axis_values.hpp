#pragma once
// The coordinates of an axis as a job file writes them, for [grid] axes (job_reader.cpp) and a
// [sample]'s energy levels (energy_sample.cpp).
#include <string>
#include <vector>

#include <toml++/toml.h>

namespace chaoskit::sweep {

/// Axis coordinates of a grid entry's table: { linspace = [a, b, n] } (a < b, n ≥ 2, or a = b with
/// n = 1), { logspace = [e0, e1, n] } (10^e, numpy's convention), { geomspace = [a, b, n] } (0 < a < b),
/// { list = [...] } or a bare array (strictly increasing). `field` names the entry in errors.
std::vector<double> axis_values(const toml::node& node, const std::string& field);

}  // namespace chaoskit::sweep
