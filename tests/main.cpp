// Catch2 v2 main for chaoskit's tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
