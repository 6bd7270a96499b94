// The hybrid part of a model file (data/models/README.md, "Events and modes"): `modes`,
// [constraints] and [[events]], compiled after the rhs program into programs of their own (the
// event side, run by model_events.cpp, model_constraints.cpp and model_impact.cpp), so that the rhs
// program of a file is the same with or without them. An event-side program's registers are the
// states, the inputs, t (differentiated, for the saltation matrix's ∂g/∂t) and the constraint
// forces of the mode the event is armed in.
#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/model_compiler.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit {

namespace {

// States at which a constraint's gradient is compared with its value at rest (as model_mechanics.cpp
// probes B and D): coordinates spread over (−3, 3) rad, no two alike.
constexpr int kConstraintProbes = 6;
double probe_coordinate(int probe, int i) { return 3.0 * std::sin(1.3 * (probe + 1) + 0.7 * i + 0.2); }

bool is_comparison(Op op) {
  return op == Op::lt || op == Op::le || op == Op::gt || op == Op::ge || op == Op::eq || op == Op::ne ||
         op == Op::land || op == Op::lor || op == Op::lnot;
}

}  // namespace

void ModelCompiler::begin_twin(int forces) {
  stash_.push_back({std::move(raw_), std::move(const_regs_), next_reg_, code_, forces});
  raw_ = RawModelProgram{};
  const_regs_.clear();
  const int n = static_cast<int>(p_->states_.size()), m = static_cast<int>(p_->inputs_.size());
  raw_.fixed = n + m + 1 + forces;  // t and the forces are differentiated here
  raw_.time = raw_.fixed;           // the layout's zero slot: no expression reads it
  next_reg_ = raw_.time + 1;
  begin_program(&raw_.code);
}

std::shared_ptr<ModelProgram> ModelCompiler::end_twin() {
  raw_.registers = next_reg_;
  if (optimise_) optimise_model_program(raw_);
  lay_out_registers(raw_);
  Stash s = std::move(stash_.back());
  stash_.pop_back();
  auto twin = std::make_shared<ModelProgram>();
  twin->form_ = raw_.mass.empty() ? ModelProgram::Form::ode : ModelProgram::Form::mechanical;
  twin->states_ = p_->states_;
  twin->inputs_ = p_->inputs_;
  twin->registers_ = raw_.registers;
  twin->time_reg_ = raw_.time;
  twin->constants_ = std::move(raw_.constants);
  twin->code_ = std::move(raw_.code);
  twin->out_ = std::move(raw_.out);
  twin->mass_ = std::move(raw_.mass);
  twin->forces_ = s.forces;
  raw_ = std::move(s.raw);
  const_regs_ = std::move(s.const_regs);
  next_reg_ = s.next_reg;
  code_ = s.code;
  return twin;
}

// ---- modes and constraints -----------------------------------------------------------------------

void ModelCompiler::read_modes() {
  if (const toml::node* n = file_.table.get("modes")) {
    const toml::array* a = n->as_array();
    if (!a || a->empty())
      fail(n->source(), "'modes' must list the modes' names, the first being the one a trajectory starts in");
    p_->mode_names_.clear();
    for (const auto& e : *a) {
      const auto name = e.value<std::string>();
      if (!e.is_string() || name->empty()) fail(e.source(), "'modes' must list names (strings)");
      if (std::find(p_->mode_names_.begin(), p_->mode_names_.end(), *name) != p_->mode_names_.end())
        fail(e.source(), "mode '" + *name + "' is listed twice");
      p_->mode_names_.push_back(*name);
    }
  }
  const int modes = static_cast<int>(p_->mode_names_.size());
  p_->constraint_names_.assign(modes, {});
  p_->constraint_matrices_.assign(modes, {});
  const toml::table* c = table("constraints", false);
  if (!c) return;
  if (p_->form_ != ModelProgram::Form::mechanical)
    fail(c->source(),
         "[constraints] need a mechanical model file (model = \"mechanical\"): a constraint holds a function of the "
         "coordinates fixed by a force in M q'' = f + A^T lambda");
  // Each constraint's name is its force's name in event expressions: defined now, so that a name
  // clash or a use outside the mode's events is reported where it is written.
  for (const auto& [key, node] : *c) {
    const std::string mode(key.str());
    const auto it = std::find(p_->mode_names_.begin(), p_->mode_names_.end(), mode);
    if (it == p_->mode_names_.end())
      fail(node.source(), "[constraints] names mode '" + mode +
                              "', which 'modes' does not list (modes: " + join(p_->mode_names_) + ")");
    const int index = static_cast<int>(it - p_->mode_names_.begin());
    if (index == 0)
      fail(node.source(), "mode '" + mode +
                              "' is the first mode, where a trajectory starts and what the smooth tools integrate: "
                              "it cannot hold constraints (list an unconstrained mode first)");
    const toml::table* rows = node.as_table();
    if (!rows || rows->empty())
      fail(node.source(),
           "[constraints." + mode + "] must be a table: constraint name = expression of the coordinates");
    const int d = p_->dof();
    if (static_cast<int>(rows->size()) > d)
      fail(node.source(), "mode '" + mode + "' holds " + std::to_string(rows->size()) + " constraints; a model of " +
                              std::to_string(d) + " coordinates can hold at most " + std::to_string(d));
    for (const auto& [name, expr] : *rows) {
      define(std::string(name.str()), expr.source(),
             Symbol{Symbol::force, static_cast<int>(p_->constraint_names_[index].size()), 0, index});
      p_->constraint_names_[index].emplace_back(name.str());
    }
  }
}

