"""Computations over one state or an array of states.

simulate() integrates one trajectory with the library's simulate(), as `chaoskit simulate` does.
Every other function here builds a sweep job whose points are the given states (the job file's
[points], without a file) and computes it in memory with the sweep's own point evaluator, so each
value is bit-identical to what `chaoskit sweep` writes for the same job, on any thread count and
vector path. Their keyword options are the job file's [compute] options for that quantity (None:
the job file's default); `integrator` and `inputs` are dicts in the schema of the job's
[integrator] and [inputs] tables. Bad values raise ValueError with the field named as in a job file
(compute.lambda_max.renorm, integrator.rtol, ...). Ctrl-C stops the computation (no new point starts)
and raises KeyboardInterrupt. The work runs on OpenMP threads with the GIL released.
"""
import numpy as np

from . import _chaoskit
from .model import Model
from .results import dataset_from_memory


def _as_model(model):
    if isinstance(model, Model):
        return model
    if isinstance(model, str):
        return Model(model)
    raise TypeError(f"model: expected a chaoskit.Model or a model name, got {type(model).__name__}")


def _threads(threads):
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ValueError(f"threads: must be a positive integer or None (all cores), not {threads!r}")
    return int(threads)


def _options(**kwargs):
    return {k: v for k, v in kwargs.items() if v is not None}


def simulate(model, state, t_end, dt_out=0.01, *, integrator=None, inputs=None, check=True):
    """One trajectory from `state`, sampled every `dt_out` s up to `t_end` s, as an xarray.Dataset:
    state (time, component), energy, power, work, dissipated [J, W] and the inputs (time, input),
    with the integration's status ('ok', 'step_underflow', 'non_finite', 'max_steps'; for a model
    with events also 'grazing_event', 'simultaneous_events', 'event_cascade', and 'terminal_event'
    where the model's terminal event ended a valid trajectory: a walker's fall), the time reached and
    the step counts in the attributes. A model with events (a model file's [[events]]) adds its event
    log over the dimension `event_time`: event (the event's name), mode_before, mode_after,
    state_before, state_after (event_time, component) and energy_before, energy_after [J]. The
    stepper defaults to dopri5, as in the CLI.
    An integration failure raises RuntimeError; with check=False the samples up to the failure are
    returned instead, with the status saying why they end."""
    import xarray as xr

    m = _as_model(model)
    r = _chaoskit._simulate(m._m, state, float(t_end), float(dt_out), integrator, inputs)
    # A terminal event (a walker's fall) ends a valid trajectory; its status says so.
    if r["status"] not in ("ok", "terminal_event") and check:
        raise RuntimeError(f"chaoskit: integration failed: status {r['status']} at t = {r['t_reached']} s of "
                           f"{t_end} s ({r['status_explanation']})")
    ds = xr.Dataset(
        {
            "state": (("time", "component"), r["state"], {"long_name": "state", "units": "SI (see component_units)"}),
            "energy": ("time", r["energy"], {"units": "J", "long_name": "total energy"}),
            "power": ("time", r["power"], {"units": "W", "long_name": "actuator power (B u)' qd"}),
            "work": ("time", r["work"], {"units": "J", "long_name": "actuator work since t = 0"}),
            "dissipated": ("time", r["dissipated"], {"units": "J", "long_name": "energy dissipated by damping"}),
            # The model's own inputs: a model file may declare fewer than its compiled size carries.
            "inputs": (("time", "input"), r["inputs"][:, :len(m.input_names)],
                       {"units": "N m", "long_name": "joint moments"}),
        },
        coords={
            "time": ("time", r["t"], {"units": "s"}),
            "component": ("component", m.state_names),
            "input": ("input", m.input_names),
            "component_units": ("component", m.state_units),
        },
        attrs={
            "model": m.name, "params": m.params, "status": r["status"], "t_reached": r["t_reached"], "steps": r["steps"],
            "rejected": r["rejected"], "integrator": f"{r['stepper']}, rtol {r['rtol']:g}, atol {r['atol']:g}",
            "inputs": r["inputs_description"], **_chaoskit._provenance(),
        },
    )
    if "event_names" in r:
        names, modes = list(r["event_names"]), list(r["mode_names"])
        ds = ds.assign_coords(event_time=("event_time", r["event_time"], {"units": "s", "long_name": "time of the event"}))
        ds["event"] = ("event_time", [names[k] for k in r["event_index"]], {"long_name": "which event"})
        ds["mode_before"] = ("event_time", [modes[k] for k in r["event_mode_before"]], {"long_name": "mode before"})
        ds["mode_after"] = ("event_time", [modes[k] for k in r["event_mode_after"]], {"long_name": "mode after"})
        ds["state_before"] = (("event_time", "component"), r["event_state_before"],
                              {"long_name": "state just before the event", "units": "SI (see component_units)"})
        ds["state_after"] = (("event_time", "component"), r["event_state_after"],
                             {"long_name": "state just after the event", "units": "SI (see component_units)"})
        ds["energy_before"] = ("event_time", r["event_energy_before"], {"units": "J", "long_name": "energy before"})
        ds["energy_after"] = ("event_time", r["event_energy_after"], {"units": "J", "long_name": "energy after"})
    return ds


