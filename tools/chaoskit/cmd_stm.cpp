// `chaoskit stm`: the state-transition matrix Ψ(T,0) = ∂x(T)/∂x(0) from the variational equations
// (Jacobians by automatic differentiation), with det Ψ, finite-time Lyapunov exponents in the chosen
// metric, and for mechanical models the endpoint task sensitivity ∂(p,v)(T)/∂x(0) with its singular
// values and the response of x(T) and of the endpoint to each input's amplitude and release time.
#include <iomanip>
#include <iostream>

#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "commands.hpp"
#include "integration_cli.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"

namespace chaoskit::cli {

namespace {

struct StmOptions {
  std::string model, state, time, metric = "euclidean";
  bool json = false;
  IntegrationCliOptions common;
};

template <class Derived>
void print_matrix(std::ostream& o, const std::string& title, const Eigen::MatrixBase<Derived>& A) {
  o << title << "\n";
  for (Eigen::Index i = 0; i < A.rows(); ++i) {
    o << "  ";
    for (Eigen::Index j = 0; j < A.cols(); ++j) o << std::setw(20) << A(i, j);
    o << "\n";
  }
}

template <Model M>
int stm_model(const M& model, const StmOptions& opt, const std::string& params_label) {
  constexpr int kStates = M::state_dim;
  const int n = state_count(model);
  constexpr int kInputs = M::input_dim;
  const int m = input_count(model);
  const auto names = model.state_names();
  const auto inames = input_names_of(model);
  const std::vector<double> xs = parse_number_list(opt.state, "--state", names);
  const Vec<double, kStates> x0 = Eigen::Map<const Vec<double, kStates>>(xs.data(), n);
  const double T = parse_duration(opt.time);
  const FtleMetric metric = parse_ftle_metric(opt.metric);
  if (metric == FtleMetric::kinetic) require_mechanics(model, "FTLEs in the kinetic-energy metric");  // model files
  if constexpr (!MechanicalModel<M>)
    if (metric == FtleMetric::kinetic)
      throw InputError("--metric", "the kinetic-energy metric needs a mechanical model (limb, golf, chain)");
  const IntegratorOptions iopt = opt.common.integrator(Workload::tangent_flow);
  const InputSchedule inputs = opt.common.schedule(m, inames, opt.model);

  const VariationalResult<M> r = propagate_variational(model, x0, inputs, 0.0, T, iopt);
  const std::string status = status_name(r.report.status);
  if (!r.report.ok()) {
    if (opt.json) {
      JsonWriter w(std::cout);
      w.begin_object().field("model", opt.model).field("status", status).field("t_reached", r.report.t).end_object();
      std::cout << "\n";
    }
    std::cerr << "chaoskit: integration failed: status " << status << " at t = " << r.report.t << " s of " << T
              << " s (" << status_explanation(r.report.status) << ")\n";
    return 1;
  }
  const double det = r.stm.determinant();
  const Vec<double, kStates> lambda = ftle(model, x0, r.xT, r.stm, T, metric);

  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("model", opt.model).field("params", params_label);
    w.field("integrator", describe_integrator(iopt)).field("inputs", inputs.describe());
    w.field("status", status).field("time", T).field("steps", static_cast<double>(r.report.accepted));
    w.field("state_names", names).field("state0", x0).field("state", r.xT).field("stm", r.stm).field("det", det);
    w.key("ftle").begin_object().field("metric", metric_name(metric)).field("values", lambda).end_object();
    if constexpr (MechanicalModel<M>) {
      if (has_kinematics(model)) {  // a model file without [kinematics] has no endpoint
        const auto e = endpoint_sensitivity(model, r.xT, r.stm);
        w.key("endpoint").begin_object().field("p", Vec<double, 2>(e.y.template head<2>()));
        w.field("v", Vec<double, 2>(e.y.template tail<2>())).field("task_stm", e.task_stm);
        w.field("sigma_position", e.sigma_position).field("sigma_velocity", e.sigma_velocity).end_object();
        if constexpr (kInputs != 0)
          if (m > 0) {
            const Mat<double, 4, kStates> Jy = endpoint_task_jacobian(model, r.xT);
            const Mat<double, kInputs, kStates> da = r.d_amplitude.transpose(), dr = r.d_release.transpose();
            const Mat<double, kInputs, 4> ya = (Jy * r.d_amplitude).transpose(), yr = (Jy * r.d_release).transpose();
            w.key("input_sensitivity").begin_object().field("input_names", inames);
            std::vector<double> rel;
            for (int i = 0; i < m; ++i) rel.push_back(inputs.dim() ? inputs.release(i) : INFINITY);
            w.field("release_time", rel);
            w.field("amplitude", da).field("release", dr).field("endpoint_amplitude", ya).field("endpoint_release", yr);
            w.end_object();
          }
      }
    }
    w.end_object();
    std::cout << "\n";
    return 0;
  }

