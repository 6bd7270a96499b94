// Compiling a model file (model_program.hpp; the format is data/models/README.md) into a flat
// register program: the file's tables, its expressions and the rhs and energy programs (the class:
// model_compiler.hpp; modes, constraints and events: model_compiler_events.cpp). Each expression is
// parsed by core/expression into postfix, which is then walked once with a stack of operands:
// parameters and numbers are folded into constants at compile time (so `m2*L1*r2` costs nothing per
// call), each named expression ([let]) is compiled where it is first used and its register reused
// afterwards, and everything else becomes one instruction writing a fresh register. The passes of
// model_program_passes.hpp then optimise that raw program and lay out its registers. Every error
// names the file, line and column. It is over 500 lines because it holds most of one class,
// ModelCompiler (model_compiler.hpp says why one class), whose event part is a file of its own.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include <toml++/toml.h>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/expression.hpp"
#include "chaoskit/core/instruction_set.hpp"
#include "chaoskit/models/model_compiler.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit {

ModelCompiler::ModelCompiler(const ParamFile& f, bool optimise, ModelProgramStats* stats)
    : file_(f), optimise_(optimise), stats_(stats), p_(std::make_shared<ModelProgram>()) {}

std::shared_ptr<const ModelProgram> ModelCompiler::run() {
  const toml::table& t = file_.table;
  const std::string form = *t["model"].value<std::string>();
  p_->form_ = form == "mechanical" ? ModelProgram::Form::mechanical : ModelProgram::Form::ode;
  p_->source_ = file_.path.string();
  p_->description_ = t["description"].value_or(std::string());
  const bool mech = p_->form_ == ModelProgram::Form::mechanical;

  read_states(mech);
  for (const auto& [name, where] : string_list(mech ? "inputs" : "inputs", false)) {
    define(name, where, Symbol{Symbol::input, static_cast<int>(p_->inputs_.size()), 0});
    p_->inputs_.push_back(name);
  }
  define("t", t.source(), Symbol{Symbol::time, 0, 0});
  read_parameters();
  read_lets();
  read_modes();
  read_units();
  const int n = static_cast<int>(p_->states_.size()), m = static_cast<int>(p_->inputs_.size());
  raw_.fixed = n + m;
  raw_.time = n + m;
  next_reg_ = n + m + 1;

  // The right-hand side program.
  begin_program(&raw_.code);
  if (mech) {
    compile_mechanical(raw_.mass, &raw_.out);
  } else {
    const toml::table* d = table("derivatives", true);
    for (const auto& [key, node] : *d)
      if (!is_state(std::string(key.str())))
        fail(node.source(),
             "'" + std::string(key.str()) + "' in [derivatives] is not a state (states: " + join(p_->states_) + ")");
    for (const auto& s : p_->states_) {
      const toml::node* node = d->get(s);
      if (!node) fail(d->source(), "[derivatives] has no expression for state '" + s + "'");
      raw_.out.push_back(reg_of(compile(*node, "derivatives." + s)));
    }
  }
  // Named expressions nothing uses are still checked, in a program that is thrown away.
  // (Those the events read may read a constraint force; an event's own program checks its mode.)
  std::vector<ModelProgram::Instr> scratch;
  begin_program(&scratch);
  context_.force_mode = kAnyForces;
  for (const auto& [name, let] : lets_) (void)compile_let(name, let.node->source());
  context_ = Context{};

  // The energy program: the file's energy (ode) or potential plus ½ q̇ᵀ M q̇ (mechanical).
  const char* energy_key = mech ? "potential" : "energy";
  const char* other_key = mech ? "energy" : "potential";
  if (const toml::node* e = t.get(other_key))
    fail(e->source(), std::string("a ") + (mech ? "mechanical" : "ode") + " model gives '" + energy_key + "', not '" +
                          other_key + "'");
  if (const toml::node* e = t.get(energy_key)) {
    begin_program(&raw_.energy_code);
    raw_.energy_out = reg_of(compile(*e, energy_key));
    if (mech) compile_mechanical(raw_.energy_mass, nullptr);
  }
  if (mech) {
    read_kinematics();
  } else if (const toml::node* k = t.get("kinematics")) {
    fail(k->source(), "[kinematics] is for mechanical model files (model = \"mechanical\")");
  }
  // A mechanical file's potential as a program of its own (model_mechanics.cpp's
  // potential_at): its registers laid out for the dual mode, which gives G = ∂V/∂q. In the rhs
  // program's layout only the rhs's state-dependent registers carry derivatives.
  if (mech && raw_.energy_out >= 0) {
    RawModelProgram pot = raw_;
    pot.code = raw_.energy_code;
    pot.out = {raw_.energy_out};
    pot.energy_code.clear(), pot.mass.clear(), pot.energy_mass.clear();
    pot.energy_out = -1;
    pot.registers = next_reg_;
    if (optimise_) optimise_model_program(pot);
    lay_out_registers(pot);
    auto twin = std::make_shared<ModelProgram>();
    twin->states_ = p_->states_;
    twin->inputs_ = p_->inputs_;
    twin->registers_ = pot.registers;
    twin->time_reg_ = pot.time;
    twin->constants_ = std::move(pot.constants);
    twin->code_ = std::move(pot.code);
    twin->energy_out_ = pot.out[0];
    p_->potential_program_ = std::move(twin);
  }
  raw_.registers = next_reg_;
  if (optimise_) optimise_model_program(raw_);
  lay_out_registers(raw_);
  if (stats_) *stats_ = model_program_stats(raw_);
  p_->registers_ = raw_.registers;
  p_->time_reg_ = raw_.time;
  p_->constants_ = std::move(raw_.constants);
  p_->code_ = std::move(raw_.code);
  p_->out_ = std::move(raw_.out);
  p_->mass_ = std::move(raw_.mass);
  p_->energy_out_ = raw_.energy_out;
  p_->energy_code_ = std::move(raw_.energy_code);
  p_->energy_mass_ = std::move(raw_.energy_mass);
  p_->derive_mechanics();
  // The event side: programs of their own, so that nothing above depends on them.
  read_constraints();
  read_events();
  return p_;
}