def evaluate(model, states, compute, *, integrator=None, inputs=None, threads=None, progress=False):
    """The quantities of `compute` (a dict in the job file's [compute] schema, e.g.
    {"lambda_max": {"time": 200}, "megno": {}}) at every state of `states` ((dim,) or (n, dim)).
    Returns an xarray.Dataset over `point` with the variables and attributes of a sweep file of
    the same job; one state gives a Dataset without the `point` dimension."""
    m = _as_model(model)
    if not isinstance(compute, dict) or not compute:
        raise ValueError("compute: expected a non-empty dict of quantity -> options, e.g. {'lambda_max': {'time': 100}}")
    job = {"model": m.job_table(), "points": {}, "compute": compute}
    if integrator is not None:
        job["integrator"] = integrator
    if inputs is not None:
        job["inputs"] = inputs
    single = np.ndim(states) == 1
    raw = _chaoskit._evaluate(job, states, m.state_names, _threads(threads), bool(progress))
    ds = dataset_from_memory(raw)
    return ds.isel(point=0) if single else ds


def lyapunov(model, states, time=100.0, *, transient=None, renorm=None, blocks=None, spectrum=False,
             integrator=None, inputs=None, threads=None, progress=False):
    """The largest Lyapunov exponent (lambda_max, lambda_max_error [1/s], lambda_max_converged) or,
    with spectrum=True, every exponent (spectrum, spectrum_error) of each state, averaged over `time`
    seconds after `transient`, renormalised every `renorm` s, error bar from `blocks` blocks."""
    opts = _options(time=time, transient=transient, renorm=renorm, blocks=blocks)
    return evaluate(model, states, {"spectrum" if spectrum else "lambda_max": opts}, integrator=integrator,
                    inputs=inputs, threads=threads, progress=progress)


def orbit_class(model, states, time=None, *, max_time=None, renorm=None, blocks=None, lambda_floor=None,
                integrator=None, inputs=None, threads=None, progress=False):
    """The verdict of each orbit: orbit_class (0 regular, 1 chaotic, 2 undecided) with the votes
    and evidence of lambda_max, SALI and MEGNO over `time` s (default 500), or adaptively up to
    `max_time` s until the verdict settles."""
    opts = _options(time=time, max_time=max_time, renorm=renorm, blocks=blocks, lambda_floor=lambda_floor)
    return evaluate(model, states, {"orbit_class": opts}, integrator=integrator, inputs=inputs, threads=threads,
                    progress=progress)


def sali(model, states, time=None, *, renorm=None, integrator=None, inputs=None, threads=None, progress=False):
    """The smaller alignment index of each orbit over `time` s (default 1000)."""
    return evaluate(model, states, {"sali": _options(time=time, renorm=renorm)}, integrator=integrator, inputs=inputs,
                    threads=threads, progress=progress)


def megno(model, states, time=None, *, renorm=None, integrator=None, inputs=None, threads=None, progress=False):
    """MEGNO <Y> of each orbit over `time` s (default 1000): about 2 regular, growing for chaos."""
    return evaluate(model, states, {"megno": _options(time=time, renorm=renorm)}, integrator=integrator,
                    inputs=inputs, threads=threads, progress=progress)


def ftle(model, states, time=None, *, metric=None, integrator=None, inputs=None, threads=None, progress=False):
    """The largest finite-time Lyapunov exponent over `time` s (metric 'euclidean' or 'kinetic')."""
    return evaluate(model, states, {"ftle": _options(time=time, metric=metric)}, integrator=integrator, inputs=inputs,
                    threads=threads, progress=progress)


def stm(model, states, time=None, *, integrator=None, inputs=None, threads=None, progress=False):
    """The state transition matrix Psi(time, 0) of each orbit (stm, shape (point, state_row, state_col))."""
    return evaluate(model, states, {"stm": _options(time=time)}, integrator=integrator, inputs=inputs, threads=threads,
                    progress=progress)


def section(model, states, plane, *, direction=None, crossings=None, max_time=None, integrator=None, inputs=None,
            threads=None, progress=False):
    """Poincare section of each orbit on the surface `plane` ("lhs = rhs" in the state's names, e.g.
    "th1 = 0"), crossed `direction` ('up', 'down', 'both'): the first `crossings` crossings
    (section_state, section_time; section_count says how many were found before `max_time` s)."""
    opts = _options(plane=plane, direction=direction, crossings=crossings, max_time=max_time)
    return evaluate(model, states, {"section": opts}, integrator=integrator, inputs=inputs, threads=threads,
                    progress=progress)


def basin(model, states, kind=None, *, max_time=None, threshold=None, integrator=None, inputs=None, threads=None,
          progress=False):
    """Which basin each state ends in (basin_label, basin_time): kind 'rest' (damped chains: the
    winding of the rest state), 'flip' (first link over the top) or 'task' (endpoint speed reaches
    `threshold` m/s), within `max_time` s."""
    opts = _options(kind=kind, max_time=max_time, threshold=threshold)
    return evaluate(model, states, {"basin": opts}, integrator=integrator, inputs=inputs, threads=threads,
                    progress=progress)
