"""Shared plumbing of the analyses: run chaoskit, write sweep jobs, read results, count classes.

Every number an analysis reports comes from a chaoskit results file (HDF5) or a chaoskit JSON
output kept beside it, so a report line can name its dataset. Sweeps run through the chaoskit
Python module built beside the CLI in use (BUILD/python, src/python/README.md), which writes the
file `chaoskit sweep` writes; they are rerun with resume: a complete file computes nothing, an
interrupted one finishes, a changed job is refused by chaoskit (its fingerprint differs) and is then
recomputed with force. Trajectories, sections and single-orbit checks still run the CLI, whose
CSV and JSON outputs are kept beside the results.
"""
import json
import math
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import h5py
import numpy as np

TOP = Path(__file__).resolve().parents[2]
CHAOSKIT = Path(os.environ.get("CHAOSKIT", TOP / "build" / "chaoskit"))
THREADS = int(os.environ.get("THREADS", "0"))

# orbit_class codes (src/chaoskit/indicators/fast_indicators.hpp, OrbitClass)
REGULAR, CHAOTIC, UNDECIDED = 0, 1, 2
# sweep point status (results_store.hpp, point_status): 0 not computed, 1 ok, 5 invalid point (on an
# energy axis: no real rate reaches the requested energy), others integration failures
OK, INACCESSIBLE = 1, 5


_MODULE = None


def module():
    """The chaoskit Python module of the same build as CHAOSKIT (its BUILD/python), imported once."""
    global _MODULE
    if _MODULE is None:
        build_python = CHAOSKIT.resolve().parent / "python"
        if not (build_python / "chaoskit" / "__init__.py").exists():
            raise SystemExit(f"the chaoskit Python module is not built in {build_python}: run ./tools/bootstrap "
                             "(it needs python3-dev and pybind11-dev)")
        sys.path.insert(0, str(build_python))
        import chaoskit as m
        _MODULE = m
    return _MODULE


def log(msg):
    print(f"[{Path(sys.argv[0]).parent.name}] {msg}", file=sys.stderr, flush=True)


def chaoskit(*args, capture_json=False):
    """Runs chaoskit; returns parsed JSON when asked, else None. Fails loudly."""
    cmd = [str(CHAOSKIT), *map(str, args)] + (["--json"] if capture_json and "--json" not in args else [])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"chaoskit failed ({r.returncode}): {' '.join(cmd)}\n{r.stderr}")
    return json.loads(r.stdout) if capture_json else r.stdout


# Points computed and reused by this process's sweeps, for the reports' run-time line.
SWEEP_TOTALS = {"computed": 0, "reused": 0, "seconds": 0.0}


def produce(path, *args):
    """Runs a chaoskit command that writes `path` (its --out) unless that file exists. Trajectories
    and sections carry no job fingerprint, so a rerun keeps them, as sweeps keep finished points;
    delete the file to recompute it."""
    if not Path(path).exists():
        chaoskit(*args)


def sweep(job_text, out_h5):
    """Writes the job beside its results and runs it (resuming a finished or partial file)."""
    out_h5 = Path(out_h5)
    job = out_h5.with_suffix(".toml")
    job.write_text(job_text)
    ck = module()
    options = dict(progress="log", log_interval=30, threads=THREADS or None, open=False)
    if out_h5.exists():
        try:
            summary = ck.sweep(job, out_h5, resume=True, **options)
        except ValueError as e:
            log(f"{out_h5.name}: {e} -> recomputing")
            summary = ck.sweep(job, out_h5, force=True, **options)
    else:
        summary = ck.sweep(job, out_h5, **options)
    SWEEP_TOTALS["computed"] += summary["computed"]
    SWEEP_TOTALS["reused"] += summary["points"] - summary["computed"]
    SWEEP_TOTALS["seconds"] += summary["seconds"]
    log(f"{out_h5.name}: {summary['points']} points, {summary['computed']} computed in {summary['seconds']:.1f} s")
    return summary


def read(h5, *names):
    with h5py.File(h5, "r") as f:
        return [f[n][...] for n in names]


def axis(h5, name):
    with h5py.File(h5, "r") as f:
        return f[name][...]


def provenance(h5):
    """Which chaoskit computed a results file, and when (its root attributes)."""
    with h5py.File(h5, "r") as f:
        a = f.attrs
        return {k: (a[k].decode() if isinstance(a[k], bytes) else str(a[k]))
                for k in ("softwareVersion", "softwareCommit", "date") if k in a}


def toml_list(values):
    return "[" + ", ".join(repr(float(v)) for v in values) + "]"


def param_values(params):
    with open(TOP / "data" / "params" / f"{params}.toml", "rb") as f:
        return tomllib.load(f)["values"]


def energy_at(model, params, state):
    return float(module().Model(model, params).energy(state))


def energy_levels(model, params):
    """Minimum energy (hanging at rest) and the saddle energies where a link can pass over the top.

    Both models use θ1 from the downward vertical; limb's θ2 is absolute, golf's relative to link 1,
    so 'link 2 up, link 1 down' is (0, π) in both and 'link 1 up, link 2 down' is (π, 0) for the
    limb and (π, −π) for golf."""
    e_min = energy_at(model, params, [0, 0, 0, 0])
    distal = energy_at(model, params, [0, math.pi, 0, 0])
    proximal = energy_at(model, params, [math.pi, 0 if model == "limb" else -math.pi, 0, 0])
    return {"E_min": e_min, "E_flip_distal": distal, "E_flip_proximal": proximal,
            "dE_flip": min(distal, proximal) - e_min}


