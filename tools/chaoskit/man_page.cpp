// ManPage rendering for CLI11 (see man_page.hpp): sections, word wrap to 100 columns, definition
// lists, and example command lines kept exactly as written so that they can be run.
#include "man_page.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

namespace chaoskit::cli {

namespace {

constexpr std::size_t kWidth = 100;     // no help line is longer
constexpr std::size_t kSection = 4;     // indent of a section's text
constexpr std::size_t kDefinition = 8;  // indent of an option's description

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// Word-wraps one paragraph: the first line starts at column `first`, the others at `rest`.
void wrap(std::ostream& out, const std::string& text, std::size_t first, std::size_t rest) {
  std::istringstream words(text);
  std::string word, line(first, ' ');
  bool empty = true;
  while (words >> word) {
    if (!empty && line.size() + 1 + word.size() > kWidth) {
      out << line << "\n";
      line.assign(rest, ' ');
      empty = true;
    }
    line += (empty ? "" : " ") + word;
    empty = false;
  }
  out << line << "\n";
}

/// A "TERM\tdefinition" block: the definitions start two columns after the longest term; terms
/// longer than kLongTerm stand on their own line, so that one long term does not push every
/// definition to the right.
constexpr std::size_t kLongTerm = 20;

void render_definitions(std::ostream& out, const std::vector<std::string>& block, std::size_t indent) {
  std::size_t term_width = 0;
  for (const auto& line : block)
    if (line.find('\t') <= kLongTerm) term_width = std::max(term_width, line.find('\t'));
  const std::size_t column = indent + std::max<std::size_t>(term_width, 4) + 2;
  for (const auto& line : block) {
    const std::size_t tab = line.find('\t');
    const std::string term = line.substr(0, tab), definition = line.substr(tab + 1);
    if (term.size() > kLongTerm) {
      out << std::string(indent, ' ') << term << "\n";
      wrap(out, definition, column, column);
      continue;
    }
    std::ostringstream first;
    wrap(first, definition, column, column);
    std::string text = first.str();
    text.replace(indent, term.size(), term);
    out << text;
  }
}

void render_text(std::ostream& out, const std::string& text, std::size_t indent) {
  const auto lines = split_lines(text);
  for (std::size_t k = 0; k < lines.size();) {
    const std::string& line = lines[k];
    if (line.find('\t') != std::string::npos) {
      std::vector<std::string> block;
      while (k < lines.size() && lines[k].find('\t') != std::string::npos) block.push_back(lines[k++]);
      render_definitions(out, block, indent);
      continue;
    }
    if (line.empty())
      out << "\n";
    else if (line[0] == ' ')
      out << std::string(indent, ' ') << line << "\n";
    else
      wrap(out, line, indent, indent);
    ++k;
  }
}

/// The here-document terminator a command line opens ("" if none): `<<'EOF'`, `<<EOF`, `<<-EOF`.
std::string heredoc_terminator(const std::string& line) {
  const std::size_t at = line.find("<<");
  if (at == std::string::npos) return "";
  std::string word;
  std::istringstream(line.substr(at + 2)) >> word;
  word.erase(std::remove_if(word.begin(), word.end(), [](char c) { return c == '\'' || c == '"' || c == '-'; }),
             word.end());
  return word;
}

void render_examples(std::ostream& out, const std::string& text) {
  const auto lines = split_lines(text);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::string& line = lines[k];
    if (line.rfind("$ ", 0) != 0) {
      render_text(out, line, kDefinition);
      continue;
    }
    // A command: printed as written, with its continuation and here-document lines.
    const std::string terminator = heredoc_terminator(line);
    out << std::string(kSection, ' ') << line << "\n";
    while (k + 1 < lines.size() && !lines[k].empty() && lines[k].back() == '\\')
      out << std::string(kSection, ' ') << lines[++k] << "\n";
    if (!terminator.empty())
      while (k + 1 < lines.size()) {
        out << std::string(kSection, ' ') << lines[++k] << "\n";
        if (lines[k] == terminator) break;
      }
  }
}

class ManFormatter : public CLI::Formatter {
 public:
  explicit ManFormatter(ManPage page) : page_(std::move(page)) {}

  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return CLI::Formatter::make_help(app, name, mode);
    std::ostringstream out;
    section(out, "NAME");
    wrap(out, name + " - " + page_.summary, kSection, kSection + 2);
    section(out, "SYNOPSIS");
    for (const auto& line : split_lines(page_.synopsis)) wrap(out, line, kSection, kDefinition);
    section(out, "DESCRIPTION");
    render_text(out, page_.description, kSection);
    render_options(out, app, true);
    render_options(out, app, false);
    render_commands(out, app);
    if (!page_.output.empty()) {
      section(out, "OUTPUT");
      render_text(out, page_.output, kSection);
    }
    section(out, "EXIT STATUS");
    render_text(out, page_.exit_status.empty() ? common_exit_status() : page_.exit_status, kSection);
    section(out, "EXAMPLES");
    render_examples(out, page_.examples);
    if (!page_.environment.empty()) {
      section(out, "ENVIRONMENT");
      render_text(out, page_.environment, kSection);
    }
    return out.str();
  }

