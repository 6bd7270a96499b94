// `chaoskit inspect`: every instantaneous quantity of a model at one state: M, c, G, q̈ for the
// given joint moments, energies, actuator power, endpoint kinematics, Schur inertia, and with
// --modes the small-oscillation modes (for `limb`, beside the paper's eqs. 36–40 as printed).
#include <iomanip>
#include <iostream>
#include <numbers>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/number_text.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/models/limb_paper_formulas.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "commands.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"

namespace chaoskit::cli {

namespace {

struct InspectOptions {
  std::string model;
  std::string params;
  std::string state;
  std::string torque;
  bool modes = false;
  bool json = false;
};

template <int N>
Vec<double, N> to_vec(const std::vector<double>& v) {
  return Eigen::Map<const Vec<double, N>>(v.data(), static_cast<Eigen::Index>(v.size()));
}

std::string fmt(double v) { return number_text(v, 10); }

template <class Derived>
std::string fmt(const Eigen::MatrixBase<Derived>& m) {
  std::ostringstream s;
  s << std::setprecision(10);
  auto row = [&](Eigen::Index i) {
    s << "[";
    for (Eigen::Index j = 0; j < m.cols(); ++j) s << (j ? ", " : "") << m(i, j);
    s << "]";
  };
  if (m.cols() == 1) {
    s << "[";
    for (Eigen::Index i = 0; i < m.rows(); ++i) s << (i ? ", " : "") << m(i);
    s << "]";
  } else {
    s << "[";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      if (i) s << ", ";
      row(i);
    }
    s << "]";
  }
  return s.str();
}

/// --torque: one value per input the model declares (a model file may declare fewer than its
/// input slots; the rest read 0).
template <class M>
Vec<double, M::input_dim> torque_of(const M& model, const InspectOptions& opt) {
  Vec<double, M::input_dim> u = Vec<double, M::input_dim>::Zero(input_count(model));
  if (opt.torque.empty()) return u;
  std::vector<std::string> inames;
  if constexpr (requires { model.input_names(); }) inames = model.input_names();
  if (inames.empty()) throw InputError("--torque", "model " + opt.model + " has no inputs");
  const std::vector<double> values = parse_number_list(opt.torque, "--torque", inames);
  for (std::size_t i = 0; i < values.size(); ++i) u(static_cast<int>(i)) = values[i];
  return u;
}

template <MechanicalModel M>
int inspect_mechanical(const M& model, const InspectOptions& opt, const std::string& params_label) {
  constexpr int kDof = M::dof;
  static_assert(M::input_dim == kDof, "inspect's mechanics take one moment per joint");
  const int n = coordinate_count(model);
  const auto names = model.state_names();
  const Vec<double, M::state_dim> x = to_vec<M::state_dim>(parse_number_list(opt.state, "--state", names));
  const Vec<double, kDof> u = torque_of(model, opt);
  const Vec<double, kDof> q = x.template head<kDof>(n), qd = x.template segment<kDof>(n, n);
  // A model file without [kinematics] has no endpoint: everything else is printed.
  const bool endpoint = has_kinematics(model);

  const auto Mq = model.mass_matrix(q);
  const auto c = model.bias(q, qd);
  const auto G = model.gravity(q);
  const auto qdd = joint_accelerations(model, q, qd, u);
  const double T = kinetic_energy(model, q, qd);
  const double V = model.potential_energy(q);
  const double power = actuator_power(model, qd, u);
  const double dissipated = qd.dot(model.dissipation(qd));
  const auto ep = endpoint ? endpoint_kinematics(model, q, qd, qdd) : EndpointKinematics<kDof>{};
  const double schur = schur_inertia(model, q);
  const std::string no_endpoint = "(needs [kinematics] in " + opt.model + ": data/models/README.md)";

  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("model", opt.model).field("params", params_label);
    w.field("state", x).field("torque", u);
    w.field("M", Mq).field("c", c).field("G", G).field("qdd", qdd);
    w.field("kinetic_energy", T).field("potential_energy", V).field("energy", T + V);
    w.field("power", power).field("dissipation_power", dissipated);
    if (endpoint)
      w.key("endpoint").begin_object().field("p", ep.p).field("v", ep.v).field("a", ep.a).field("J", ep.J).end_object();
    w.field("schur_inertia", schur);
    if (opt.modes) {
      const auto lm = linear_modes(model);
      w.key("modes").begin_object().field("omega", lm.omega).field("shapes", lm.shapes);
      w.field("period", Vec<double, kDof>((2.0 * std::numbers::pi) / lm.omega.array()));
      w.field("K", lm.stiffness).field("M0", lm.mass).end_object();
      if constexpr (std::is_same_v<M, LimbModel>) {
        const auto s = limb_paper_small_angle(model.p);
        w.key("paper_small_angle").begin_object();
        w.field("eq36_37_lambda", s.lambda);
        w.key("eq36_37_omega").begin_array();
        for (const auto& z : s.eq36_omega) w.value(z.imag() == 0.0 ? z.real() : NAN);
        w.end_array();
        w.field("eq39_omega", s.eq39_omega).field("eq40_r", s.eq40_r).field("eq40_r_via_omega", s.eq40_r_via_omega);
        w.field("eq39_period", s.eq39_period).field("eq39_half_period", s.eq39_half_period).end_object();
      }
    }
    w.end_object();
    std::cout << "\n";
    return 0;
  }