void ModelCompiler::read_constraints() {
  const toml::table* c = table("constraints", false);
  if (!c) return;
  const int n = p_->state_dim(), m = p_->input_count(), d = p_->dof();
  for (const auto& [key, node] : *c) {
    const std::string mode(key.str());
    const int index =
        static_cast<int>(std::find(p_->mode_names_.begin(), p_->mode_names_.end(), mode) - p_->mode_names_.begin());
    const toml::table& rows = *node.as_table();
    begin_twin(0);
    context_ = Context{d, false, kNoForces, "a constraint"};
    std::vector<const toml::node*> where;
    for (const auto& [name, expr] : rows) {
      if (!expr.is_string())
        fail(expr.source(), "'constraints." + mode + "." + std::string(name.str()) + "' must be one expression");
      raw_.out.push_back(reg_of(compile(expr, "constraints." + mode + "." + std::string(name.str()))));
      where.push_back(&expr);
    }
    context_ = Context{};
    const auto program = end_twin();
    // Its gradient, at rest and at the probe states: linear in the coordinates means the same
    // gradient everywhere, and no dependence on t (the rates and inputs it cannot read).
    const int r = static_cast<int>(where.size()), K = n + m + 1;
    std::vector<double> x(n, 0.0), u(m, 0.0), dx(n * K, 0.0), du(m * K, 0.0), dt(K, 0.0), A(r * d);
    for (int i = 0; i < n; ++i) dx[i * K + i] = 1.0;
    for (int j = 0; j < m; ++j) du[j * K + n + j] = 1.0;
    dt[n + m] = 1.0;
    auto gradient = [&](std::vector<double>& g) {
      std::vector<double> reg(program->registers_), der(static_cast<std::size_t>(program->time_reg_ + 1) * K);
      program->run_event_program(x.data(), u.data(), 0.0, nullptr, dx.data(), du.data(), dt.data(), nullptr, K,
                                 reg.data(), der.data());
      g.assign(r * K, 0.0);
      for (int i = 0; i < r; ++i)
        for (int k = 0; k < K; ++k)
          g[i * K + k] = der[static_cast<std::size_t>(std::min(program->out_[i], program->time_reg_)) * K + k];
    };
    std::vector<double> at_rest, g;
    gradient(at_rest);
    for (int i = 0; i < r; ++i) {
      if (at_rest[i * K + n + m] != 0.0)
        fail(where[i]->source(), "a constraint may not depend on t (constraints." + mode + " holds A q fixed)");
      for (int j = 0; j < d; ++j) A[i * d + j] = at_rest[i * K + j];
    }
    for (int probe = 0; probe < kConstraintProbes; ++probe) {
      for (int i = 0; i < d; ++i) x[i] = probe_coordinate(probe, i);
      gradient(g);
      for (int i = 0; i < r; ++i)
        for (int j = 0; j < d; ++j)
          if (std::abs(g[i * K + j] - A[i * d + j]) > 1e-12 * std::max(1.0, std::abs(A[i * d + j])))
            fail(where[i]->source(),
                 "a constraint must be linear in the coordinates (such as a locked joint, 'th1 - th2'): the "
                 "derivative of constraints." +
                     mode + "." + p_->constraint_names_[index][i] + " by " + p_->states_[j] + " varies with the state");
    }
    // Independent rows: A Aᵀ positive definite.
    for (int i = 0; i < r; ++i) {
      double norm = 0.0;
      for (int j = 0; j < d; ++j) norm += A[i * d + j] * A[i * d + j];
      if (norm == 0.0) fail(where[i]->source(), "a constraint must depend on the coordinates");
    }
    std::vector<double> G(r * r);
    for (int i = 0; i < r; ++i)
      for (int j = 0; j < r; ++j) {
        double s = 0.0;
        for (int l = 0; l < d; ++l) s += A[i * d + l] * A[j * d + l];
        G[i * r + j] = s;
      }
    for (int j = 0; j < r; ++j) {  // Cholesky of A Aᵀ, pivot by pivot
      double p = G[j * r + j];
      for (int k = 0; k < j; ++k) p -= G[j * r + k] * G[j * r + k];
      if (!(p > 1e-12 * G[j * r + j]))
        fail(where[j]->source(), "the constraints of mode '" + mode + "' are not independent");
      p = std::sqrt(p);
      G[j * r + j] = p;
      for (int i = j + 1; i < r; ++i) {
        double s = G[i * r + j];
        for (int k = 0; k < j; ++k) s -= G[i * r + k] * G[j * r + k];
        G[i * r + j] = s / p;
      }
    }
    p_->constraint_matrices_[index] = std::move(A);
    ++p_->constrained_modes_;
  }
}

