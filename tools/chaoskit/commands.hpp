#pragma once
// Each subcommand registers its options on the CLI11 app and returns the function that runs it
// once parsing succeeded. Commands throw InputError for bad input (main maps it to exit 2) and
// any other exception for runtime failures (exit 1).
#include <functional>

#include <CLI/CLI.hpp>

namespace chaoskit::cli {

using CommandRunner = std::function<int()>;

CommandRunner register_models_command(CLI::App& app);
CommandRunner register_inspect_command(CLI::App& app);
CommandRunner register_lyapunov_command(CLI::App& app);
CommandRunner register_lyapunov_data_command(CLI::App& app);
CommandRunner register_simulate_command(CLI::App& app);
CommandRunner register_stm_command(CLI::App& app);
CommandRunner register_sweep_command(CLI::App& app);
CommandRunner register_section_command(CLI::App& app);
CommandRunner register_basin_command(CLI::App& app);
CommandRunner register_query_command(CLI::App& app);
CommandRunner register_periodic_command(CLI::App& app);
CommandRunner register_continue_command(CLI::App& app);

}  // namespace chaoskit::cli
