#pragma once
// A model written in a TOML file (data/models/README.md), compiled once into a flat register
// program: every expression (derivatives, named intermediates, mass matrix, forces, energy) becomes
// straight-line instructions over one register file, with the parameters folded in as constants,
// each named intermediate computed once per call, and no allocation per call (the registers are a
// per-thread buffer grown once). The same program runs forward-mode dual numbers: each register
// then carries K directional derivatives, which gives ∂f/∂x · W (the tangent flow) and the AutoDiff
// Jacobians through the same instructions, with no numerical differences.
//
// Two forms:
//   model = "ode"         one expression per state derivative
//   model = "mechanical"  M(q) q̈ = f(q, q̇, τ): the mass-matrix entries and the generalised forces,
//                         solved per call (Cholesky of the dof × dof matrix)
//
// Either form may declare events ([[events]]: guard, direction, condition, reset or impact) and modes
// (a mechanical file's modes may hold linear holonomic constraints, [constraints]): a hybrid model
// (models/hybrid_model.hpp). Each event's expressions are compiled into small programs of their own
// beside the rhs program, so that a file's rhs program, and every smooth result, is the same with
// or without them (model_events.cpp runs them).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "chaoskit/core/instruction_set.hpp"

namespace chaoskit {

struct ParamFile;

class ModelProgram {
 public:
  enum class Form { ode, mechanical };

  /// Compiles the model in `file` (read by read_param_file, its [values] possibly overridden).
  /// Throws InputError naming "file:line:column" for any error in the model (unknown symbol,
  /// missing or unknown derivative, duplicate name, division by a parameter expression that is 0,
  /// syntax error, recursion among named expressions, a mass matrix that is not symmetric in form).
  static std::shared_ptr<const ModelProgram> compile(const ParamFile& file);

  Form form() const { return form_; }
  int state_dim() const { return static_cast<int>(states_.size()); }
  int input_count() const { return static_cast<int>(inputs_.size()); }
  int dof() const { return form_ == Form::mechanical ? state_dim() / 2 : 0; }
  const std::vector<std::string>& state_names() const { return states_; }
  const std::vector<std::string>& state_units() const { return units_; }
  const std::vector<std::string>& input_names() const { return inputs_; }
  /// The file it was read from (a model's name wherever a built-in's name would appear).
  const std::string& source() const { return source_; }
  const std::string& description() const { return description_; }
  bool has_energy() const { return energy_out_ >= 0; }
  /// Number of instructions per call (the benchmark reports it).
  int instruction_count() const { return static_cast<int>(code_.size()); }
  bool has_potential() const { return form_ == Form::mechanical && energy_out_ >= 0; }

  // ---- events and modes (model_events.cpp; the format: data/models/README.md, "Events") ----------

  /// One event as the file declares it (models/hybrid_model.hpp's EventInfo, without Eigen).
  struct EventDeclaration {
    std::string name;
    int direction = 0;  ///< +1 up, −1 down, 0 both (EventDirection's values)
    int from_mode = -1, to_mode = -1;
    bool impact = false;    ///< its reset starts with an impact ([events.impact])
    bool terminal = false;  ///< the orbit ends at it (terminal = true): no reset
  };
  int event_count() const { return static_cast<int>(events_.size()); }
  const EventDeclaration& event(int k) const;
  /// The modes' names, at least one ("default" for a file without `modes`). A trajectory starts in
  /// the first, which holds no constraint: rhs() is its vector field.
  const std::vector<std::string>& mode_names() const { return mode_names_; }
  /// Whether the file has anything beyond the smooth rhs program (events, constrained modes): such a
  /// file needs the integrator's event handling, which the SIMD lanes (they run the rhs program
  /// alone) do not have.
  bool has_events() const { return !events_.empty() || constrained_modes_ > 0; }
  /// The constraints of `mode`: their names (in event expressions, each name is its constraint
  /// force λ) and the constant matrix A (rows × dof, row-major) of A q = const.
  const std::vector<std::string>& constraint_names(int mode) const;
  const std::vector<double>& constraint_matrix(int mode) const;
  int constraint_count(int mode) const { return static_cast<int>(constraint_names(mode).size()); }

  /// Event k's guard g(x, u, t).
  double event_guard(int k, const double* x, const double* u, double t) const;
  /// g and its derivatives along K directions of (x, u, t): dx is state_dim × K, du input_count × K
  /// and dt K values (row-major; du and dt may be null for zero); dg receives K values.
  void event_guard_tangent(int k, const double* x, const double* u, double t, const double* dx, const double* du,
                           const double* dt, int K, double* g, double* dg) const;
  /// Event k's condition (`when`; true without one), read where its guard crosses zero.
  bool event_allowed(int k, const double* x, const double* u, double t) const;
  /// x⁺ = R_k(x⁻, u, t): the impact (if any), then the reset expressions.
  void event_reset(int k, const double* x, const double* u, double t, double* x_plus) const;
  /// x⁺ and its derivatives along K directions (as event_guard_tangent; dx_plus: state_dim × K).
  /// The values are event_reset's, bit for bit.
  void event_reset_tangent(int k, const double* x, const double* u, double t, const double* dx, const double* du,
                           const double* dt, int K, double* x_plus, double* dx_plus) const;
  /// The most directions event_guard_tangent and event_reset_tangent take: the saltation matrix's
  /// of the largest model file (integrate/saltation.hpp: 12 states, 6 input slots and time).
  static constexpr int kMaxEventDirections = 19;

