# Precompiled headers. Every chaoskit file includes Eigen, Boost.Odeint's Bulirsch-Stoer and much of
# the standard library, and the tests Catch2 as well. Each target parses them once into a
# precompiled header instead of once per file: in the sanitizer build about 1 CPU-s less per file
# (tests/README.md, "How long it takes"). The generated code is the same, so are the results.
# Only headers from outside chaoskit go in: an edit to a chaoskit header recompiles what includes it
# and nothing more. CMake's -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON turns them off.
set(CHAOSKIT_PCH_HEADERS
    <algorithm> <array> <chrono> <cmath> <complex> <cstdint> <cstdio> <cstring> <filesystem> <fstream>
    <functional> <limits> <map> <memory> <numbers> <optional> <random> <set> <span> <sstream> <stdexcept>
    <string> <string_view> <utility> <variant> <vector>
    <Eigen/Dense> <unsupported/Eigen/AutoDiff>
    <boost/numeric/odeint/stepper/bulirsch_stoer.hpp> <boost/numeric/odeint/external/eigen/eigen_algebra.hpp>)

# chaoskit_precompile_headers(TARGET [HEADER...]): the common list plus the target's own, e.g.
# Catch2 for the tests. HEADER... come first (pybind11 must be the first to include Python.h).
function(chaoskit_precompile_headers target)
  target_precompile_headers(${target} PRIVATE ${ARGN} ${CHAOSKIT_PCH_HEADERS})
endfunction()