std::string ModelCompiler::number_origin(double v) {
  char text[24];
  std::snprintf(text, sizeof text, "#%016llx", static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(v)));
  return text;
}

// ---- errors ----------------------------------------------------------------------------------

std::string ModelCompiler::where(const toml::source_region& r, int line_offset, int column) const {
  const std::string file = file_.path.string();
  if (r.begin.line == 0) return file;  // a value written by a job's override or a sweep axis
  return file + ":" + std::to_string(r.begin.line + line_offset) + ":" +
         std::to_string(column > 0 ? column : static_cast<int>(r.begin.column));
}
void ModelCompiler::fail(const toml::source_region& r, const std::string& what) const {
  throw InputError(where(r), what);
}
/// An error at 1-based column `col` of the expression `text` held by a string value at `r`: the
/// string's opening quote is at r's column; a multi-line string starts on the line after it.
void ModelCompiler::fail_in(const toml::source_region& r, const std::string& text, std::size_t col,
                            const std::string& what, const std::string& key) const {
  const std::size_t before = std::min(col > 0 ? col - 1 : 0, text.size());
  const std::size_t newline = before == 0 ? std::string::npos : text.rfind('\n', before - 1);
  const bool multi = r.end.line > r.begin.line;
  if (r.begin.line == 0) throw InputError(where(r), what + " (in " + key + ")");
  if (!multi) throw InputError(where(r, 0, static_cast<int>(r.begin.column + col)), what + " (in " + key + ")");
  int lines = 1;
  for (std::size_t i = 0; i < before; ++i) lines += text[i] == '\n';
  const int c = static_cast<int>(newline == std::string::npos ? col : col - newline - 1);
  throw InputError(where(r, lines, c), what + " (in " + key + ")");
}

std::string ModelCompiler::join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// ---- reading the file ------------------------------------------------------------------------