  std::ostream& o = std::cout;
  o << "model " << opt.model << "  params " << params_label << "\n";
  o << "state (";
  for (std::size_t i = 0; i < names.size(); ++i) o << (i ? "," : "") << names[i];
  o << ") = " << fmt(x) << "\ntorque = " << fmt(u) << " N m\n\n";
  o << "M(q)            " << fmt(Mq) << " kg m^2\n";
  o << "c(q,qd)         " << fmt(c) << " N m\n";
  o << "G(q) = dV/dq    " << fmt(G) << " N m  (physical gravity moment is -G)\n";
  o << "qdd             " << fmt(qdd) << " rad/s^2\n";
  o << "kinetic energy  " << fmt(T) << " J\npotential       " << fmt(V) << " J\ntotal energy    " << fmt(T + V)
    << " J\n";
  o << "actuator power  " << fmt(power) << " W";
  if (dissipated != 0.0) o << "   (damping dissipates " << fmt(dissipated) << " W)";
  if (endpoint) {
    o << "\nendpoint p      " << fmt(ep.p) << " m\n";
    o << "endpoint v      " << fmt(ep.v) << " m/s\nendpoint a      " << fmt(ep.a) << " m/s^2\n";
    o << "Jacobian J_P    " << fmt(ep.J) << " m/rad\n";
  } else {
    o << "\nendpoint        " << no_endpoint << "\n";
  }
  o << "Schur inertia   " << fmt(schur) << " kg m^2  (proximal joint, distal joints free)\n";
  if (opt.modes) {
    const auto lm = linear_modes(model);
    o << "\nsmall oscillations about q = 0, det(K - w^2 M0) = 0:\n";
    for (int k = 0; k < n; ++k)
      o << "  mode " << k + 1 << ": omega = " << fmt(lm.omega(k)) << " rad/s, period "
        << fmt(2 * std::numbers::pi / lm.omega(k)) << " s, shape " << fmt(Vec<double, kDof>(lm.shapes.col(k))) << "\n";
    if constexpr (std::is_same_v<M, LimbModel>) {
      const auto s = limb_paper_small_angle(model.p);
      o << "limb paper, evaluated as printed:\n";
      o << "  eqs. (36)-(37): omega = " << fmt(s.eq36_omega[0].real()) << ", " << fmt(s.eq36_omega[1].real())
        << " rad/s (eq. 36 as printed lacks a factor m2 in its coupling term)\n";
      o << "  eq. (39): omega = " << fmt(s.eq39_omega) << " rad/s, T = " << fmt(s.eq39_period)
        << " s, T/2 = " << fmt(s.eq39_half_period) << " s\n";
      o << "  eq. (40): r = " << fmt(s.eq40_r) << " (second form " << fmt(s.eq40_r_via_omega) << ")\n";
    }
  }
  return 0;
}

template <class M>
int inspect_plain(const M& model, const InspectOptions& opt, const std::string& params_label) {
  constexpr int n = M::state_dim;
  const auto names = model.state_names();
  const Vec<double, n> x = to_vec<n>(parse_number_list(opt.state, "--state", names));
  // Inputs: none for the built-in flows; a model file's declared ones (the rest of its slots read 0).
  const Vec<double, M::input_dim> u = torque_of(model, opt);
  if (opt.modes) {
    require_mechanics(model, "modes");  // a model file: one line naming it
    throw InputError("--modes", "model " + opt.model + " is not a mechanical chain; modes are undefined");
  }
  const Vec<double, n> dx = model.rhs(x, u, 0.0);
  double energy = NAN;
  constexpr bool has_energy = requires { model.energy(x); };  // Hénon–Heiles' H, a model file's energy
  if constexpr (has_energy) energy = model.energy(x);
  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("model", opt.model).field("params", params_label).field("state", x).field("rhs", dx);
    if constexpr (has_energy) w.field("energy", energy);
    if constexpr (std::is_same_v<M, LorenzModel>) w.field("divergence", model.divergence());
    w.end_object();
    std::cout << "\n";
    return 0;
  }
  std::cout << "model " << opt.model << "  params " << params_label << "\nstate = " << fmt(x) << "\nrhs   = " << fmt(dx)
            << "\n";
  if constexpr (std::is_same_v<M, HenonHeilesModel>)
    std::cout << "energy H = " << fmt(energy) << "\n";
  else if constexpr (has_energy)
    std::cout << "energy = " << fmt(energy) << "\n";
  if constexpr (std::is_same_v<M, LorenzModel>) std::cout << "divergence = " << fmt(model.divergence()) << "\n";
  return 0;
}

