"""Converged verdicts for the analyses: the adaptive classification both reports use, the chaotic
fraction of an energy surface (Liouville samples, with the section-plane area fraction beside it),
the onset of chaos with what bounds it, and the check that re-runs verdicts at 5x their time.

An orbit is chaotic or regular only where `orbit_class` says so (src/chaoskit/indicators/
orbit_classification.hpp): undecided orbits are counted as undecided, never folded into either
class. Every fraction comes with its interval and its measure (which sampling, which time).
"""
import csv
import math
from pathlib import Path

import h5py
import numpy as np

import chaoskit_runs as ck

STATE = ("th1", "th2", "dth1", "dth2")


def classification_entry(cls):
    """The orbit_class table of a job: adaptive from `time` to `max_time` with the exponent floor."""
    return (f"orbit_class = {{ time = {cls['time']}, max_time = {cls['max_time']}, "
            f"lambda_floor = {cls['lambda_floor']} }}")


def regular_time(cls):
    """The earliest time a regular verdict may be issued: ln(sqrt(2)/1e-8) / lambda_floor."""
    return math.log(math.sqrt(2.0) / 1e-8) / cls["lambda_floor"]


def describe(cls):
    """One sentence on the classification settings, for the reports."""
    return (f"adaptive `orbit_class`: first verdict at {cls['time']} s, doubled until λ_max and SALI agree on "
            f"chaotic, or λ_max, SALI and MEGNO on regular, at most {cls['max_time']:g} s; a regular verdict only "
            f"from T ≥ ln(√2/1e-8)/λ_floor = {regular_time(cls):.0f} s, so it rules out exponents ≥ "
            f"λ_floor = {cls['lambda_floor']} 1/s whose chaos shows before then (rkf78, tolerance 1e-10)")


INTEGRATOR = '[integrator]\nstepper = "rkf78"\nrtol = 1e-10\natol = 1e-10\n'


# ---- energy-surface samples ---------------------------------------------------------------------

def sample_job(model, params, energies, n, seed, measure, cls, comment):
    levels = ", ".join(repr(float(e)) for e in energies)
    return f"""# {comment}
[model]
name = "{model}"
params = "{params}"
[sample]
energy = {{ list = [{levels}] }}
n = {n}
measure = "{measure}"
seed = {seed}
[compute]
{classification_entry(cls)}
{INTEGRATOR}"""


def energy_scan(model, params, levels, n, seed, measure, cls, out_dir, name):
    """One [sample] sweep over the energy levels (in units of the lowest flip energy above rest):
    n samples per level, uniform on the energy surface (liouville) or on the seed plane (section)."""
    lv = ck.energy_levels(model, params)
    energies = [lv["E_min"] + level * lv["dE_flip"] for level in levels]
    h5 = Path(out_dir) / f"{name}.h5"
    ck.sweep(sample_job(model, params, energies, n, seed, measure, cls,
                        f"{model} ({params}): {n} {measure} samples per energy level, adaptive classification"), h5)
    return {"levels": list(levels), "energies": energies, "h5": str(h5), "lv": lv, "measure": measure, "n": n}


def wilson(k, n, z=1.96):
    return ck.wilson(k, n, z)


def upper_bound(k, n, confidence=0.95):
    """One-sided Clopper-Pearson upper bound on a fraction when k of n samples had the property."""
    from scipy.stats import beta
    if not n:
        return float("nan")
    return 1.0 if k >= n else float(beta.ppf(confidence, k + 1, n - k))