const toml::table* ModelCompiler::table(const char* key, bool required) const {
  const toml::node* n = file_.table.get(key);
  if (!n) {
    if (required) fail(file_.table.source(), std::string("missing table [") + key + "]");
    return nullptr;
  }
  if (!n->is_table()) fail(n->source(), std::string("'") + key + "' must be a table");
  return n->as_table();
}

std::vector<std::pair<std::string, toml::source_region>> ModelCompiler::string_list(const char* key,
                                                                                    bool required) const {
  std::vector<std::pair<std::string, toml::source_region>> out;
  const toml::node* n = file_.table.get(key);
  if (!n) {
    if (required) fail(file_.table.source(), std::string("missing '") + key + "' (a list of names)");
    return out;
  }
  const toml::array* a = n->as_array();
  if (!a) fail(n->source(), std::string("'") + key + "' must be a list of names");
  for (const auto& e : *a) {
    const auto s = e.value<std::string>();
    if (!s || !e.is_string()) fail(e.source(), std::string("'") + key + "' must list names (strings)");
    out.emplace_back(*s, e.source());
  }
  return out;
}

void ModelCompiler::read_states(bool mech) {
  if (!mech) {
    for (const auto& [name, where] : string_list("states", true)) add_state(name, where);
    if (p_->states_.empty()) fail(file_.table.source(), "'states' is empty");
    return;
  }
  const auto q = string_list("coordinates", true);
  if (q.empty()) fail(file_.table.source(), "'coordinates' is empty");
  if (q.size() > 8) fail(q[8].second, "at most 8 coordinates");
  auto rates = string_list("rates", false);
  if (rates.empty())
    for (const auto& [name, where] : q) rates.emplace_back("d" + name, where);
  else if (rates.size() != q.size())
    fail(file_.table.get("rates")->source(), "'rates' needs one name per coordinate");
  for (const auto& [name, where] : q) add_state(name, where);
  for (const auto& [name, where] : rates) add_state(name, where);
}
void ModelCompiler::add_state(const std::string& name, const toml::source_region& where) {
  define(name, where, Symbol{Symbol::state, static_cast<int>(p_->states_.size()), 0});
  p_->states_.push_back(name);
  p_->units_.push_back("");
}

void ModelCompiler::read_parameters() {
  const toml::table* v = table("values", true);
  for (const auto& [key, node] : *v) {
    const std::string name(key.str());
    if (!node.is_integer() && !node.is_floating_point())
      fail(node.source(), "parameter '" + name + "' must be a number");
    const double value = *node.value<double>();
    if (!std::isfinite(value)) fail(node.source(), "parameter '" + name + "' must be finite");
    define(name, node.source(), Symbol{Symbol::parameter, 0, value});
  }
}

void ModelCompiler::read_lets() {
  const toml::table* l = table("let", false);
  if (!l) return;
  for (const auto& [key, node] : *l) {
    const std::string name(key.str());
    define(name, node.source(), Symbol{Symbol::let, static_cast<int>(let_names_.size()), 0});
    let_names_.push_back(name);
    lets_.emplace(name, Let{&node});
  }
}

void ModelCompiler::read_units() {
  const toml::table* u = table("units", false);
  if (!u) return;
  for (const auto& [key, node] : *u) {
    const std::string name(key.str());
    if (!node.is_string()) fail(node.source(), "units of '" + name + "' must be a string");
    const auto it = symbols_.find(name);
    if (it == symbols_.end() || it->second.kind == Symbol::let || it->second.kind == Symbol::time)
      fail(node.source(), "[units] names '" + name + "', which is not a state, input or parameter");
    if (it->second.kind == Symbol::state) p_->units_[it->second.index] = *node.value<std::string>();
  }
}

