// chaoskit._simulate: one trajectory by the library's simulate(), the function `chaoskit simulate`
// calls, returned as arrays (the Python side makes the xarray.Dataset).
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "job_parts.hpp"
#include "model_handle.hpp"
#include "state_arrays.hpp"

namespace py = pybind11;

namespace chaoskit::python {

namespace {

template <class T>
py::array_t<double> matrix_of(const std::vector<T>& rows, int width) {
  py::array_t<double> out({static_cast<py::ssize_t>(rows.size()), static_cast<py::ssize_t>(width)});
  double* o = out.mutable_data();
  for (std::size_t k = 0; k < rows.size(); ++k)
    for (int i = 0; i < width; ++i) o[k * width + i] = rows[k](i);
  return out;
}

py::dict simulate_one(const ModelHandle& h, const py::object& state, double t_end, double dt_out,
                      const py::object& integrator, const py::object& inputs) {
  if (!(t_end > 0.0)) throw InputError("t_end", "must be > 0 s");
  if (!(dt_out > 0.0)) throw InputError("dt_out", "must be > 0 s");
  if (t_end / dt_out > 1e8) throw InputError("dt_out", "more than 1e8 samples requested");
  return std::visit(
      [&](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        const int n = state_count(m);
        const StateRows r = state_rows(state, m.state_names(), "state");
        if (!r.single) throw py::value_error("state: simulate takes one state, shape (" + std::to_string(n) + ",)");
        const Vec<double, M::state_dim> x0 = Eigen::Map<const Vec<double, M::state_dim>>(r.row(0), n);
        const IntegratorOptions io = integrator_options(integrator, Workload::trajectory);
        const InputSchedule schedule = input_schedule(inputs, input_count(m), h.name);
        std::optional<Trajectory<M>> tr;
        {
          py::gil_scoped_release release;
          tr.emplace(simulate(m, x0, schedule, 0.0, t_end, output_grid(0.0, t_end, dt_out), io));
        }
        py::dict d;
        d["t"] = py::array_t<double>(static_cast<py::ssize_t>(tr->t.size()), tr->t.data());
        d["state"] = matrix_of(tr->x, n);
        d["energy"] = py::array_t<double>(static_cast<py::ssize_t>(tr->energy.size()), tr->energy.data());
        d["power"] = py::array_t<double>(static_cast<py::ssize_t>(tr->power.size()), tr->power.data());
        d["work"] = py::array_t<double>(static_cast<py::ssize_t>(tr->work.size()), tr->work.data());
        d["dissipated"] = py::array_t<double>(static_cast<py::ssize_t>(tr->dissipated.size()), tr->dissipated.data());
        d["inputs"] = matrix_of(tr->u, input_count(m));
        d["status"] = status_name(tr->report.status);
        d["status_explanation"] = status_explanation(tr->report.status);
        d["t_reached"] = tr->report.t;
        d["steps"] = tr->report.accepted;
        d["rejected"] = tr->report.rejected;
        d["stepper"] = stepper_name(io.stepper);
        d["rtol"] = io.rtol;
        d["atol"] = io.atol;
        d["inputs_description"] = schedule.describe();
        if constexpr (HybridModel<M>) {
          if (m.event_count() > 0) {  // the event log (integrate/event_log.hpp)
            py::list names;
            for (int k = 0; k < m.event_count(); ++k) names.append(m.event_info(k).name);
            d["event_names"] = names;
            d["mode_names"] = m.mode_names();
            std::vector<double> t, e_before, e_after;
            std::vector<int> index, before, after;
            std::vector<Vec<double, M::state_dim>> x_before, x_after;
            for (const auto& e : tr->events) {
              t.push_back(e.t);
              index.push_back(e.event);
              before.push_back(e.mode_before);
              after.push_back(e.mode_after);
              x_before.push_back(e.x_minus);
              x_after.push_back(e.x_plus);
              e_before.push_back(e.energy_minus);
              e_after.push_back(e.energy_plus);
            }
            d["event_time"] = py::array_t<double>(static_cast<py::ssize_t>(t.size()), t.data());
            d["event_index"] = py::array_t<int>(static_cast<py::ssize_t>(index.size()), index.data());
            d["event_mode_before"] = py::array_t<int>(static_cast<py::ssize_t>(before.size()), before.data());
            d["event_mode_after"] = py::array_t<int>(static_cast<py::ssize_t>(after.size()), after.data());
            d["event_state_before"] = matrix_of(x_before, n);
            d["event_state_after"] = matrix_of(x_after, n);
            d["event_energy_before"] = py::array_t<double>(static_cast<py::ssize_t>(e_before.size()), e_before.data());
            d["event_energy_after"] = py::array_t<double>(static_cast<py::ssize_t>(e_after.size()), e_after.data());
          }
        }
        return d;
      },
      h.model);
}

}  // namespace

void register_simulate(py::module_& module) {
  module.def("_simulate", &simulate_one, py::arg("model"), py::arg("state"), py::arg("t_end"), py::arg("dt_out"),
             py::arg("integrator"), py::arg("inputs"));
}

}  // namespace chaoskit::python