def potential(model, params):
    """V(θ1, θ2) of the two-link models (limb: absolute angles; golf: θ2 relative), vectorised.
    Only used to bound the accessible angles; run() cross-checks it against chaoskit inspect."""
    p = param_values(params)
    if model == "limb":
        a, b = p["g"] * (p["C1"] * p["m1"] + p["L1"] * p["m2"]), p["g"] * p["C2"] * p["m2"]
        return lambda t1, t2: -a * np.cos(t1) - b * np.cos(t2)
    a, b = p["g"] * (p["m1"] * p["r1"] + p["m2"] * p["L1"]), p["g"] * p["m2"] * p["r2"]
    return lambda t1, t2: -a * np.cos(t1) - b * np.cos(t1 + t2)


def accessible_box(V, energy, n=721):
    """Half-widths (a1, a2) of the angles with V(θ1, θ2) ≤ E, on a fine grid of the torus."""
    t = np.linspace(-math.pi, math.pi, n)
    T1, T2 = np.meshgrid(t, t, indexing="ij")
    ok = V(T1, T2) <= energy
    if not ok.any():
        raise SystemExit(f"energy {energy} J is below the potential minimum")
    step = t[1] - t[0]
    return (min(math.pi, np.abs(T1[ok]).max() + step), min(math.pi, np.abs(T2[ok]).max() + step))


def energy_scan_job(model, params, energy, box, seeds, time, renorm=1.0):
    """Seeds on the plane dθ1 = 0 at one energy: a centred seeds × seeds grid over the box of
    accessible angles, dθ2 solved from the energy (the larger root); seeds outside the accessible
    region are flagged inaccessible. The chaos fraction is an area fraction of this seed plane, not
    of the invariant (Liouville) measure of the energy shell; the reports say so."""
    (a1, a2) = box
    h1, h2 = a1 / seeds, a2 / seeds
    return f"""# chaos fraction at one energy: {model} ({params}), E = {energy!r} J
[model]
name = "{model}"
params = "{params}"
[grid]
energy = {energy!r}
th1 = {{ linspace = [{-a1 + h1!r}, {a1 - h1!r}, {seeds}] }}
th2 = {{ linspace = [{-a2 + h2!r}, {a2 - h2!r}, {seeds}] }}
dth1 = 0.0
[energy]
solve = "dth2"
[compute]
orbit_class = {{ time = {time}, renorm = {renorm} }}
"""


def energy_scan(model, params, levels, seeds, time, out_dir):
    """Runs one seed-plane sweep per energy level (in units of the lowest flip energy above the
    minimum) and returns [(level, energy, file)]."""
    lv = energy_levels(model, params)
    V = potential(model, params)
    for state in ([0.3, -0.4], [2.0, 1.0]):  # the python potential must be chaoskit's
        e = energy_at(model, params, state + [0, 0])
        if abs(V(*state) - e) > 1e-9 * max(1.0, abs(e)):
            raise SystemExit(f"potential() disagrees with chaoskit for {model} at {state}: {V(*state)} vs {e}")
    runs = []
    for k, level in enumerate(levels):
        E = lv["E_min"] + level * lv["dE_flip"]
        h5 = Path(out_dir) / f"energy_scan_{params}_{k:02d}.h5"
        sweep(energy_scan_job(model, params, E, accessible_box(V, E), seeds, time), h5)
        runs.append((level, E, h5))
    return lv, runs


def classify_states(model, params, states, time, workers=2):
    """Agreed classification of individual states (chaoskit lyapunov --indicators --json each)."""
    from concurrent.futures import ThreadPoolExecutor

    def one(x):
        j = chaoskit("lyapunov", "--model", model, "--params", params, "--state", ",".join(map(repr, x)),
                     "--time", time, "--indicators", capture_json=True)
        j.pop("history", None)
        j["energy"] = energy_at(model, params, list(x))
        return j

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(one, states))


def class_counts(classes, status):
    """Counts per class among accessible, successfully integrated points."""
    ok = status == OK
    n = int(ok.sum())
    c = {k: int(((classes == v) & ok).sum()) for k, v in (("regular", REGULAR), ("chaotic", CHAOTIC),
                                                           ("undecided", UNDECIDED))}
    c["accessible"] = n
    c["inaccessible"] = int((status == INACCESSIBLE).sum())
    c["failed"] = int(((status != OK) & (status != INACCESSIBLE)).sum())
    c["chaos_fraction"] = c["chaotic"] / n if n else float("nan")
    c["chaos_fraction_upper"] = (c["chaotic"] + c["undecided"]) / n if n else float("nan")
    return c


def wilson(k, n, z=1.96):
    """95 % Wilson interval of a binomial fraction k/n (seeds are a grid, so this is indicative)."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def vote_agreement(h5):
    """How often the indicators agree, over decided and all points."""
    cls, votes, status = read(h5, "orbit_class", "orbit_votes", "status")
    ok = status == OK
    lam, sali, meg = votes[..., 0][ok], votes[..., 1][ok], votes[..., 2][ok]
    decided = cls[ok] != UNDECIDED
    return {
        "points": int(ok.sum()),
        "lambda_sali_agree": float((lam == sali).mean()) if ok.any() else float("nan"),
        "megno_agrees_with_verdict": float((meg[decided] == cls[ok][decided]).mean()) if decided.any() else float("nan"),
        "undecided": float((~decided).mean()) if ok.any() else float("nan"),
    }


def save_json(path, obj):
    Path(path).write_text(json.dumps(obj, indent=1, default=float) + "\n")


def fmt(x, digits=3):
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{x:.{digits}g}"
