#pragma once
// The model-file compiler (model_program.hpp's ModelProgram::compile is the way in): one class,
// because reading the file's tables and emitting their instructions share its symbol table, its
// register counter and the source positions of its errors. Its members are defined in two files:
//   model_compiler.cpp         the file's tables, the expressions, the rhs and energy programs;
//   model_compiler_events.cpp  modes, constraints and events, each event's expressions compiled
//                              into programs of their own (the event side, model_events.cpp).
// Every error names the file, line and column.
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <toml++/toml.h>

#include "chaoskit/core/expression.hpp"
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/model_program_passes.hpp"

namespace chaoskit {

struct ParamFile;

class ModelCompiler {
 public:
  ModelCompiler(const ParamFile& f, bool optimise, ModelProgramStats* stats);
  std::shared_ptr<const ModelProgram> run();

 private:
  struct Symbol {
    enum Kind { state, input, time, parameter, let, force } kind;
    int index;
    double value;
    int mode = -1;  // a constraint force: the mode whose constraint it is
  };
  struct Operand {
    bool is_const;
    double value;
    int reg;
    /// A constant's origin: the numbers, parameter names and operations it was folded from. It, not
    /// the value, decides the constant's register (const_reg), so that the code does not depend on
    /// the [values]: the programs of a sweep's points then differ in their constants alone, and one
    /// lane engine runs them all (ModelProgram::same_code_as).
    std::string origin = {};
  };
  static std::string number_origin(double v);
  struct Let {
    const toml::node* node;
    int state = 0;  // 0 not compiled in this program, 1 being compiled, 2 compiled
    int reg = -1;
  };
  /// What the expression being compiled may read: the first `states` states (-1: all), the inputs
  /// or not, the constraint forces of mode `force_mode` (kNoForces: none; kAnyForces: any, for the
  /// check of unused named expressions), and why not (the error's words).
  static constexpr int kNoForces = -2, kAnyForces = -3;
  struct Context {
    int states = -1;
    bool inputs = true;
    int force_mode = kNoForces;
    std::string what = "the model's equations";
  };

  // ---- errors (model_compiler.cpp) ----
  std::string where(const toml::source_region& r, int line_offset = 0, int column = 0) const;
  [[noreturn]] void fail(const toml::source_region& r, const std::string& what) const;
  [[noreturn]] void fail_in(const toml::source_region& r, const std::string& text, std::size_t col,
                            const std::string& what, const std::string& key) const;
  static std::string join(const std::vector<std::string>& v);

  // ---- reading the file (model_compiler.cpp) ----
  const toml::table* table(const char* key, bool required) const;
  std::vector<std::pair<std::string, toml::source_region>> string_list(const char* key, bool required) const;
  void read_states(bool mech);
  void add_state(const std::string& name, const toml::source_region& where);
  void read_parameters();
  void read_lets();
  void read_units();
  void define(const std::string& name, const toml::source_region& where, Symbol s);
  static std::string kind_name(Symbol::Kind k);
  bool is_state(const std::string& s) const;
  void compile_mechanical(std::vector<int>& mass, std::vector<int>* forces);
  void read_kinematics();

  // ---- expressions (model_compiler.cpp) ----
  void begin_program(std::vector<ModelProgram::Instr>* code);
  int const_reg(const Operand& o);
  int reg_of(const Operand& o) { return o.is_const ? const_reg(o) : o.reg; }
  Operand compile(const toml::node& node, const std::string& key);
  Operand compile_let(const std::string& name, const toml::source_region&);
  /// A parameter expression's value (a number, or names of [values] and operations on them).
  double constant_value(const toml::node& node, const std::string& key);

  // ---- modes, constraints, events (model_compiler_events.cpp) ----
  /// `modes` and their names; the constraint forces' names as symbols (before any expression).
  void read_modes();
  /// [constraints]: each constrained mode's matrix A, checked linear in the coordinates.
  void read_constraints();
  /// [[events]] into p_->events_.
  void read_events();
  void read_event(const toml::table& e, const toml::source_region& where);
  void read_impact(const toml::table& impact, ModelProgram::CompiledEvent& ev, const std::string& key);
  int mode_index(const toml::node& node, const std::string& key) const;
  /// Starts a program of the event side: fresh registers (states, inputs, t, `forces` constraint
  /// forces, all differentiated) and constants; end_twin lays it out and returns it, and the
  /// compiler goes back to the program it was compiling.
  void begin_twin(int forces);
  std::shared_ptr<ModelProgram> end_twin();

  const ParamFile& file_;
  const bool optimise_;
  ModelProgramStats* stats_;
  std::shared_ptr<ModelProgram> p_;
  RawModelProgram raw_;
  std::map<std::string, Symbol> symbols_;
  std::vector<std::string> names_;  // the parser's variables, in definition order
  std::vector<std::string> let_names_;
  std::map<std::string, Let> lets_;
  std::map<std::string, Operand> let_const_;
  std::vector<std::string> let_stack_;
  std::map<std::string, int> const_regs_;  // by Operand::origin
  std::vector<ModelProgram::Instr>* code_ = nullptr;
  int next_reg_ = 0;
  Context context_;
  // The program begin_twin put aside.
  struct Stash {
    RawModelProgram raw;
    std::map<std::string, int> const_regs;
    int next_reg;
    std::vector<ModelProgram::Instr>* code;
    int forces;
  };
  std::vector<Stash> stash_;
};

}  // namespace chaoskit
