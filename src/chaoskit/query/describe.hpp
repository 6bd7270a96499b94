#pragma once
// What a results file holds and how far its sweep got: axes, variables, provenance, and per-status
// point counts (readable while the sweep still runs: it sees the state of the writer's last flush).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"

namespace chaoskit::query {

struct Completion {
  std::size_t total = 0;                 ///< grid points
  std::size_t done = 0;                  ///< points with a non-zero status
  std::map<int, std::size_t> by_status;  ///< count per status code present (0 included)
  bool finalized = false;                ///< compressed after completion
};

Completion completion(const io::ResultsStore& store);

struct VariableSummary {
  io::Variable definition;
  std::vector<std::string> dims;
  std::vector<std::size_t> shape;
};

struct Description {
  std::string path;
  std::vector<io::Axis> axes;
  std::vector<VariableSummary> variables;
  io::Attributes provenance;  ///< root attributes (the chaoskit_* layout attributes included)
  Completion completion;
};

Description describe(const io::ResultsStore& store);

}  // namespace chaoskit::query
