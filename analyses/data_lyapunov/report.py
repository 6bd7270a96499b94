#!/usr/bin/python3
"""Figures and REPORT.md (REPORT_quick.md) from results/results.json (results_quick/) of ./run.

Every number in the report is read from results.json, which holds the JSON that `chaoskit
lyapunov` and `chaoskit lyapunov-data` printed for each orbit and record.
"""
import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

HERE = Path(__file__).resolve().parent
TOP = HERE.parents[1]
WITHIN = 0.20  # the accuracy a user is told to expect: within 20 % of the true exponent


def rel_error(run, orbit):
    est = run["result"].get("lambda_max")
    if est is None or not orbit["lambda_max"] > 0:
        return None
    return est / orbit["lambda_max"] - 1.0


def fmt(v, digits=3):
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return "—"
    return f"{v:.{digits}g}"


def estimate_figure(data, out):
    orbits, runs = data["orbits"], data["runs"]
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    noises = sorted({r["noise"] for r in runs})
    colours = dict(zip(noises, plt.cm.viridis(np.linspace(0, 0.85, len(noises)))))
    rates = sorted({r["rate"] for r in runs})
    for oi, (ax, orb) in enumerate(zip(axes.flat, orbits)):
        lam, err = orb["lambda_max"], orb["lambda_max_error"]
        ax.axhspan(lam * (1 - WITHIN), lam * (1 + WITHIN), color="0.85", label="true ±20 %")
        ax.axhline(lam, color="k", lw=1.5, label=f"variational λ_max = {lam:.3g} ± {err:.1g} 1/s")
        ax.axhline(0, color="k", lw=0.5)
        for r in (r for r in runs if r["orbit"] == oi):
            res = r["result"]
            k = noises.index(r["noise"])
            dx = 1 + 0.04 * (k - len(noises) / 2) + (0.02 if r["columns"] == "all four" else 0) + \
                0.01 * rates.index(r["rate"])
            x = r["length"] * dx
            marker = "o" if r["columns"] == "one angle" else "s"
            if "error" in res or res.get("lambda_max") is None:
                ax.plot(x, 0, marker, mfc="none", mec=colours[r["noise"]], ms=6)
                continue
            y = res["lambda_max"]
            lo, hi = res["lambda_max_ci"]
            ax.errorbar(x, y, yerr=[[y - lo], [hi - y]], fmt=marker, color=colours[r["noise"]], ms=5, capsize=2,
                        mfc=colours[r["noise"]] if res["confident_positive"] else "none")
        ax.set_xscale("log")
        ax.set_title(f"{orb['name']}: {orb['model']} from {orb['state']}", fontsize=9)
        ax.set_xlabel("record length [s]")
        ax.set_ylabel("λ estimate [1/s]")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7, loc="upper right")
    handles = [plt.Line2D([], [], color=colours[n], marker="o", ls="", label=f"noise {n:.1%} of range")
               for n in noises]
    handles += [plt.Line2D([], [], color="k", marker="o", ls="", label="one angle (th1)"),
                plt.Line2D([], [], color="k", marker="s", ls="", label="all four columns"),
                plt.Line2D([], [], color="k", marker="o", mfc="none", ls="",
                           label="hollow: not confident (at 0: no linear region)")]
    fig.legend(handles=handles, loc="lower center", ncol=4, fontsize=8)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(out, dpi=110)
    plt.close(fig)


