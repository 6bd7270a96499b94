// `chaoskit models [--json]`: the registered models, their state layout and conventions, and the
// shipped parameter sets.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "commands.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"

namespace chaoskit::cli {

namespace {
struct ModelsOptions {
  bool json = false;
};

int run_models(const ModelsOptions& opt) {
  const auto& catalog = model_catalog();
  const auto sets = shipped_param_sets();
  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().key("models").begin_array();
    for (const auto& d : catalog) {
      w.begin_object()
          .field("name", d.name)
          .field("summary", d.summary)
          .field("state", d.state)
          .field("inputs", d.inputs)
          .field("conventions", d.conventions)
          .field("default_params", d.default_params)
          .end_object();
    }
    w.end_array().key("param_sets").begin_array();
    for (const auto& s : sets) {
      const ParamFile f = read_param_file(s);
      w.begin_object()
          .field("name", s)
          .field("layout", f.model)
          .field("description", f.table["description"].value_or(std::string()))
          .end_object();
    }
    w.end_array().end_object();
    std::cout << "\n";
    return 0;
  }
  std::cout << "Models (state order is q then q-dot; angles in rad, rates in rad/s):\n";
  for (const auto& d : catalog) {
    std::cout << "  " << std::left << std::setw(13) << d.name << d.summary << "\n"
              << "  " << std::setw(13) << ""
              << "state: " << d.state << "   inputs: " << d.inputs << "\n"
              << "  " << std::setw(13) << "" << d.conventions << "\n"
              << "  " << std::setw(13) << ""
              << "default --params: " << d.default_params << "\n";
  }
  std::cout << "\nShipped parameter sets (data/params; --params NAME or --params FILE.toml):\n";
  for (const auto& s : sets) {
    const ParamFile f = read_param_file(s);
    std::cout << "  " << std::left << std::setw(30) << s << "[" << f.model << "] "
              << f.table["description"].value_or(std::string()) << "\n";
  }
  // Models written as TOML files (--model PATH.toml; how to write one: data/models/README.md).
  const auto dir = data_directory() / "models";
  std::cout << "\nShipped model files (" << dir.string() << "; --model PATH.toml, your own too):\n";
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& p : files) {
    const ParamFile f = read_param_file(p.string());
    std::cout << "  " << std::left << std::setw(30) << p.filename().string() << "[" << f.model << "] "
              << f.table["description"].value_or(std::string()) << "\n";
    // A hybrid model's events and modes, as `simulate` logs them and `section --at-event` takes them.
    if (const toml::array* events = f.table["events"].as_array(); events && !events->empty()) {
      std::string names;
      for (const auto& e : *events)
        if (const toml::table* t = e.as_table())
          names += (names.empty() ? "" : ", ") + (*t)["name"].value_or(std::string("?"));
      std::string modes;
      if (const toml::array* m = f.table["modes"].as_array())
        for (const auto& name : *m) modes += (modes.empty() ? "" : ", ") + name.value_or(std::string("?"));
      std::cout << "  " << std::setw(30) << ""
                << "events: " << names << (modes.empty() ? "" : "; modes: " + modes) << "\n";
    }
  }
  return 0;
}
}  // namespace

CommandRunner register_models_command(CLI::App& app) {
  auto opt = std::make_shared<ModelsOptions>();
  CLI::App* cmd = app.add_subcommand("models");
  set_man_page(cmd, {
                        .summary = "list the models, their state layout and the shipped parameter sets",
                        .synopsis = "chaoskit models [--json]",
                        .description =
                            "Lists every model chaoskit integrates with its state components in order, its inputs "
                            "(joint moments), its angle and inertia conventions and the parameter set it uses when "
                            "--params is not given; then every shipped parameter set (data/params/NAME.toml) with the "
                            "parameter layout it declares and its description, and (text only) the shipped model files "
                            "(data/models/*.toml), which --model takes as a path, with the events and modes of the "
                            "files that have them (walkers, joint stops). Any command's --params takes one of these "
                            "names or the path of a TOML file of the same layout.",
                        .output = "Text on stdout, or with --json one JSON object:\n"
                                  "models\tarray of {name, summary, state, inputs, conventions, default_params}\n"
                                  "param_sets\tarray of {name, layout, description}, sorted by name",
                        .exit_status = "",
                        .examples = "$ chaoskit models\n"
                                    "$ chaoskit models --json\n"
                                    "The same as one JSON object, e.g. for a script that lists the parameter sets.",
                        .environment = parameter_set_environment(),
                    });
  cmd->add_flag("--json", opt->json,
                "Print one JSON object {models: [...], param_sets: [...]} instead of text (see OUTPUT)");
  return [opt] { return run_models(*opt); };
}

}  // namespace chaoskit::cli