  /// ẋ in `mode`: rhs() in a mode without constraints, else M q̈ = f + Aᵀλ with A q̈ = 0.
  void rhs_in_mode(int mode, const double* x, const double* u, double t, double* f) const;
  /// rhs_tangent in `mode` (the same values as rhs_in_mode, bit for bit).
  void rhs_tangent_in_mode(int mode, const double* x, const double* u, double t, const double* dx, const double* du,
                           int K, double* f, double* df) const;
  /// The constraint forces λ of `mode` at (x, u, t), constraint_count(mode) values (model_constraints.cpp).
  void constraint_forces(int mode, const double* x, const double* u, double t, double* lambda) const;

  /// f = ẋ at (x, u, t); x: state_dim values, u: input_count values (may be null when 0).
  void rhs(const double* x, const double* u, double t, double* f) const;
  /// f and its derivatives along K directions: dx is state_dim × K and du input_count × K
  /// (row-major; du may be null for zero), df state_dim × K row-major. t carries no direction.
  void rhs_tangent(const double* x, const double* u, double t, const double* dx, const double* du, int K, double* f,
                   double* df) const;
  /// The energy expression at x (NaN when the file gives none); for the mechanical form
  /// ½ q̇ᵀ M(q) q̇ plus the potential.
  double energy(const double* x) const;

  // ---- the mechanical form piece by piece (model_mechanics.cpp) -----------------------------------
  // What basins, energy surfaces, modes and `inspect` need of M(q) q̈ + c(q, q̇) + G(q) + D q̇ = B u,
  // from the file's M(q), f(q, q̇, τ) and V(q), every derivative by the dual mode (exact). All at
  // t = 0; the arrays are row-major. Only for Form::mechanical.

  /// M(q) (dof × dof) at the coordinates q (the rates and inputs read 0).
  void mass_matrix_at(const double* q, double* M) const;
  /// The generalised forces f(x, u) (dof values) and, when J is not null, ∂f/∂(x, u):
  /// dof × (state_dim + input_count). u may be null for zero inputs.
  void forces_at(const double* x, const double* u, double* f, double* J) const;
  /// V(q) and, when G is not null, G = ∂V/∂q (dof values); NaN and G = 0 without a potential.
  double potential_at(const double* q, double* G) const;
  /// B = ∂f/∂τ (dof × input_count) and D = −∂f/∂q̇ at rest (dof × dof), found when the file was
  /// compiled; mechanics_problem() says why they cannot be used (empty when they can).
  const std::vector<double>& input_matrix() const { return input_matrix_; }
  const std::vector<double>& damping_matrix() const { return damping_matrix_; }
  const std::string& mechanics_problem() const { return mechanics_problem_; }

  /// The optional [kinematics] table: how the absolute link angles follow from q, and each link's
  /// endpoint length [m] (its [values] folded in).
  enum class LinkAngles { none, absolute, relative };
  LinkAngles link_angles() const { return link_angles_; }
  const std::vector<double>& link_lengths() const { return link_lengths_; }

  /// One instruction: reg[dst] = op(reg[a], reg[b], reg[c]), op one of the shared instruction set
  /// (core/instruction_set.hpp) but constant and variable (registers hold those); sincos and
  /// sincos2 write two and four registers (dst, dst + 1 and c, c + 1), the passes make them and
  /// mul_add and its kin (models/model_program_passes.hpp).
  struct Instr {
    Op op;
    int dst, a, b, c;
  };

  /// The rhs program as plain arrays into this program, for the lane engine's own interpreter
  /// (simd/lane_program.hpp), which restates rhs_tangent on W trajectories at once and may call no
  /// inline function the rest of chaoskit also uses (simd/lanes.hpp): hence fields, no accessors.
  struct Layout {
    bool mechanical = false;
    int states = 0, inputs = 0;
    int registers = 0, time_register = 0;  ///< the dual mode differentiates registers below time's
    const std::pair<int, double>* constants = nullptr;
    int constant_count = 0;
    const Instr* code = nullptr;
    int code_size = 0;
    const int* out = nullptr;   ///< ode: the derivatives' registers (states); mechanical: the forces' (dof)
    const int* mass = nullptr;  ///< mechanical: M(i, j)'s registers, row-major dof × dof
  };
  Layout layout() const;
  /// Whether `other`'s rhs program is this one's up to the values of its constants: the same
  /// instructions on the same registers, its constants in the same registers, the same outputs. One
  /// lane engine then integrates both, each lane with its own constants (a sweep over a file's
  /// [values]). The compiler's code depends on no value (model_compiler.cpp), so programs of one
  /// file always have the same code; the sweep checks it all the same before it shares an engine.
  bool same_code_as(const ModelProgram& other) const;
  /// The values of the constants, in the order of Layout::constants (what a lane of a program with
  /// the same code, same_code_as, needs of this one).
  std::vector<double> constant_values() const;

