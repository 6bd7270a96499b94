// The build defines the two paths on this file alone (tests/CMakeLists.txt; build_paths.hpp says why).
#include "support/build_paths.hpp"

namespace chaoskit::test {

const char* cli_path() { return CHAOSKIT_CLI_PATH; }
const char* test_dir() { return CHAOSKIT_TEST_DIR; }

}  // namespace chaoskit::test