// ---- events --------------------------------------------------------------------------------------

int ModelCompiler::mode_index(const toml::node& node, const std::string& key) const {
  const auto name = node.value<std::string>();
  if (!node.is_string()) fail(node.source(), "'" + key + "' must be a mode's name (a string)");
  const auto it = std::find(p_->mode_names_.begin(), p_->mode_names_.end(), *name);
  if (it == p_->mode_names_.end())
    fail(node.source(), "unknown mode '" + *name + "' in " + key + " (modes: " + join(p_->mode_names_) + ")");
  return static_cast<int>(it - p_->mode_names_.begin());
}

void ModelCompiler::read_events() {
  const toml::node* n = file_.table.get("events");
  if (n) {
    const toml::array* a = n->as_array();
    if (!a || !a->is_array_of_tables())
      fail(n->source(), "'events' must be tables [[events]], one per event (name, guard, direction, ...)");
    const bool mech = p_->form_ == ModelProgram::Form::mechanical;
    if (mech) {  // the mass matrix and forces with t differentiated: impacts and constraint forces
      begin_twin(0);
      compile_mechanical(raw_.mass, &raw_.out);
      p_->event_dynamics_ = end_twin();
    }
    for (const auto& e : *a) read_event(*e.as_table(), e.source());
  }
  if (!p_->event_dynamics_ && p_->constrained_modes_ > 0) {
    begin_twin(0);
    compile_mechanical(raw_.mass, &raw_.out);
    p_->event_dynamics_ = end_twin();
  }
}