void ModelCompiler::define(const std::string& name, const toml::source_region& where, Symbol s) {
  static const std::set<std::string> reserved = {"pi",   "e",    "and",  "or",   "not",   "sin", "cos",
                                                 "tan",  "asin", "acos", "atan", "atan2", "exp", "log",
                                                 "sqrt", "abs",  "min",  "max",  "wrap",  "if"};
  bool ident = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
  for (char c : name) ident = ident && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ident) fail(where, "'" + name + "' is not a name (letters, digits and _, not starting with a digit)");
  if (reserved.count(name) || (name == "t" && s.kind != Symbol::time))
    fail(where, "'" + name + "' is reserved (t is time; pi, e and the functions are built in)");
  if (symbols_.count(name))
    fail(where, "duplicate name '" + name + "' (already " + kind_name(symbols_[name].kind) + ")");
  symbols_.emplace(name, s);
  names_.push_back(name);
}
std::string ModelCompiler::kind_name(Symbol::Kind k) {
  switch (k) {
    case Symbol::state: return "a state";
    case Symbol::input: return "an input";
    case Symbol::time: return "time";
    case Symbol::parameter: return "a parameter";
    case Symbol::force: return "the name of a constraint";
    default: return "a named expression";
  }
}
bool ModelCompiler::is_state(const std::string& s) const {
  const auto it = symbols_.find(s);
  return it != symbols_.end() && it->second.kind == Symbol::state;
}

// ---- the mechanical form -----------------------------------------------------------------------

