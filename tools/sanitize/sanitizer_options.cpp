// Run-time settings of AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer, linked into
// every program of a -DCHAOSKIT_SANITIZE=ON build (the CLI, the MPI CLI and the test binary).
// The sanitizer runtimes call these hooks before main, so the settings hold however a program is
// started: by ctest, by a test spawning the CLI, or by mpirun. Variables such as ASAN_OPTIONS still
// override them.
//
// exitcode=86: a sanitizer finding exits with a code no chaoskit path uses (0, 1, 2, 128+signal),
// so a test that expects a clean failure cannot mistake a finding for it.

extern "C" {

const char* __asan_default_options() {
  return "exitcode=86:halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:"
         "check_initialization_order=1:strict_init_order=1:detect_invalid_pointer_pairs=0:"
         "print_summary=1";
}

const char* __ubsan_default_options() { return "exitcode=86:halt_on_error=1:print_stacktrace=1"; }

// Allocations that live until exit inside system libraries we do not build: Open MPI and the
// libraries it loads (hwloc, libevent, PMIx) keep start-up state reachable only through their own
// globals. chaoskit's own code is never suppressed.
const char* __lsan_default_suppressions() {
  return "leak:libmpi.so\n"
         "leak:libopen-pal.so\n"
         "leak:libopen-rte.so\n"
         "leak:libhwloc.so\n"
         "leak:libevent\n"
         "leak:libpmix.so\n"
         "leak:mca_\n";
}

}  // extern "C"