def short_term_figure(data, out):
    """lambda_S (0-1 stride) per stride of every record against record length: chaotic and regular
    orbits side by side, on a log axis because the regular orbits' values are small but positive."""
    orbits, runs = data["orbits"], data["runs"]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    markers = ["o", "s", "^", "D"]
    for oi, orb in enumerate(orbits):
        xs, ys = [], []
        for r in runs:
            s = r["result"].get("short_term")
            if r["orbit"] == oi and isinstance(s, dict):
                xs.append(r["length"] * (1.06 if r["columns"] == "all four" else 1.0))
                ys.append(s["per_stride"])
        ys = np.array(ys)
        ax.plot(np.array(xs)[ys > 0], ys[ys > 0], markers[oi], color=f"C{oi}", alpha=0.6, ms=4,
                label=f"{orb['name']} (λ_max {orb['lambda_max']:.2g} 1/s; {np.sum(ys <= 0)} values <= 0 not shown)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("record length [s]")
    ax.set_ylabel("short-term exponent λ_S, 0-1 stride [per stride]")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def scatter_figure(data, out):
    orbits, runs = data["orbits"], data["runs"]
    fig, ax = plt.subplots(figsize=(6.5, 6))
    top = max(o["lambda_max"] for o in orbits) * 1.6
    xs = np.array([0, top])
    ax.plot(xs, xs, "k-", lw=1, label="estimate = variational λ_max")
    ax.fill_between(xs, xs * (1 - WITHIN), xs * (1 + WITHIN), color="0.88", label="±20 %")
    markers = ["o", "s", "^", "D"]
    for oi, orb in enumerate(orbits):
        sel = [r for r in runs if r["orbit"] == oi and r["result"].get("lambda_max") is not None]
        for r in sel:
            res = r["result"]
            y = res["lambda_max"]
            lo, hi = res["lambda_max_ci"]
            ax.errorbar(orb["lambda_max"], y, xerr=orb["lambda_max_error"], yerr=[[y - lo], [hi - y]],
                        fmt=markers[oi], color=f"C{oi}", alpha=0.6, ms=4, capsize=2,
                        mfc=f"C{oi}" if res["confident_positive"] else "none")
        none = sum(1 for r in runs if r["orbit"] == oi and r["result"].get("lambda_max") is None)
        ax.plot([], [], markers[oi], color=f"C{oi}", label=f"{orb['name']} ({len(sel)} estimates, {none} none)")
    ax.set_xlabel("variational λ_max of the orbit [1/s]")
    ax.set_ylabel("time-series estimate (Rosenstein) [1/s]")
    ax.set_xlim(-0.05 * top, top)
    ax.set_ylim(-0.05 * top, top)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    suffix = "_quick" if args.quick else ""
    res = HERE / ("results_quick" if args.quick else "results")
    data = json.loads((res / "results.json").read_text())
    orbits, runs, cfg = data["orbits"], data["runs"], data["config"]
    estimate_figure(data, HERE / f"estimates{suffix}.png")
    scatter_figure(data, HERE / f"estimate_vs_true{suffix}.png")
    short_term_figure(data, HERE / f"short_term{suffix}.png")
    # Divergence curves of the longest, finest, noise-free one-angle record of each orbit.
    longest = max(cfg["lengths"])
    curves = []
    for oi, orb in enumerate(orbits):
        r = next(r for r in runs if r["orbit"] == oi and r["length"] == longest and r["noise"] == 0
                 and r["columns"] == "one angle" and r["rate"] == max(cfg["rates"]))
        js = res / f"curve_orbit{oi}.json"
        js.write_text(json.dumps(r["result"]))
        png = HERE / f"curve_orbit{oi}{suffix}.png"
        subprocess.run([str(TOP / "tools" / "plot_divergence"), str(js), str(png),
                        f"{orb['name']}: {r['rate']} Hz, {r['length']} s, no noise, th1 (true λ_max "
                        f"{orb['lambda_max']:.3g} 1/s)"], check=True)
        curves.append(png.name)

    L = []
    L.append(f"# Lyapunov exponents from sampled kinematics against the true exponent{' (quick form)' if args.quick else ''}")
    L.append("")
    L.append("Produced by `analyses/data_lyapunov/run" + (" --quick" if args.quick else "") +
             f"` in {data['seconds'] / 60:.1f} min; every number below is read from "
             f"`{res.name}/results.json`, which keeps the JSON of each chaoskit run.")
    L.append("")
    L.append("**Question.** Gait and sports studies estimate a largest Lyapunov exponent from joint angles or "
             "velocities (Rosenstein's method, a delay embedding chosen from the data). How close is that "
             "estimate to the true exponent of the orbit, for a given sampling rate, record length, noise and "
             "choice of columns, and does it call a regular orbit chaotic?")
    L.append("")
    L.append("**Method.** For each orbit: the true λ_max from the variational equations (`chaoskit lyapunov "
             f"--time {cfg['lyap_time']} --indicators`, the same initial state); one trajectory "
             f"(`chaoskit simulate`, 200 Hz, {max(cfg['lengths'])} s); records of its first "
             f"{', '.join(str(n) for n in cfg['lengths'])} s at "
             f"{' and '.join(str(r) for r in cfg['rates'])} Hz with Gaussian noise of standard deviation "
             f"{', '.join(f'{n:.1%}' for n in cfg['noises'])} of each column's range (an angle's range counted "
             "at most 2π; CSV, as motion capture exports); `chaoskit lyapunov-data` on th1 alone ('one angle') "
             "and on the whole state ('all four': each angle as sin and cos, because link 2 of the chaotic "
             "orbits swings over the top and its angle grows without bound, plus both rates), "
             "with the delay (mutual information) and dimension (false nearest neighbours) chosen from the data "
             "and `--period` set to the slowest linear mode's period (the 'stride' of the short- and long-term "
             "exponents). The method and its rules: src/chaoskit/timeseries/README.md. **Within 20 %** means "
             "|estimate/true − 1| ≤ 0.2; **reports chaos** means a confident positive exponent (a linear "
             "region and a 95 % interval above 0).")
    L.append("")
    L.append("## Orbits")
    L.append("")
    L.append("| orbit | model | state | variational λ_max [1/s] | SALI / MEGNO class | 'stride' (slow mode) [s] |")
    L.append("|---|---|---|---:|---|---:|")
    for o in orbits:
        cls = o["variational"].get("classification", {})
        L.append(f"| {o['name']} | {o['model']} | {o['state']} | {o['lambda_max']:.4f} ± "
                 f"{o['lambda_max_error']:.4f} | {cls.get('verdict', '—')} | {o['period']:.3f} |")
    L.append("")

    chaotic = [oi for oi, o in enumerate(orbits) if o["kind"] == "chaotic"]
    regular = [oi for oi, o in enumerate(orbits) if o["kind"] == "regular"]

    L.append("## Verdicts")
    L.append("")
    # Within 20 %: for each chaotic orbit and column choice, the shortest record (at each noise and
    # rate) from which on every longer record is within 20 %.
    L.append("**How long a record, how little noise (chaotic orbits).** Shortest record length from which "
             "every longer record in the grid gives an estimate within 20 % of the true λ_max (— : not even at "
             f"{max(cfg['lengths'])} s):")
    L.append("")
    head = "| orbit | columns | rate [Hz] | " + " | ".join(f"noise {n:.1%}" for n in cfg["noises"]) + " |"
    L.append(head)
    L.append("|---|---|---:|" + "---:|" * len(cfg["noises"]))
    good_any = []
    for oi in chaotic:
        for cols in ("one angle", "all four"):
            for rate in cfg["rates"]:
                cells = []
                for n in cfg["noises"]:
                    ok_from = None
                    for length in sorted(cfg["lengths"], reverse=True):
                        r = next(r for r in runs if (r["orbit"], r["columns"], r["rate"], r["noise"], r["length"]) ==
                                 (oi, cols, rate, n, length))
                        e = rel_error(r, orbits[oi])
                        if e is not None and abs(e) <= WITHIN:
                            ok_from = length
                        else:
                            break
                    cells.append(f"{ok_from:g} s" if ok_from else "—")
                    if ok_from:
                        good_any.append((oi, cols, rate, n, ok_from))
                L.append(f"| {orbits[oi]['name']} | {cols} | {rate} | " + " | ".join(cells) + " |")
    L.append("")
    false_pos = [r for r in runs if r["orbit"] in regular and r["result"].get("confident_positive")]
    n_reg = sum(1 for r in runs if r["orbit"] in regular)
    L.append(f"**Chaos reported for a regular orbit.** {len(false_pos)} of {n_reg} records of the regular orbits "
             "give a confident positive exponent" + (":" if false_pos else "."))
    L.append("")
    if false_pos:
        L.append("| orbit | rate [Hz] | length [s] | noise | columns | λ [1/s] | 95 % interval | fit range [s] |")
        L.append("|---|---:|---:|---:|---|---:|---|---|")
        for r in false_pos:
            res_ = r["result"]
            L.append(f"| {orbits[r['orbit']]['name']} | {r['rate']} | {r['length']} | {r['noise']:.1%} | "
                     f"{r['columns']} | {fmt(res_['lambda_max'])} | [{fmt(res_['lambda_max_ci'][0])}, "
                     f"{fmt(res_['lambda_max_ci'][1])}] | {fmt(res_['fit']['t_begin'])}–{fmt(res_['fit']['t_end'])} |")
        L.append("")
    missed = [r for r in runs if r["orbit"] in chaotic and not r["result"].get("confident_positive")]
    n_ch = sum(1 for r in runs if r["orbit"] in chaotic)
    L.append(f"**Chaos missed.** {len(missed)} of {n_ch} records of the chaotic orbits give no confident positive "
             "exponent (no linear region, an interval reaching 0, or a record the embedding does not fit).")
    L.append("")
    # Short-term exponents on regular orbits: positive whatever the dynamics.
    st = [(r, r["result"]["short_term"]) for r in runs if isinstance(r["result"].get("short_term"), dict)]
    st_reg = [s["per_stride"] for r, s in st if r["orbit"] in regular]
    st_ch = [s["per_stride"] for r, s in st if r["orbit"] in chaotic]
    if st_reg and st_ch:
        L.append(f"**Short-term exponent (0–1 stride, Dingwell & Cusumano).** Regular orbits: "
                 f"{min(st_reg):.3g} to {max(st_reg):.3g} per stride ({sum(v > 0 for v in st_reg)} of {len(st_reg)} "
                 f"positive); chaotic orbits: {min(st_ch):.3g} to {max(st_ch):.3g}. A positive λ_S is no sign of "
                 "chaos: it measures how fast neighbouring samples separate within one cycle, which noise and the "
                 "phase drift of a regular oscillator make positive too.")
        L.append("")

    if data.get("delay_runs"):
        L.append("**The delay.** On the longest noise-free th1 record at the highest rate, the estimate with the "
                 "delay given (dimension from false nearest neighbours) beside the mutual-information choice:")
        L.append("")
        L.append("| orbit | true λ_max | " + " | ".join(f"τ = {d} samples" for d in cfg["delays"]) +
                 " | τ from mutual information |")
        L.append("|---|---:|" + "---:|" * (len(cfg["delays"]) + 1))
        for oi, o in enumerate(orbits):
            cells = []
            for d in cfg["delays"]:
                r = next(x["result"] for x in data["delay_runs"] if x["orbit"] == oi and x["delay"] == d)
                cells.append("refused" if "error" in r else
                             (f"{fmt(r['lambda_max'])} (d {r['dim']})" if r["lambda_max"] is not None
                              else f"none (d {r['dim']})"))
            ref = next(r["result"] for r in runs if r["orbit"] == oi and r["noise"] == 0 and
                       r["columns"] == "one angle" and r["length"] == max(cfg["lengths"]) and
                       r["rate"] == max(cfg["rates"]))
            cells.append(f"{fmt(ref.get('lambda_max'))} (τ {ref.get('delay')}, d {ref.get('dim')})")
            L.append(f"| {o['name']} | {o['lambda_max']:.3g} | " + " | ".join(cells) + " |")
        L.append("")

    L.append("## Figures")
    L.append("")
    L.append(f"- `estimates{suffix}.png`: each orbit's estimates with their 95 % intervals against record length, by "
             "noise (colour) and columns (circle: th1; square: all four); grey band: the true λ_max ± 20 %; "
             "hollow: not a confident positive exponent; hollow at 0: no linear region (no estimate).")
    L.append(f"- `estimate_vs_true{suffix}.png`: every estimate against the variational λ_max, with error bars on both.")
    L.append(f"- `short_term{suffix}.png`: the short-term exponent λ_S per stride of every record, chaotic and regular "
             "orbits (log axes).")
    for oi, c in enumerate(curves):
        L.append(f"- `{c}`: the divergence curve and fit of {orbits[oi]['name']} (longest noise-free th1 record).")
    L.append("")
    L.append(f"![estimates](estimates{suffix}.png)")
    L.append("")
    L.append(f"![estimate vs true](estimate_vs_true{suffix}.png)")
    L.append("")

    L.append("## All records")
    L.append("")
    L.append("| orbit | rate | length [s] | noise | columns | delay, dim | λ [1/s] | 95 % interval | vs true | "
             "linear region | reports chaos | λ_S, λ_L per stride | time [s] |")
    L.append("|---|---:|---:|---:|---|---|---:|---|---:|---|---|---|---:|")
    for r in runs:
        res_ = r["result"]
        o = orbits[r["orbit"]]
        if "error" in res_:
            L.append(f"| {o['name']} | {r['rate']} | {r['length']} | {r['noise']:.1%} | {r['columns']} | "
                     f"refused: {res_['error'].split(': ', 2)[-1]} | | | | | | | {res_['seconds']:.1f} |")
            continue
        e = rel_error(r, o)
        s_, l_ = res_.get("short_term"), res_.get("long_term")
        strides = (f"{fmt(s_['per_stride'])}, {fmt(l_['per_stride']) if isinstance(l_, dict) else '—'}"
                   if isinstance(s_, dict) else "—")
        L.append(f"| {o['name']} | {r['rate']} | {r['length']} | {r['noise']:.1%} | {r['columns']} | "
                 f"{res_['delay']}, {res_['dim']} | {fmt(res_['lambda_max'])} | "
                 f"[{fmt(res_['lambda_max_ci'][0])}, {fmt(res_['lambda_max_ci'][1])}] | "
                 f"{'—' if e is None else f'{e:+.0%}'} | {'yes' if res_['linear_region'] else 'no'} | "
                 f"{'yes' if res_['confident_positive'] else 'no'} | {strides} | {res_['seconds']:.1f} |")
    L.append("")
    (HERE / f"REPORT{suffix}.md").write_text("\n".join(L) + "\n")


if __name__ == "__main__":
    main()
