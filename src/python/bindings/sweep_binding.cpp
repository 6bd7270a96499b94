// chaoskit._sweep: run_sweep, the function `chaoskit sweep` calls, on a job file or on a job given
// as a dict (whose TOML text the file's provenance then stores), writing the same HDF5 file.
#include <filesystem>

#include <pybind11/stl.h>

#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/runner.hpp"
#include "interrupt.hpp"
#include "toml_convert.hpp"

namespace py = pybind11;

namespace chaoskit::python {

namespace {

py::dict run(const py::object& job_spec, const std::string& out, bool resume, bool force, int threads,
             const std::string& progress, double log_interval) {
  if (threads < 0) throw py::value_error("threads: must be >= 1 (or 0/None for all cores)");
  if (resume && force) throw py::value_error("force: give either resume or force, not both");
  if (!(log_interval > 0)) throw py::value_error("log_interval: must be > 0 s");
  sweep::SweepOptions opt;
  opt.progress = sweep::parse_progress_mode(progress, "progress");
  opt.log_interval = log_interval;
  std::optional<sweep::Job> job;
  if (py::isinstance<py::dict>(job_spec)) {
    const std::string text = toml_text(to_toml_table(job_spec.cast<py::dict>()));
    job.emplace(sweep::parse_job(text, (std::filesystem::current_path() / "job (from Python)").string()));
    if (out.empty() && !job_spec.cast<py::dict>().contains("output"))
      throw py::value_error("out: a job given as a dict needs out= or [output] file");
  } else {
    job.emplace(sweep::read_job_file(py::str(job_spec).cast<std::string>()));
  }
  opt.output = out;
  opt.resume = resume;
  opt.force = force;
  opt.threads = threads;
  opt.command_line = "python: chaoskit.sweep(" + py::repr(job_spec).cast<std::string>().substr(0, 200) + ")";
  sweep::SweepSummary s;
  {
    py::gil_scoped_release release;
    const std::lock_guard<std::mutex> one_at_a_time(computation_mutex());
    s = sweep::run_sweep(*job, opt);
  }
  raise_if_interrupted(s.signal);
  py::dict d;
  d["output"] = s.output;
  d["points"] = s.total;
  d["already_done"] = s.already_done;
  d["computed"] = s.computed;
  d["failed"] = s.failed;
  d["seconds"] = s.seconds;
  d["write_seconds"] = s.write_seconds;
  d["compute_seconds"] = s.compute_seconds;
  d["threads"] = s.threads;
  d["finalized"] = s.finalized;
  return d;
}

}  // namespace

void register_sweep(py::module_& module) {
  module.def("_sweep", &run, py::arg("job"), py::arg("out") = "", py::arg("resume") = false, py::arg("force") = false,
             py::arg("threads") = 0, py::arg("progress") = "quiet", py::arg("log_interval") = 10.0);
}

}  // namespace chaoskit::python
