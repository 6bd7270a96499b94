// chaoskit: command-line entry point. Parses, dispatches to one subcommand, and maps errors to
// exit codes: 0 success, 2 bad input (one line on stderr naming the field), 1 runtime failure.
#include <iostream>
#include <map>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "commands.hpp"
#include "flag_errors.hpp"
#include "man_page.hpp"

namespace {

chaoskit::cli::ManPage program_man_page() {
  using chaoskit::cli::common_exit_status;
  chaoskit::cli::ManPage page;
  page.summary = "chaos and sensitivity analysis of pendulum-chain models of human movement";
  page.synopsis =
      "chaoskit COMMAND [OPTIONS]\n"
      "chaoskit COMMAND --help\n"
      "chaoskit --version";
  page.description =
      "chaoskit computes how pendulum-chain models of human movement evolve and how sensitive they "
      "are: a leg as a double pendulum (limb), a golf swing as a two-link chain driven by joint "
      "moments (golf), damped chains of 1 to 5 links (chain), and two reference systems (lorenz, "
      "henon_heiles). Its commands give the instantaneous mechanics at a state, trajectories, "
      "state-transition matrices, Lyapunov exponents with error bars and the fast indicators SALI, "
      "GALI and MEGNO, Poincare sections, basin maps, periodic orbits with their Floquet multipliers and "
      "their continuation in a parameter, and sweeps of any of these over a grid into "
      "one HDF5 file that xarray, h5py and chaoskit query read.\n"
      "\n"
      "Each COMMAND has its own manual page: chaoskit COMMAND --help.\n"
      "\n"
      "Conventions. The state is q then q-dot: th1,th2,dth1,dth2 for limb and golf; "
      "th1..thN,dth1..dthN for chain; x,y,z for lorenz; x,y,px,py for henon_heiles. Angles are "
      "radians and rates rad/s; any angle or rate also accepts a deg suffix (150deg). Times are "
      "seconds, joint moments N m, energies J. --json prints one JSON object on stdout in SI units. "
      "Results are bit-identical for any thread count.";
  page.exit_status = common_exit_status() +
                     "128+N\tchaoskit sweep stopped by signal N (130 for SIGINT, 143 for SIGTERM) after saving "
                     "the points in flight; --resume continues it.\n";
  page.examples =
      "$ chaoskit --version\n"
      "$ chaoskit models\n"
      "The models, their state layouts, and the shipped parameter sets.\n"
      "$ chaoskit inspect --model golf --state 0,-5deg,10,9 --torque 5,0\n"
      "Mass matrix, joint accelerations, energies and endpoint kinematics of the golf model at one "
      "state under joint moments of 5 and 0 N m.";
  page.environment = chaoskit::cli::parameter_set_environment() +
                     "OMP_NUM_THREADS\tThe default thread count of sweep, section and basin (--threads 0): "
                     "otherwise every core this process may use.\n";
  return page;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace chaoskit;
  using cli::set_man_page;
  CLI::App app{"", "chaoskit"};
  app.set_help_flag("-h,--help", "Print this manual page and exit (after a COMMAND: that command's page)");
  app.set_version_flag("--version",
                       std::string("chaoskit ") + build_info::version + " (commit " + build_info::commit + ")\n" +
                           "vector path: " + simd::lane_path_report(),
                       "Print \"chaoskit VERSION (commit COMMIT)\": the release and the git commit this program "
                       "was built from, which every output file also records; then the vector path that integrates "
                       "the tangent flows of sweeps (sse2, avx2 or avx512, the widest this CPU has; the environment "
                       "variable CHAOSKIT_SIMD = scalar|sse2|avx2|avx512 narrows it)");
  set_man_page(&app, program_man_page());
  app.require_subcommand(1);
  app.fallthrough(false);

  // Each command's options are built only when that command runs: `chaoskit sweep JOB` builds the
  // sweep's alone, `chaoskit --version` none, the program's own page (and any other first word that
  // is an option) all of them. Building all twelve touched about 70 pages of fresh memory and code:
  // 1.6 ms of a 9.6 ms start on a virtual machine whose page faults are dear (tools/bench/README.md,
  // "Fixed costs").
  struct Command {
    const char* name;  // as the command's register function names its subcommand
    cli::CommandRunner (*add_to)(CLI::App&);
  };
  static constexpr Command commands[] = {
      {"models", &cli::register_models_command},     {"inspect", &cli::register_inspect_command},
      {"lyapunov", &cli::register_lyapunov_command}, {"lyapunov-data", &cli::register_lyapunov_data_command},
      {"simulate", &cli::register_simulate_command}, {"stm", &cli::register_stm_command},
      {"sweep", &cli::register_sweep_command},       {"section", &cli::register_section_command},
      {"basin", &cli::register_basin_command},       {"query", &cli::register_query_command},
      {"periodic", &cli::register_periodic_command}, {"continue", &cli::register_continue_command}};
  std::map<const CLI::App*, cli::CommandRunner> runners;
  auto add = [&](const Command& command) {
    cli::CommandRunner run = command.add_to(app);
    const CLI::App* added = app.get_subcommands({}).back();
    if (added->get_name() != command.name)
      throw std::logic_error("chaoskit: command table names " + std::string(command.name) + " for " +
                             added->get_name());
    runners[added] = std::move(run);
  };

  // A first word that is no command is refused before anything else is read, so that
  // `chaoskit NOSUCHCOMMAND --help` says so too instead of printing the main page.
  const Command* named = nullptr;
  std::string known;
  for (const Command& command : commands) {
    known += (known.empty() ? "" : ", ") + std::string(command.name);
    if (argc > 1 && std::string_view(argv[1]) == command.name) named = &command;
  }
  if (argc > 1 && argv[1][0] != '-' && !named) {
    std::cerr << "chaoskit: unknown command '" << argv[1] << "' (commands: " << known << ")\n";
    return 2;
  }
  if (named) {
    add(*named);
  } else if (argc != 2 || std::string_view(argv[1]) != "--version") {
    for (const Command& command : commands) add(command);
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) { return app.exit(e); } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) { return app.exit(e); } catch (const CLI::ParseError& e) {
    std::cerr << "chaoskit: " << e.what() << " (see chaoskit --help)\n";
    return 2;
  }

  try {
    for (const auto* sub : app.get_subcommands()) return runners.at(sub)();
  } catch (const InputError& e) {
    std::cerr << "chaoskit: " << cli::flag_message(e) << "\n";  // the library's field as the flag typed
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "chaoskit: error: out of memory (the computation asked for more than this machine could give; "
                 "use a smaller grid or fewer values)\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "chaoskit: error: " << e.what() << "\n";
    return 1;
  }
  return 2;
}
