// chaoskit: command-line entry point. Parses, dispatches to one subcommand, and maps errors to
// exit codes: 0 success, 2 bad input (one line on stderr naming the field), 1 runtime failure.
#include <iostream>
#include <map>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/errors.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  using namespace chaoskit;
  CLI::App app{
      "chaoskit - chaos and sensitivity analysis of pendulum-chain models of human movement.\n"
      "Angles are radians and rates rad/s; any angle or rate also accepts a 'deg' suffix (150deg).\n"
      "Exit codes: 0 success, 2 bad input (one line on stderr naming the field), 1 runtime failure.",
      "chaoskit"};
  app.set_version_flag("--version", std::string("chaoskit ") + build_info::version + " (commit " + build_info::commit + ")");
  app.require_subcommand(1);
  app.fallthrough(false);

  std::map<const CLI::App*, cli::CommandRunner> runners;
  auto add = [&](cli::CommandRunner (*reg)(CLI::App&)) {
    const std::size_t before = app.get_subcommands({}).size();
    cli::CommandRunner run = reg(app);
    runners[app.get_subcommands({}).at(before)] = std::move(run);
  };
  add(&cli::register_models_command);
  add(&cli::register_inspect_command);
  add(&cli::register_lyapunov_command);
  add(&cli::register_simulate_command);
  add(&cli::register_stm_command);
  add(&cli::register_sweep_command);
  add(&cli::register_section_command);
  add(&cli::register_basin_command);
  add(&cli::register_query_command);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string known;
    bool is_command = false;
    for (const auto* sub : app.get_subcommands({})) {
      known += (known.empty() ? "" : ", ") + sub->get_name();
      is_command = is_command || (argc > 1 && sub->get_name() == argv[1]);
    }
    if (argc > 1 && argv[1][0] != '-' && !is_command) {
      std::cerr << "chaoskit: unknown command '" << argv[1] << "' (commands: " << known << ")\n";
      return 2;
    }
    std::cerr << "chaoskit: " << e.what() << " (see chaoskit --help)\n";
    return 2;
  }

  try {
    for (const auto* sub : app.get_subcommands()) return runners.at(sub)();
  } catch (const InputError& e) {
    std::cerr << "chaoskit: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "chaoskit: error: " << e.what() << "\n";
    return 1;
  }
  return 2;
}