 private:
  friend class ModelCompiler;
  void run(double* reg) const;
  void run_dual(double* reg, double* der, int K) const;
  /// Finds B and D and checks that they are constant (the compiler calls it last).
  void derive_mechanics();
  void mechanical_solve(const double* reg, const double* der, int K, const double* x, const double* dx, double* f,
                        double* df) const;
  /// A program of the event side (an event's guard, condition, contact or reset, or the dynamics
  /// with t differentiated): its registers are the states, the inputs, t and then `forces_`
  /// constraint forces, all differentiated by the dual mode, and out_ holds its outputs.
  /// Loads (x, u, t, λ) and, with K > 0, their directions, then runs it (model_events.cpp).
  void run_event_program(const double* x, const double* u, double t, const double* lambda, const double* dx,
                         const double* du, const double* dt, const double* dlambda, int K, double* reg,
                         double* der) const;
  /// Runs the event-side program `p` (a guard, condition or reset of an event leaving `mode`) on
  /// `program_x` (and `program_dx`), its constraint forces (when it reads them) taken at x (and dx),
  /// with K directions when K > 0; returns its registers, and with K > 0 their derivatives in
  /// *der_out (model_events.cpp).
  const double* run_event_side(const ModelProgram& p, int mode, const double* x, const double* dx,
                               const double* program_x, const double* program_dx, const double* u, double t,
                               const double* du, const double* dt, int K, const double** der_out = nullptr) const;
  /// λ and q̈ of `mode` from the event side's dynamics program, with K directions (model_events.cpp).
  void event_side_constraint_forces(int mode, const double* x, const double* u, double t, const double* dx,
                                    const double* du, const double* dt, int K, double* lambda, double* dlambda) const;
  /// The velocity jump of event k's impact (model_impact.cpp): rates after, and their K directions.
  void impact_rates(int k, const double* x, const double* u, double t, const double* dx, const double* du,
                    const double* dt, int K, double* v_plus, double* dv_plus) const;

  Form form_ = Form::ode;
  std::string source_, description_;
  std::vector<std::string> states_, units_, inputs_;
  // Registers: [0, n) states, [n, n + m) inputs, n + m time, then constants, then temporaries.
  int registers_ = 0;
  int time_reg_ = 0;
  std::vector<std::pair<int, double>> constants_;  // (register, value), written once per call
  std::vector<Instr> code_;                        // the rhs program (energy computed with it)
  std::vector<int> out_;                           // ode: derivative registers (n); mechanical: forces (dof)
  std::vector<int> mass_;                          // mechanical: M(i, j) registers, row-major dof × dof
  int energy_out_ = -1;                            // register of the energy, or of the potential (mechanical)
  std::vector<Instr> energy_code_;                 // the energy program (separate: rhs calls skip it)
  std::vector<int> energy_mass_;                   // mechanical: M(i, j) registers of the energy program
  // Mechanical: the potential alone as a program of its own (its energy_out_ is V; compiled and
  // laid out for the dual mode by model_compiler.cpp), whose run_dual gives ∂V/∂q; and the pieces
  // derive_mechanics() found.
  std::shared_ptr<const ModelProgram> potential_program_;
  std::vector<double> input_matrix_, damping_matrix_;
  std::string mechanics_problem_;
  LinkAngles link_angles_ = LinkAngles::none;
  std::vector<double> link_lengths_;

  // Events and modes (model_compiler_events.cpp writes them). The event side's programs are
  // ModelPrograms of their own (run_event_program), as the potential's is.
  struct CompiledEvent {
    EventDeclaration declared;
    std::shared_ptr<const ModelProgram> guard, when, reset;  // when, reset: null when absent
    // The impact: the contact's rows (a point's coordinates, or a joint quantity) then, when the
    // pin is freed, the centre of mass relative to it, all functions of the coordinates (and t).
    std::shared_ptr<const ModelProgram> contact;
    int contact_rows = 0;
    bool frees_pin = false;
    double pin_mass = 0.0, restitution = 0.0;
  };
  std::vector<CompiledEvent> events_;
  std::vector<std::string> mode_names_{"default"};
  std::vector<std::vector<std::string>> constraint_names_{{}};
  std::vector<std::vector<double>> constraint_matrices_{{}};
  int constrained_modes_ = 0;
  // The mechanical dynamics (M and f) as an event-side program: t differentiated, for the
  // constraint forces in guards and the mass matrix of impacts.
  std::shared_ptr<const ModelProgram> event_dynamics_;
  int forces_ = 0;  // an event-side program: the constraint forces it reads (registers after t)
};

/// One instruction's value (core/apply_op.hpp with chaoskit's sin and cos polynomial; NaN for sincos
/// and sincos2); the compiler folds parameter-only expressions with it.
double model_program_apply(Op op, double a, double b, double c);

}  // namespace chaoskit