void ModelCompiler::read_event(const toml::table& e, const toml::source_region& where) {
  static const std::set<std::string> known = {"name", "guard", "direction", "when",    "from",
                                              "to",   "reset", "impact",    "terminal"};
  for (const auto& [k, v] : e)
    if (!known.count(std::string(k.str())))
      fail(v.source(), "unknown key '" + std::string(k.str()) +
                           "' in [[events]] (known: name, guard, direction, when, from, to, reset, impact, terminal)");
  ModelProgram::CompiledEvent ev;
  const toml::node* name = e.get("name");
  if (!name) fail(where, "an event needs a 'name' (e.g. name = \"heel_strike\")");
  if (!name->is_string() || name->value<std::string>()->empty())
    fail(name->source(), "an event's 'name' must be a non-empty string");
  ev.declared.name = *name->value<std::string>();
  for (const auto& other : p_->events_)
    if (other.declared.name == ev.declared.name)
      fail(name->source(), "two events are named '" + ev.declared.name + "'");
  const std::string key = "events." + ev.declared.name;

  const toml::node* dir = e.get("direction");
  if (!dir)
    fail(where, key + " needs a 'direction': \"up\" (the guard rising through 0), \"down\" (falling) or \"both\"");
  const std::string d = dir->value_or(std::string());
  if (!dir->is_string() || (d != "up" && d != "down" && d != "both"))
    fail(dir->source(), "unknown direction in " + key + ".direction (\"up\", \"down\" or \"both\")");
  ev.declared.direction = d == "up" ? 1 : d == "down" ? -1 : 0;
  if (const toml::node* term = e.get("terminal")) {
    if (!term->is_boolean()) fail(term->source(), "'" + key + ".terminal' must be true or false");
    ev.declared.terminal = *term->value<bool>();
    // A terminal event ends the orbit (a walker falling): nothing happens after it to reset.
    for (const char* after : {"reset", "impact", "to"})
      if (ev.declared.terminal && e.get(after))
        fail(e.get(after)->source(), "'" + key + "." + after + "': a terminal event ends the orbit, so it has no " +
                                         after + " (drop it, or terminal = false)");
  }
  if (const toml::node* f = e.get("from")) ev.declared.from_mode = mode_index(*f, key + ".from");
  if (const toml::node* t = e.get("to")) ev.declared.to_mode = mode_index(*t, key + ".to");
  const int from = ev.declared.from_mode;
  const int forces = from >= 0 ? static_cast<int>(p_->constraint_names_[from].size()) : 0;
  const int force_mode = forces > 0 ? from : kNoForces;

  // The guard: one continuous scalar expression.
  const toml::node* g = e.get("guard");
  if (!g) fail(where, key + " needs a 'guard': an expression of the state that crosses zero at the event");
  if (g->is_array() || g->is_table())
    fail(g->source(), "'" + key + ".guard' must be one expression (a scalar): the event happens where it crosses zero");
  if (g->is_string()) {
    Expression parsed;
    try {
      parsed = Expression::parse(*g->value<std::string>(), names_, key + ".guard");
    } catch (const InputError&) {}  // compile() below reports it with its column
    if (!parsed.program().empty() && is_comparison(parsed.program().back().op))
      fail(g->source(), "'" + key +
                            ".guard' is a comparison (1 or 0), which has no crossing to locate: write the quantity "
                            "that crosses zero (for 'x < 1', the guard 'x - 1' with direction \"down\")");
  }
  begin_twin(forces);
  context_ = Context{-1, true, force_mode, "an event's guard"};
  const Operand go = compile(*g, key + ".guard");
  if (go.is_const) fail(g->source(), "'" + key + ".guard' is a constant: it never crosses zero");
  raw_.out.push_back(reg_of(go));
  ev.guard = end_twin();

  if (const toml::node* w = e.get("when")) {
    if (w->is_array() || w->is_table()) fail(w->source(), "'" + key + ".when' must be one expression (a condition)");
    begin_twin(forces);
    context_ = Context{-1, true, force_mode, "an event's condition"};
    raw_.out.push_back(reg_of(compile(*w, key + ".when")));
    ev.when = end_twin();
  }
  context_ = Context{};

  const toml::node* impact = e.get("impact");
  if (impact) {
    if (!impact->is_table())
      fail(impact->source(), "'" + key + ".impact' must be a table ([events.impact]: contact, restitution, ...)");
    read_impact(*impact->as_table(), ev, key + ".impact");
  }

  if (const toml::node* r = e.get("reset")) {
    const int n = p_->state_dim();
    std::vector<const toml::node*> expr(n, nullptr);
    if (const toml::table* t = r->as_table()) {
      for (const auto& [state, value] : *t) {
        if (!is_state(std::string(state.str())))
          fail(value.source(), "'" + std::string(state.str()) + "' in " + key +
                                   ".reset is not a state (states: " + join(p_->states_) + ")");
        expr[symbols_.at(std::string(state.str())).index] = &value;
      }
    } else if (const toml::array* l = r->as_array()) {
      if (static_cast<int>(l->size()) != n)
        fail(r->source(), "'" + key + ".reset' lists " + std::to_string(l->size()) + " expressions; the model has " +
                              std::to_string(n) + " states (" + join(p_->states_) + ")");
      for (int i = 0; i < n; ++i) expr[i] = &(*l)[static_cast<std::size_t>(i)];
    } else {
      fail(r->source(), "'" + key +
                            ".reset' must be a table (state = expression; a state not named keeps its value) or a "
                            "list of one expression per state");
    }
    for (int i = 0; i < n; ++i)
      if (expr[i] && (expr[i]->is_array() || expr[i]->is_table()))
        fail(expr[i]->source(), "'" + key + ".reset." + p_->states_[i] + "' must be one expression");
    begin_twin(impact ? 0 : forces);
    context_ =
        Context{-1, true, impact ? kNoForces : force_mode, impact ? "a reset after an impact" : "an event's reset"};
    for (int i = 0; i < n; ++i)
      raw_.out.push_back(expr[i] ? reg_of(compile(*expr[i], key + ".reset." + p_->states_[i])) : i);
    context_ = Context{};
    ev.reset = end_twin();
  }

  // Entering a constrained mode needs the constraint's rate zero: a plastic impact on it.
  const int to = ev.declared.to_mode;
  if (to >= 0 && to != from && !p_->constraint_names_[to].empty() && (!impact || ev.restitution != 0.0))
    fail(where, key + " enters mode '" + p_->mode_names_[to] +
                    "', whose constraints need their rates zero: give it a plastic impact on them ([events.impact] "
                    "with contact = the constraint and restitution = 0)");
  p_->events_.push_back(std::move(ev));
}

