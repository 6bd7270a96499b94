#pragma once
// The path of a model file shipped in data/models (chaoskit's data folder, as the program finds it).
#include <string>

#include "chaoskit/params/param_sets.hpp"

namespace chaoskit::test {

inline std::string shipped_model_file(const std::string& name) {
  return (data_directory() / "models" / (name + ".toml")).string();
}

}  // namespace chaoskit::test