  std::ostream& o = std::cout;
  o << std::setprecision(10);
  o << "model " << opt.model << "  params " << params_label << "\nintegrator " << describe_integrator(iopt)
    << "\ninputs " << inputs.describe() << "\nstatus " << status << ", " << r.report.accepted << " steps\n";
  print_matrix(o, "x(T) (" + std::to_string(n) + " components)", r.xT.transpose());
  print_matrix(o, "Psi(T,0) = dx(T)/dx(0)", r.stm);
  o << "det Psi = " << det << "\n";
  print_matrix(o, "FTLE (1/T) log sigma_i, " + metric_name(metric) + " metric [1/s]", lambda.transpose());
  if constexpr (MechanicalModel<M>) {
    if (!has_kinematics(model)) return 0;  // a model file without [kinematics] has no endpoint
    const auto e = endpoint_sensitivity(model, r.xT, r.stm);
    print_matrix(o, "endpoint p(T) [m], v(T) [m/s]", e.y.transpose());
    print_matrix(o, "d(p,v)(T)/dx(0) (rows px, py, vx, vy)", e.task_stm);
    o << "singular values: position rows " << e.sigma_position.transpose() << ", velocity rows "
      << e.sigma_velocity.transpose() << "\n";
    if constexpr (kInputs != 0)
      if (m > 0) {
        const Mat<double, 4, kStates> Jy = endpoint_task_jacobian(model, r.xT);
        print_matrix(o, "dx(T)/d(amplitude_i), one row per input (unit moment while the input is on)",
                     r.d_amplitude.transpose());
        print_matrix(o, "dx(T)/d(release_i) [per s], one row per input", r.d_release.transpose());
        print_matrix(o, "d(p,v)(T)/d(release_i) [m/s, m/s^2], one row per input", (Jy * r.d_release).transpose());
      }
  }
  return 0;
}

int run_stm(const StmOptions& opt) {
  return with_model(opt.model, opt.common.params,
                    [&](const auto& m, const std::string& label) { return stm_model(m, opt, label); });
}

}  // namespace

CommandRunner register_stm_command(CLI::App& app) {
  auto opt = std::make_shared<StmOptions>();
  CLI::App* cmd = app.add_subcommand("stm");
  set_man_page(
      cmd,
      {
          .summary = "the state-transition matrix of a trajectory and the sensitivities derived from it",
          .synopsis = "chaoskit stm --model NAME --state LIST --time SECONDS [--metric NAME] [--json] [OPTIONS]",
          .description = "Integrates the trajectory from --state over [0, T] together with its variational equations "
                         "(Jacobians by automatic differentiation) and reports the state-transition matrix "
                         "Psi(T,0) = dx(T)/dx(0), its determinant (1 for a Hamiltonian flow: a check), and the "
                         "finite-time Lyapunov exponents (1/T) log sigma_i of Psi in the euclidean metric or the "
                         "kinetic-energy metric blockdiag(M(q), M(q)).\n"
                         "\n"
                         "For mechanical models also the endpoint at T, the sensitivity of its position and velocity "
                         "to the initial state d(p,v)(T)/dx(0) with the singular values of its position and velocity "
                         "rows, and for each input the response of x(T) and of the endpoint to the input's amplitude "
                         "and to its release time (including the jump term of the release).",
          .output = "Text on stdout, or with --json one JSON object:\n"
                    "state0, state, time\tx(0), x(T), T\n"
                    "stm, det\tPsi(T,0) as an array of rows; its determinant\n"
                    "ftle\t{metric, values} [1/s]\n"
                    "endpoint\t(mechanical models) {p [m], v [m/s], task_stm, sigma_position, sigma_velocity}\n"
                    "input_sensitivity\t(models with inputs) {input_names, release_time, amplitude, release, "
                    "endpoint_amplitude, endpoint_release}: one row per input\n"
                    "model, params, integrator, inputs, status, steps, state_names\tprovenance and outcome\n"
                    "A failed integration prints {model, status, t_reached} with --json and exits 1.",
          .exit_status = common_exit_status("the integration failed: step_underflow, non_finite or max_steps"),
          .examples = "$ chaoskit stm --model golf --state 150deg,70deg,0,0 --time 0.295 --torque=-20,-8 \\\n"
                      "    --release none,0.2\n"
                      "How the declared golf swing's final state and club-head speed respond to the initial state, "
                      "to each joint moment and to the release time of the wrist.\n"
                      "$ chaoskit stm --model limb --state 25deg,25deg,0,0 --time 2 --metric kinetic --json\n"
                      "The limb's transition matrix over 2 s with FTLEs in the kinetic-energy metric, as JSON.",
          .environment = parameter_set_environment(),
      });
  add_model_state_time(cmd, opt->model, opt->state, opt->time, "Horizon T [s] (> 0)");
  cmd->add_option("--metric", opt->metric,
                  "FTLE metric: euclidean (default) | kinetic (blockdiag(M(q), M(q)); mechanical models only)")
      ->type_name("NAME");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");
  opt->common.add_to(cmd);
  return [opt] { return run_stm(*opt); };
}

}  // namespace chaoskit::cli