int run_inspect(const InspectOptions& opt) {
  const AnyModel model = make_model(opt.model, opt.params);
  const std::string label = opt.params.empty() ? default_param_set(opt.model) : opt.params;
  return std::visit(
      [&](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        if constexpr (MechanicalModel<M>) {
          // A model file of the ODE form, or one whose B or D varies with the state (its c, power
          // and damping would be undefined), shows its right-hand side as a flow's would.
          if (!is_mechanical_model(m)) return inspect_plain(m, opt, label);
          if constexpr (requires { m.program; })
            if (const std::string& why = m.program->mechanics_problem(); !why.empty()) {
              if (opt.modes) throw InputError(opt.model, why);
              std::cerr << "chaoskit: note: " << opt.model << ": " << why << "; showing the right-hand side only\n";
              return inspect_plain(m, opt, label);
            }
          return inspect_mechanical(m, opt, label);
        } else {
          return inspect_plain(m, opt, label);
        }
      },
      model);
}

}  // namespace

CommandRunner register_inspect_command(CLI::App& app) {
  auto opt = std::make_shared<InspectOptions>();
  CLI::App* cmd = app.add_subcommand("inspect");
  set_man_page(
      cmd,
      {
          .summary = "the instantaneous mechanics of a model at one state",
          .synopsis = "chaoskit inspect --model NAME --state LIST [--params SET] [--torque LIST] [--modes] [--json]",
          .description = "Evaluates a model at one state without integrating. For the mechanical models (limb, golf, "
                         "chain, and model files of model = \"mechanical\"; the endpoint needs their [kinematics]): "
                         "the mass matrix M(q), the Coriolis and centrifugal moments c(q,qd), the gravity "
                         "moments G(q) = dV/dq, the joint accelerations qdd = M^-1 (tau - c - G) under the joint "
                         "moments --torque, the kinetic, potential and total energy, the actuator power tau^T qd (and "
                         "the power the joint damping dissipates), the endpoint position, velocity, acceleration and "
                         "Jacobian, and the Schur effective inertia of the proximal joint (M^-1)_11^-1, the inertia "
                         "it feels with every distal joint free. --modes adds the small-oscillation modes about q = 0 "
                         "from det(K - w^2 M0) = 0; for limb also the paper's eqs. (36)-(40) evaluated as printed.\n"
                         "\n"
                         "For lorenz, henon_heiles and ODE model files: the right-hand side dx/dt, and the energy "
                         "(henon_heiles, a file's energy) or the divergence (lorenz).",
          .output = "Text on stdout with units, or with --json one JSON object (SI units):\n"
                    "model, params, state, torque\tthe input, echoed\n"
                    "M\tM(q) as an array of rows [kg m^2]\n"
                    "c, G, qdd\tarrays, one value per joint [N m, N m, rad/s^2]\n"
                    "kinetic_energy, potential_energy, energy\t[J]\n"
                    "power, dissipation_power\t[W]\n"
                    "endpoint\t{p, v, a, J}: endpoint position [m], velocity [m/s], acceleration [m/s^2], "
                    "Jacobian [m/rad]\n"
                    "schur_inertia\t[kg m^2]\n"
                    "modes\t(--modes) {omega [rad/s], shapes (columns), period [s], K, M0}\n"
                    "paper_small_angle\t(limb with --modes) eq36_37_lambda, eq36_37_omega, eq39_omega, eq40_r, "
                    "eq40_r_via_omega, eq39_period, eq39_half_period\n"
                    "rhs, energy, divergence\t(lorenz, henon_heiles) dx/dt; H; the constant divergence",
          .exit_status = "",
          .examples = "$ chaoskit inspect --model golf --state 0,-5deg,10,9 --torque 5,0 --modes\n"
                      "The golf model at th1 = 0, th2 = -5 degrees, dth1 = 10 rad/s, dth2 = 9 rad/s with 5 N m at "
                      "the base joint, and its two small-oscillation modes.\n"
                      "$ chaoskit inspect --model limb --params limb_deleva_female --state 20deg,10deg,0,0 --json\n"
                      "The limb model with another shipped parameter set, as JSON.",
          .environment = parameter_set_environment(),
      });
  cmd->add_option("--model", opt->model, "Model: " + model_names() + " (see chaoskit models)")
      ->type_name("NAME")
      ->required();
  cmd->add_option("--params", opt->params,
                  "Parameter set: a shipped set's NAME (data/params/NAME.toml, see chaoskit models) or the path of "
                  "a TOML file (default: the model's own set, e.g. golf_manufactured)")
      ->type_name("SET");
  cmd->add_option("--state", opt->state,
                  "The state, q then qd, comma-separated, one value per component (e.g. 0,-5deg,10,9 for "
                  "th1,th2,dth1,dth2) [rad, rad/s; a deg suffix converts]")
      ->type_name("LIST")
      ->required();
  cmd->add_option("--torque", opt->torque,
                  "Joint moments tau, comma-separated, one per joint [N m] (default: 0; mechanical models only)")
      ->type_name("LIST");
  cmd->add_flag("--modes", opt->modes,
                "Also report the small-oscillation modes about q = 0 from det(K - w^2 M0) = 0 (mechanical models "
                "only)");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");
  return [opt] { return run_inspect(*opt); };
}

}  // namespace chaoskit::cli