void ModelCompiler::read_impact(const toml::table& impact, ModelProgram::CompiledEvent& ev, const std::string& key) {
  if (p_->form_ != ModelProgram::Form::mechanical)
    fail(impact.source(),
         "an impact (" + key +
             ") needs a mechanical model file (model = \"mechanical\"): its impulse is solved from the mass matrix");
  static const std::set<std::string> known = {"contact", "restitution", "pin_mass", "pin_com"};
  for (const auto& [k, v] : impact)
    if (!known.count(std::string(k.str())))
      fail(v.source(), "unknown key '" + std::string(k.str()) + "' in [" + key +
                           "] (known: contact, restitution, pin_mass, pin_com)");
  if (ev.declared.from_mode < 0 && p_->constrained_modes_ > 0)
    fail(impact.source(), key +
                              ": in a file with constrained modes an impact needs its event's 'from': the impulse "
                              "passes through the constraints of the mode it happens in");
  const toml::node* contact = impact.get("contact");
  if (!contact)
    fail(impact.source(),
         key +
             " needs a 'contact': the point that comes to rest (a list of its coordinates relative "
             "to the pin, e.g. [\"x\", \"y\"]) or a joint quantity that hits its limit (one expression)");
  std::vector<const toml::node*> rows;
  if (const toml::array* a = contact->as_array()) {
    if (a->empty() || a->size() > 3)
      fail(contact->source(), "'" + key + ".contact' must list 1 to 3 coordinates of the contact point");
    for (const auto& r : *a) rows.push_back(&r);
  } else if (contact->is_table()) {
    fail(contact->source(), "'" + key + ".contact' must be an expression or a list of them");
  } else {
    rows.push_back(contact);
  }
  if (const toml::node* e = impact.get("restitution")) {
    ev.restitution = constant_value(*e, key + ".restitution");
    if (!(ev.restitution >= 0.0 && ev.restitution <= 1.0))
      fail(e->source(), "'" + key + ".restitution' must be in [0, 1] (0: plastic, 1: elastic); it is " +
                            std::to_string(ev.restitution) + " with the file's [values]");
  }
  const toml::node* mass = impact.get("pin_mass");
  const toml::node* com = impact.get("pin_com");
  if ((mass == nullptr) != (com == nullptr))
    fail((mass ? mass : com)->source(), key +
                                            " frees the pin with 'pin_mass' (the total mass) and 'pin_com' (the "
                                            "centre of mass relative to the pin) together, or neither");
  std::vector<const toml::node*> com_rows;
  if (mass) {
    ev.frees_pin = true;
    ev.pin_mass = constant_value(*mass, key + ".pin_mass");
    if (!(ev.pin_mass > 0.0) || !std::isfinite(ev.pin_mass))
      fail(mass->source(), "'" + key + ".pin_mass' must be a mass > 0 (the model's total mass)");
    const toml::array* c = com->as_array();
    if (!contact->is_array() || !c || c->size() != rows.size())
      fail(com->source(), "'" + key +
                              ".pin_com' must list the centre of mass's coordinates relative to the pin, as many as "
                              "the contact point's (" +
                              std::to_string(rows.size()) + ")");
    for (const auto& r : *c) com_rows.push_back(&r);
  }
  begin_twin(0);
  context_ = Context{p_->dof(), false, kNoForces, "an impact's contact point and centre of mass"};
  for (std::size_t i = 0; i < rows.size(); ++i)
    raw_.out.push_back(reg_of(compile(*rows[i], key + ".contact[" + std::to_string(i + 1) + "]")));
  for (std::size_t i = 0; i < com_rows.size(); ++i)
    raw_.out.push_back(reg_of(compile(*com_rows[i], key + ".pin_com[" + std::to_string(i + 1) + "]")));
  context_ = Context{};
  ev.contact = end_twin();
  ev.contact_rows = static_cast<int>(rows.size());
  ev.declared.impact = true;
}

}  // namespace chaoskit