def level_table(scan):
    """Per level: counts, the decided fraction with its 95 % Wilson interval, the band
    [chaotic/n, (chaotic+undecided)/n] with the outer Wilson bounds, and orbit_time quantiles."""
    cls, status, otime = ck.read(scan["h5"], "orbit_class", "status", "orbit_time")
    rows = []
    for k, (level, E) in enumerate(zip(scan["levels"], scan["energies"])):
        ok = status[k] == ck.OK
        c = int(((cls[k] == ck.CHAOTIC) & ok).sum())
        r = int(((cls[k] == ck.REGULAR) & ok).sum())
        u = int(((cls[k] == ck.UNDECIDED) & ok).sum())
        n = int(ok.sum())
        failed = int((~ok).sum())
        t = otime[k][ok]
        rows.append(dict(level=level, E=E, n=n, chaotic=c, regular=r, undecided=u, failed=failed,
                         decided_fraction=c / (c + r) if c + r else float("nan"), decided_ci=wilson(c, c + r),
                         band=(c / n if n else float("nan"), (c + u) / n if n else float("nan")),
                         band_ci=(wilson(c, n)[0], wilson(c + u, n)[1]),
                         t_median=float(np.median(t)) if t.size else float("nan"),
                         t_p90=float(np.percentile(t, 90)) if t.size else float("nan"),
                         t_max=float(t.max()) if t.size else float("nan"),
                         t_at_max=int((t >= scan_max_time(scan) - 1e-9).sum())))
    return rows


def scan_max_time(scan):
    with h5py.File(scan["h5"], "r") as f:
        return float(np.nanmax(f["orbit_time"][...]))


def share_summary(rows):
    """The chaotic share of the decided samples along the scan, in words: where it is zero, where it
    peaks, and where it ends (regularity returning at high energy shows as a fall)."""
    decided = [r for r in rows if r["chaotic"] + r["regular"] > 0]
    if not decided:
        return "no decided sample"
    peak = max(decided, key=lambda r: r["decided_fraction"])
    last = decided[-1]
    zero = [r["level"] for r in decided if r["chaotic"] == 0]
    parts = []
    if zero:
        parts.append(f"0 at {len(zero)} of {len(decided)} levels (up to {max(zero):g} ΔE_flip)")
    parts.append(f"at most {peak['decided_fraction']:.2f} ({fmt_ci(peak['decided_ci'], 2)}) at {peak['level']:g} ΔE_flip")
    if last is not peak:
        parts.append(f"{last['decided_fraction']:.2f} ({fmt_ci(last['decided_ci'], 2)}) at {last['level']:g} ΔE_flip")
    return ", ".join(parts)


def onset(rows):
    """The lowest level with a chaotic sample, and what the levels below it say: the largest chaotic
    share compatible (95 %, one-sided) with what was seen there, counting their undecided samples as
    possibly chaotic (none of them is chaotic, so the bound is that of the undecided count)."""
    first = next((i for i, r in enumerate(rows) if r["chaotic"] > 0), None)
    if first is None:
        return None
    below = rows[:first]
    return dict(level=rows[first]["level"], E=rows[first]["E"], index=first,
                level_below=below[-1]["level"] if below else None,
                bound_below=max((upper_bound(r["undecided"], r["n"]) for r in below), default=float("nan")),
                undecided_below=sum(r["undecided"] for r in below), n_below=sum(r["n"] for r in below))


def fmt_ci(ci, digits=3):
    lo, hi = ci
    if math.isnan(lo):
        return "n/a"
    return f"{lo:.{digits}f}–{hi:.{digits}f}"