 private:
  static void section(std::ostream& out, const std::string& title) {
    if (out.tellp() > 0) out << "\n";
    out << title << "\n";
  }

  /// ARGUMENTS (positionals) or OPTIONS: every option CLI11 holds, name line then description.
  static void render_options(std::ostream& out, const CLI::App* app, bool positional) {
    const auto options = app->get_options([&](const CLI::Option* o) { return o->get_positional() == positional; });
    if (options.empty()) return;
    section(out, positional ? "ARGUMENTS" : "OPTIONS");
    for (const CLI::Option* o : options) {
      std::string head = positional ? o->get_name(true, false) : o->get_name(false, true);
      if (!positional && o->get_type_size() != 0 && !o->get_type_name().empty()) head += " " + o->get_type_name();
      if (o->get_expected_max() >= CLI::detail::expected_max_vector_size) head += " (repeatable)";
      if (o->get_required()) head += " (required)";
      out << std::string(kSection, ' ') << head << "\n";
      if (!o->get_description().empty()) render_text(out, o->get_description(), kDefinition);
    }
  }

  static void render_commands(std::ostream& out, const CLI::App* app) {
    const auto subs = app->get_subcommands({});
    if (subs.empty()) return;
    section(out, "COMMANDS");
    std::string list;
    for (const CLI::App* sub : subs) list += sub->get_name() + "\t" + sub->get_description() + "\n";
    render_text(out, list, kSection);
  }

  ManPage page_;
};

}  // namespace

std::string common_exit_status(const std::string& runtime_failure) {
  return "0\tSuccess.\n"
         "1\tRuntime failure" +
         (runtime_failure.empty() ? std::string(" (e.g. a read or write error, an internal error)")
                                  : " (" + runtime_failure + ")") +
         ": one line on stderr, starting \"chaoskit:\".\n"
         "2\tBad input: a missing, malformed or out-of-range option, argument, parameter file or job "
         "file; one line on stderr naming the field, e.g. \"chaoskit: --time: must be > 0 s\". No "
         "output file is created.\n";
}

void set_man_page(CLI::App* app, ManPage page) {
  if (app->get_parent() != nullptr) app->set_help_flag("-h,--help", "Print this manual page and exit");
  app->description(page.summary);
  app->formatter(std::make_shared<ManFormatter>(std::move(page)));
}

std::string parameter_set_environment() {
  return "CHAOSKIT_DATA\tThe directory of the shipped data: --params NAME reads "
         "$CHAOSKIT_DATA/params/NAME.toml. Unset, a chaoskit in its build tree reads the data/ "
         "directory of its sources, and a chaoskit installed as PREFIX/bin/chaoskit reads "
         "PREFIX/share/chaoskit/data.\n";
}

}  // namespace chaoskit::cli