void ModelCompiler::compile_mechanical(std::vector<int>& mass, std::vector<int>* forces) {
  const int d = static_cast<int>(p_->states_.size()) / 2;
  const toml::node* mm = file_.table.get("mass_matrix");
  if (!mm) fail(file_.table.source(), "missing 'mass_matrix' (a list of " + std::to_string(d) + " rows)");
  const toml::array* rows = mm->as_array();
  if (!rows || static_cast<int>(rows->size()) != d)
    fail(mm->source(), "'mass_matrix' must be a list of " + std::to_string(d) + " rows (one per coordinate)");
  std::vector<const toml::node*> entry(d * d);
  for (int i = 0; i < d; ++i) {
    const toml::array* row = (*rows)[i].as_array();
    if (!row || static_cast<int>(row->size()) != d)
      fail((*rows)[i].source(),
           "row " + std::to_string(i + 1) + " of 'mass_matrix' must list " + std::to_string(d) + " expressions");
    for (int j = 0; j < d; ++j) entry[i * d + j] = &(*row)[j];
  }
  auto squeeze = [](const toml::node* n) {
    std::string s = n->value_or(std::string());
    std::erase_if(s, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
    return s;
  };
  mass.assign(d * d, -1);
  for (int i = 0; i < d; ++i)
    for (int j = i; j < d; ++j) {
      if (j > i && squeeze(entry[j * d + i]) != squeeze(entry[i * d + j]))
        fail(entry[j * d + i]->source(), "the mass matrix must be symmetric: entry (" + std::to_string(j + 1) + ", " +
                                             std::to_string(i + 1) + ") differs from (" + std::to_string(i + 1) + ", " +
                                             std::to_string(j + 1) + ")");
      const std::string key = "mass_matrix[" + std::to_string(i + 1) + "][" + std::to_string(j + 1) + "]";
      mass[i * d + j] = mass[j * d + i] = reg_of(compile(*entry[i * d + j], key));
    }
  if (!forces) return;
  const toml::node* fn = file_.table.get("forces");
  if (!fn) fail(file_.table.source(), "missing 'forces' (a list of " + std::to_string(d) + " expressions)");
  const toml::array* f = fn->as_array();
  if (!f || static_cast<int>(f->size()) != d)
    fail(fn->source(), "'forces' must list " + std::to_string(d) + " expressions (one per coordinate)");
  for (int i = 0; i < d; ++i) forces->push_back(reg_of(compile((*f)[i], "forces[" + std::to_string(i + 1) + "]")));
}

/// [kinematics]: angles = "absolute" | "relative", lengths = one per link (numbers, parameters
/// or parameter expressions: the file's [values], overrides included, are folded in here).
void ModelCompiler::read_kinematics() {
  const toml::table* k = table("kinematics", false);
  if (!k) return;
  const int d = static_cast<int>(p_->states_.size()) / 2;
  for (const auto& [key, node] : *k)
    if (key.str() != "angles" && key.str() != "lengths")
      fail(node.source(), "unknown key '" + std::string(key.str()) + "' in [kinematics] (known: angles, lengths)");
  const toml::node* a = k->get("angles");
  if (!a)
    fail(k->source(),
         "[kinematics] has no 'angles' (\"absolute\": every coordinate is its link's angle from the "
         "downward vertical; \"relative\": the first is, each next one is relative to the link before)");
  const std::string angles = a->value_or(std::string());
  if (!a->is_string() || (angles != "absolute" && angles != "relative"))
    fail(a->source(), "'angles' in [kinematics] must be \"absolute\" or \"relative\"");
  const toml::node* l = k->get("lengths");
  if (!l) fail(k->source(), "[kinematics] has no 'lengths' (the endpoint length of each link, e.g. [\"L1\", \"L2\"])");
  const toml::array* list = l->as_array();
  if (!list || static_cast<int>(list->size()) != d)
    fail(l->source(), "'lengths' in [kinematics] must list " + std::to_string(d) + " lengths (one per link)");
  std::vector<ModelProgram::Instr> scratch;
  begin_program(&scratch);
  p_->link_lengths_.clear();
  for (int i = 0; i < d; ++i) {
    const toml::node& e = (*list)[static_cast<std::size_t>(i)];
    const std::string key = "kinematics.lengths[" + std::to_string(i + 1) + "]";
    const Operand o = compile(e, key);
    if (!o.is_const)
      fail(e.source(), "'" + key + "' must be a number or an expression of parameters, not of the state");
    if (!(o.value > 0.0) || !std::isfinite(o.value))
      fail(e.source(),
           "'" + key + "' must be a length > 0 [m] (it is " + std::to_string(o.value) + " with the file's [values])");
    p_->link_lengths_.push_back(o.value);
  }
  p_->link_angles_ = angles == "absolute" ? ModelProgram::LinkAngles::absolute : ModelProgram::LinkAngles::relative;
}

// ---- expressions -------------------------------------------------------------------------------

void ModelCompiler::begin_program(std::vector<ModelProgram::Instr>* code) {
  code_ = code;
  for (auto& [name, let] : lets_) let.state = 0, let.reg = -1;
}

int ModelCompiler::const_reg(const Operand& o) {
  if (auto it = const_regs_.find(o.origin); it != const_regs_.end()) return it->second;
  const int r = next_reg_++;
  const_regs_.emplace(o.origin, r);
  raw_.constants.emplace_back(r, o.value);
  return r;
}

ModelCompiler::Operand ModelCompiler::compile(const toml::node& node, const std::string& key) {
  if (!node.is_string()) {
    if (node.is_integer() || node.is_floating_point()) {
      const double v = *node.value<double>();
      return Operand{true, v, -1, number_origin(v)};
    }
    fail(node.source(), "'" + key + "' must be an expression in a string");
  }
  const std::string text = *node.value<std::string>();
  Expression e;
  try {
    e = Expression::parse(text, names_, key);
  } catch (const ExpressionError& err) { fail_in(node.source(), text, err.column(), err.what_only(), key); }
  std::vector<Operand> st;
  for (const auto& in : e.program()) {
    if (in.op == Op::constant) {
      st.push_back({true, in.value, -1, number_origin(in.value)});
      continue;
    }
    if (in.op == Op::variable) {
      const Symbol& s = symbols_.at(names_[in.index]);
      const int base = static_cast<int>(p_->states_.size());
      switch (s.kind) {
        case Symbol::state:
          if (context_.states >= 0 && s.index >= context_.states)
            fail_in(node.source(), text, in.column,
                    "'" + names_[in.index] + "' is a rate: " + context_.what + " may depend on the coordinates only",
                    key);
          st.push_back({false, 0, s.index});
          break;
        case Symbol::input:
          if (!context_.inputs)
            fail_in(node.source(), text, in.column,
                    "'" + names_[in.index] + "' is an input: " + context_.what + " may not depend on the inputs", key);
          st.push_back({false, 0, base + s.index});
          break;
        case Symbol::time: st.push_back({false, 0, base + static_cast<int>(p_->inputs_.size())}); break;
        case Symbol::force:
          if (context_.force_mode != kAnyForces && context_.force_mode != s.mode)
            fail_in(node.source(), text, in.column,
                    "'" + names_[in.index] + "' is the force of a constraint of mode '" + p_->mode_names_[s.mode] +
                        "': only the guard, condition and reset of an event from that mode (from = \"" +
                        p_->mode_names_[s.mode] + "\", without an impact) can read it",
                    key);
          st.push_back({false, 0, base + static_cast<int>(p_->inputs_.size()) + 1 + s.index});
          break;
        case Symbol::parameter: st.push_back({true, s.value, -1, "$" + names_[in.index]}); break;
        case Symbol::let: {
          const std::string& name = names_[in.index];
          if (lets_.at(name).state == 1) {
            std::string cycle;
            for (const auto& l : let_stack_) cycle += l + " -> ";
            fail_in(node.source(), text, in.column, "recursion among named expressions: " + cycle + name, key);
          }
          st.push_back(compile_let(name, node.source()));
          break;
        }
      }
      continue;
    }
    // The expression's operation is the register program's (core/instruction_set.hpp).
    const Op code = in.op;
    const int arity = operand_count(code);
    Operand arg[3] = {{true, 0, -1}, {true, 0, -1}, {true, 0, -1}};
    for (int k = arity - 1; k >= 0; --k) arg[k] = st.back(), st.pop_back();
    if (code == Op::div && arg[1].is_const && arg[1].value == 0.0)
      fail_in(node.source(), text, in.column, "division by zero (the denominator is 0 with the file's [values])", key);
    if (arg[0].is_const && arg[1].is_const && arg[2].is_const) {
      std::string origin = std::to_string(static_cast<int>(code)) + "(" + arg[0].origin;
      for (int k = 1; k < arity; ++k) origin += "," + arg[k].origin;
      st.push_back({true, model_program_apply(code, arg[0].value, arg[1].value, arg[2].value), -1, origin + ")"});
      continue;
    }
    // x^2, the commonest power in mechanics (ω², L²), as one multiplication instead of pow(): the
    // number 2 only, not a parameter or expression that is 2 (the code depends on no value).
    const bool square = code == Op::pow && arg[1].is_const && arg[1].origin == number_origin(2.0);
    const int a = reg_of(arg[0]), b = square ? a : arity > 1 ? reg_of(arg[1]) : 0, c = arity > 2 ? reg_of(arg[2]) : 0;
    const int dst = next_reg_++;
    code_->push_back({square ? Op::mul : code, dst, a, b, c});
    st.push_back({false, 0, dst});
  }
  return st.back();
}

double ModelCompiler::constant_value(const toml::node& node, const std::string& key) {
  std::vector<ModelProgram::Instr> scratch, *was = code_;
  begin_program(&scratch);
  const Operand o = compile(node, key);
  if (!o.is_const)
    fail(node.source(), "'" + key + "' must be a number or an expression of parameters, not of the state or t");
  code_ = was;
  return o.value;
}

ModelCompiler::Operand ModelCompiler::compile_let(const std::string& name, const toml::source_region&) {
  Let& let = lets_.at(name);
  if (let.state == 2) return let.reg >= 0 ? Operand{false, 0, let.reg} : let_const_.at(name);
  let.state = 1;
  let_stack_.push_back(name);
  const Operand o = compile(*let.node, "let." + name);
  let_stack_.pop_back();
  let.state = 2;
  if (o.is_const)
    let_const_[name] = o, let.reg = -1;
  else
    let.reg = o.reg;
  return o;
}

std::shared_ptr<const ModelProgram> compile_model_program(const ParamFile& file, bool optimise,
                                                          ModelProgramStats* stats) {
  return ModelCompiler(file, optimise, stats).run();
}

std::shared_ptr<const ModelProgram> ModelProgram::compile(const ParamFile& file) {
  return compile_model_program(file, true);
}

}  // namespace chaoskit