def markdown_table(rows, lv, source):
    """The per-level table; `source` names the files it comes from (markdown, quoted by the caller)."""
    dE = lv["dE_flip"]
    out = ["| level [ΔE_flip] | E [J] | n | chaotic | regular | undecided | chaotic / decided (95 %) | "
           "band [c/n, (c+u)/n] (outer 95 %) | orbit_time median / 90 % / max [s] |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        frac = "n/a" if math.isnan(r["decided_fraction"]) else f"{r['decided_fraction']:.3f} ({fmt_ci(r['decided_ci'])})"
        out.append(f"| {r['level']:g} | {r['E']:.4f} | {r['n']} | {r['chaotic']} | {r['regular']} | {r['undecided']} | "
                   f"{frac} | [{r['band'][0]:.3f}, {r['band'][1]:.3f}] ({fmt_ci(r['band_ci'])}) | "
                   f"{r['t_median']:.0f} / {r['t_p90']:.0f} / {r['t_max']:.0f} |")
    out.append(f"\nFrom {source}: orbit_class, orbit_time, initial_state, status; ΔE_flip = {dE:.4f} J.")
    return "\n".join(out)


def plot_scan(ax, rows, label, colour, marker="o"):
    """The decided fraction with its interval, and the band that undecided orbits leave open."""
    x = np.array([r["level"] for r in rows])
    f = np.array([r["decided_fraction"] for r in rows])
    lo = np.array([r["decided_ci"][0] for r in rows])
    hi = np.array([r["decided_ci"][1] for r in rows])
    b0 = np.array([r["band"][0] for r in rows])
    b1 = np.array([r["band"][1] for r in rows])
    ax.fill_between(x, b0, b1, color=colour, alpha=0.18, lw=0)
    ax.errorbar(x, f, yerr=[np.maximum(0, f - lo), np.maximum(0, hi - f)], marker=marker, ms=3.5, capsize=2, lw=1,
                color=colour, label=label)


def plot_orbit_times(ax, scan, title):
    """How long each level's verdicts took: the share decided by each stage end."""
    cls, status, otime = ck.read(scan["h5"], "orbit_class", "status", "orbit_time")
    stages = np.unique(otime[np.isfinite(otime)])
    x = np.array(scan["levels"])
    bottom = np.zeros(len(x))
    cmap = matplotlib_cmap(len(stages))
    for j, T in enumerate(stages):
        share = np.array([((otime[k] == T) & (status[k] == ck.OK)).sum() / max(1, (status[k] == ck.OK).sum())
                          for k in range(len(x))])
        width = np.diff(x).min() * 0.8 if len(x) > 1 else 0.1
        ax.bar(x, share, bottom=bottom, width=width, color=cmap(j), label=f"{T:g} s")
        bottom += share
    ax.set(xlabel="(E − E_rest) / ΔE_flip", ylabel="share of samples decided at T", title=title)
    ax.legend(fontsize=7, ncol=2, title="orbit_time", title_fontsize=7)


def matplotlib_cmap(n):
    import matplotlib
    return matplotlib.colormaps["viridis"].resampled(max(2, n))


# ---- verdicts re-run at 5x their time -------------------------------------------------------------

def initial_states(h5):
    """The initial state of every point of a results file, flattened: `initial_state` where the file
    has it ([sample], [points]); otherwise from the grid's state axes, unnamed components 0 (the
    analyses' grid jobs fix every rate they do not sweep to 0)."""
    with h5py.File(h5, "r") as f:
        if "initial_state" in f:
            x = f["initial_state"][...]
            return x.reshape(-1, x.shape[-1])
        shape = f["orbit_class"].shape
        dims = [f["orbit_class"].dims[i][0].name.lstrip("/") for i in range(len(shape))]
        grids = np.meshgrid(*[f[d][...] for d in dims], indexing="ij")
        out = np.zeros((int(np.prod(shape)), 4))
        for d, g in zip(dims, grids):
            if d in STATE:
                out[:, STATE.index(d)] = g.ravel()
        return out


def floor_at(T, cls):
    """The exponent floor a one-stage classification at T can state: the job's own, or, where T is
    shorter than the job's regular-verdict time, the smallest whose regular-verdict time T reaches
    (rounded up in the sixth digit so that the classifier's own check accepts it)."""
    needed = math.log(math.sqrt(2.0) / 1e-8) / T
    if needed <= cls["lambda_floor"]:
        return cls["lambda_floor"]
    digits = 6 - int(math.floor(math.log10(needed)))
    return math.ceil(needed * 10**digits) / 10**digits


def recheck_job(model, params, csv_name, T, cls):
    """A [points] job that classifies the listed states in one stage at T = 5 x their orbit_time."""
    floor = floor_at(T, cls)
    return f"""# verdicts re-run at 5x their orbit_time: one stage at T = {T:g} s, the same verdict rule (floor {floor} 1/s)
[model]
name = "{model}"
params = "{params}"
[points]
file = "{csv_name}"
[compute]
orbit_class = {{ time = {T!r}, max_time = {T!r}, lambda_floor = {floor} }}
{INTEGRATOR}"""


def recheck(model, params, sources, cls, out_dir, name, per_class=100, seed=5):
    """Re-runs up to `per_class` regular and `per_class` chaotic verdicts (drawn at random with a fixed
    seed from the result files `sources`) at 5x the time at which each was reached, with the same
    rule, and returns what became of them."""
    rng = np.random.default_rng(seed)
    picked = []
    for h5 in sources:
        cls_, status, otime = ck.read(h5, "orbit_class", "status", "orbit_time")
        states = initial_states(h5)
        flat = np.arange(cls_.size)
        for code in (ck.REGULAR, ck.CHAOTIC):
            idx = flat[(cls_.ravel() == code) & (status.ravel() == ck.OK)]
            picked += [(code, float(otime.ravel()[i]), states[i], Path(h5).name, int(i)) for i in idx]
    chosen = []
    for code in (ck.REGULAR, ck.CHAOTIC):
        pool = [p for p in picked if p[0] == code]
        take = rng.choice(len(pool), size=min(per_class, len(pool)), replace=False) if pool else []
        chosen += [pool[i] for i in sorted(take)]
    results = []
    for T in sorted({p[1] for p in chosen}):
        group = [p for p in chosen if p[1] == T]
        csv_path = Path(out_dir) / f"{name}_T{T:g}.csv"
        with open(csv_path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(STATE)
            for p in group:
                w.writerow([repr(float(v)) for v in p[2]])
        h5 = Path(out_dir) / f"{name}_T{T:g}.h5"
        ck.sweep(recheck_job(model, params, csv_path.name, 5 * T, cls), h5)
        after, votes, lam, megno, sali_min = ck.read(h5, "orbit_class", "orbit_votes", "orbit_lambda_max", "orbit_megno",
                                                     "orbit_sali_min")
        for k, p in enumerate(group):
            results.append(dict(before=p[0], after=int(after[k]), T=T, source=p[3], index=p[4],
                                votes=[int(v) for v in votes[k]], lambda_max=float(lam[k]), megno=float(megno[k]),
                                sali_min=float(sali_min[k]), floor=floor_at(5 * T, cls)))
    return results


def recheck_summary(results):
    out = {}
    for code, name in ((ck.REGULAR, "regular"), (ck.CHAOTIC, "chaotic")):
        rs = [r for r in results if r["before"] == code]
        und = [r for r in rs if r["after"] == ck.UNDECIDED]
        # Why the undecided ones are undecided: which votes left the original verdict (orbit_votes:
        # λ_max, SALI, MEGNO), and how large their exponent estimates are against the stated floor.
        why = dict(lambda_vote=sum(r["votes"][0] != code for r in und), sali_vote=sum(r["votes"][1] != code for r in und),
                   megno_vote=sum(r["votes"][2] != code for r in und),
                   megno_max=max((r["megno"] for r in und), default=float("nan")),
                   lambda_max=max((r["lambda_max"] for r in und), default=float("nan")),
                   floor=min((r["floor"] for r in und), default=float("nan")),
                   above_floor=sum(r["lambda_max"] >= r["floor"] for r in und))
        out[name] = dict(n=len(rs), same=sum(r["after"] == code for r in rs),
                         flipped=sum(r["after"] not in (code, ck.UNDECIDED) for r in rs),
                         undecided=len(und), why_undecided=why,
                         times=sorted({r["T"] for r in rs}))
    return out


def undecided_reason(s, name):
    """Why the rechecked verdicts of one class that became undecided did: the votes that moved and the
    size of their exponents against the floor."""
    c, w = s[name], s[name]["why_undecided"]
    if not c["undecided"]:
        return ""
    votes = ", ".join(f"{label} in {k}" for label, k in (("the λ_max vote", w["lambda_vote"]),
                                                        ("the SALI vote", w["sali_vote"]),
                                                        (f"the MEGNO vote (⟨Y⟩ up to {w['megno_max']:.2f})",
                                                         w["megno_vote"])) if k)
    text = (f" Of the {c['undecided']} {name} verdicts that became undecided, the votes that no longer say "
            f"{name}: {votes}; their λ_max estimates at 5× reach at most {w['lambda_max']:.2g} 1/s")
    if name == "regular":
        if w["above_floor"] == 0:
            text += (f", below the floor {w['floor']:g} 1/s that a regular verdict states: what the longer run "
                     f"shows (resonance layers, or chaos slower than the floor) is what a regular verdict does not "
                     f"claim to exclude.")
        else:
            text += f"; {w['above_floor']} of them at or above the floor {w['floor']:g} 1/s."
    else:
        text += "."
    return text


def recheck_sentence(s, files):
    reg, cha = s["regular"], s["chaotic"]
    return (f"{reg['n']} regular verdicts (reached at {', '.join(f'{t:g}' for t in reg['times'])} s) re-run at 5× "
            f"their time with the same rule: {reg['same']} stay regular, {reg['flipped']} turn chaotic, "
            f"{reg['undecided']} become undecided; {cha['n']} chaotic verdicts likewise (where 5× their time is "
            f"shorter than the regular-verdict time, with the floor that time can state, 18.8/5T): {cha['same']} stay "
            f"chaotic, {cha['flipped']} turn regular, {cha['undecided']} become undecided ({files})."
            + undecided_reason(s, "regular") + undecided_reason(s, "chaotic"))


# ---- what a fixed-time classification would have said ---------------------------------------------

def fixed_time_job(model, params, csv_name, T):
    return f"""# the same states classified at one fixed time T = {T} s (no max_time), for comparison
[model]
name = "{model}"
params = "{params}"
[points]
file = "{csv_name}"
[compute]
orbit_class = {{ time = {T} }}
{INTEGRATOR}"""


def fixed_time_comparison(model, params, scan, lo, hi, T, out_dir, name):
    """Classifies the samples of `scan` with levels in [lo, hi] at a fixed T, and cross-tabulates
    those verdicts against the adaptive ones: how many orbits the adaptive classification finds
    chaotic would a fixed T have called regular?"""
    cls_, status = ck.read(scan["h5"], "orbit_class", "status")
    states = initial_states(scan["h5"])
    levels = np.array(scan["levels"])
    keep = np.repeat((levels >= lo) & (levels <= hi), cls_.shape[1]) & (status.ravel() == ck.OK)
    csv_path = Path(out_dir) / f"{name}.csv"
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(STATE)
        for x in states[keep]:
            w.writerow([repr(float(v)) for v in x])
    h5 = Path(out_dir) / f"{name}.h5"
    ck.sweep(fixed_time_job(model, params, csv_path.name, T), h5)
    fixed = ck.read(h5, "orbit_class")[0]
    adaptive = cls_.ravel()[keep]
    table = {(a, b): int(((adaptive == a) & (fixed == b)).sum()) for a in (0, 1, 2) for b in (0, 1, 2)}
    return dict(T=T, lo=lo, hi=hi, n=int(keep.sum()), table=table, h5=str(h5))


def fixed_time_sentence(c):
    t = c["table"]
    chaotic = sum(t[(ck.CHAOTIC, b)] for b in (0, 1, 2))
    return (f"Of the {c['n']} samples between {c['lo']:g} and {c['hi']:g} ΔE_flip, the adaptive classification "
            f"finds {chaotic} chaotic; a fixed T = {c['T']} s calls {t[(ck.CHAOTIC, ck.REGULAR)]} of them regular, "
            f"{t[(ck.CHAOTIC, ck.UNDECIDED)]} undecided and {t[(ck.CHAOTIC, ck.CHAOTIC)]} chaotic; of the "
            f"{sum(t[(ck.REGULAR, b)] for b in (0, 1, 2))} adaptive regular ones it calls "
            f"{t[(ck.REGULAR, ck.CHAOTIC)]} chaotic (`{Path(c['h5']).name}`)")
