#!/usr/bin/python3
"""Endpoint change of the declared golf swing for a release shifted by +-0.01 s.

Runs the chaoskit CLI only (no library bindings): `stm --json` for the linear release sensitivity
d(p, v)(T)/d t_r (variational equations with the release jump term), `simulate --json` for the
nominal run and for runs with t_r shifted by +-0.01 s (and +-1 ms as a check of the linearisation),
and `inspect --json` for the endpoint acceleration at T (needed for the sensitivity at the impact
event th1 = 0, whose time itself moves with t_r). Writes RESULTS.md next to this file.

Usage: analyses/golf_chaos/forced_swing/measure_release_shift.py [path/to/chaoskit]
"""
import json
import math
import pathlib
import subprocess
import sys
import tomllib

HERE = pathlib.Path(__file__).resolve().parent
SWING = HERE / "declared_swing.toml"
CLI = sys.argv[1] if len(sys.argv) > 1 else str(HERE.parents[2] / "build" / "chaoskit")


def run(*args):
    out = subprocess.run([CLI, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"chaoskit {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
    return json.loads(out.stdout)


def main():
    cfg = tomllib.loads(SWING.read_text())
    state = ",".join(str(s) for s in cfg["initial"]["state"])
    T = cfg["evaluation"]["time"]
    shift = cfg["evaluation"]["release_shift"]
    tau = cfg["inputs"]["torque"]
    tr = cfg["inputs"]["release"][1]
    integ = cfg["integrator"]
    common = ["--model", cfg["model"]["name"], "--params", cfg["model"]["params"], "--state", state,
              "--time", repr(T), "--stepper", integ["stepper"], "--rtol", repr(integ["rtol"]),
              "--atol", repr(integ["atol"]), f"--torque={tau[0]},{tau[1]}"]

    def endpoint(release):
        j = run("simulate", *common, "--release", f"none,{release!r}", "--dt-out", repr(T), "--json")
        x = j["state"][-1]
        ins = run("inspect", "--model", "golf", "--params", cfg["model"]["params"],
                  "--state", ",".join(repr(v) for v in x),
                  f"--torque={tau[0]},{0.0 if release < T else tau[1]}", "--json")
        e = ins["endpoint"]
        return x, e["p"] + e["v"], e["a"]

    stm = run("stm", *common, "--release", f"none,{tr!r}", "--json")
    dy_dr = stm["input_sensitivity"]["endpoint_release"][1]        # d(px,py,vx,vy)/d t_r
    dx_dr = stm["input_sensitivity"]["release"][1]                 # d(th1,th2,dth1,dth2)/d t_r
    x0, y0, a0 = endpoint(tr)
    def endpoint_at_event(release):
        """Endpoint when th1 first crosses 0 (cubic Hermite interpolation between 0.1 ms samples)."""
        j = run("simulate", *[a if a != repr(T) else repr(T + 0.05) for a in common],
                "--release", f"none,{release!r}", "--dt-out", "1e-4", "--json")
        ts, xs = j["t"], j["state"]
        for k in range(1, len(ts)):
            if xs[k - 1][0] > 0.0 >= xs[k][0]:
                lo, hi = 0.0, 1.0
                h = ts[k] - ts[k - 1]
                def herm(s, i, d):
                    a, b = xs[k - 1][i], xs[k][i]
                    da, db = xs[k - 1][d] * h, xs[k][d] * h
                    return ((2*s**3 - 3*s**2 + 1) * a + (s**3 - 2*s**2 + s) * da + (-2*s**3 + 3*s**2) * b
                            + (s**3 - s**2) * db)
                for _ in range(60):
                    mid = 0.5 * (lo + hi)
                    lo, hi = (mid, hi) if herm(mid, 0, 2) > 0 else (lo, mid)
                s_ = 0.5 * (lo + hi)
                te = ts[k - 1] + s_ * h
                x = [xs[k - 1][i] + s_ * (xs[k][i] - xs[k - 1][i]) for i in range(4)]
                x[0], x[1] = herm(s_, 0, 2), herm(s_, 1, 3)
                ins = run("inspect", "--model", "golf", "--params", cfg["model"]["params"],
                          "--state", ",".join(repr(v) for v in x), f"--torque={tau[0]},0", "--json")
                return te, ins["endpoint"]["p"] + ins["endpoint"]["v"]
        sys.exit("no th1 = 0 crossing found")

    te0, ye0 = endpoint_at_event(tr)
    # Impact event th1 = 0: its time moves by dT/dt_r = -(d th1/d t_r) / dth1, evaluated at the
    # nominal event time te0 (Psi and the release response re-run with --time te0).
    common_e = [a if a != repr(T) else repr(te0) for a in common]
    stm_e = run("stm", *common_e, "--release", f"none,{tr!r}", "--json")
    xe = stm_e["state"]
    ins_e = run("inspect", "--model", "golf", "--params", cfg["model"]["params"],
                "--state", ",".join(repr(v) for v in xe), f"--torque={tau[0]},0", "--json")
    dT_dr = -stm_e["input_sensitivity"]["release"][1][0] / xe[2]
    ydot = ins_e["endpoint"]["v"] + ins_e["endpoint"]["a"]
    dy_re = stm_e["input_sensitivity"]["endpoint_release"][1]
    dy_event = [dy_re[i] + ydot[i] * dT_dr for i in range(4)]
    event_rows = []
    for h in (shift, -shift):
        te, ye = endpoint_at_event(tr + h)
        event_rows.append((h, te - te0, [ye[i] - ye0[i] for i in range(4)]))

    rows = []
    for h in (shift, -shift, 1e-3, -1e-3):
        _, y, _ = endpoint(tr + h)
        d = [y[i] - y0[i] for i in range(4)]
        lin = [dy_dr[i] * h for i in range(4)]
        rows.append((h, d, lin))
    fd1 = [(rows[2][1][i] - rows[3][1][i]) / 2e-3 for i in range(4)]

    speed0 = math.hypot(y0[2], y0[3])
    md = []
    md.append("# Release-timing sensitivity of a declared golf swing\n")
    md.append(f"Generated by `analyses/golf_chaos/forced_swing/measure_release_shift.py` from `declared_swing.toml` "
              f"(golf, {cfg['model']['params']}, start at rest at th1 = 150 deg, th2 = +70 deg; "
              f"tau = ({tau[0]}, {tau[1]}) N m, tau2 released at t_r = {tr} s; evaluated at T = {T} s; "
              f"{integ['stepper']}, rtol = atol = {integ['rtol']}).\n")
    md.append("## Nominal swing at T\n")
    md.append(f"- state (th1, th2, dth1, dth2) = ({x0[0]:.6f}, {x0[1]:.6f}, {x0[2]:.4f}, {x0[3]:.4f}) rad, rad/s "
              f"(th1 = {math.degrees(x0[0]):.2f} deg, th2 = {math.degrees(x0[1]):.2f} deg)")
    md.append(f"- endpoint p = ({y0[0]:.6f}, {y0[1]:.6f}) m, v = ({y0[2]:.4f}, {y0[3]:.4f}) m/s, "
              f"speed {speed0:.4f} m/s\n")
    md.append("## Linear release sensitivity (variational equations, jump term f(x,u-) - f(x,u+))\n")
    md.append(f"- d(px, py)/d t_r = ({dy_dr[0]:.6g}, {dy_dr[1]:.6g}) m/s; "
              f"d(vx, vy)/d t_r = ({dy_dr[2]:.6g}, {dy_dr[3]:.6g}) m/s^2")
    md.append(f"- central difference of simulations at t_r +- 1 ms: ({fd1[0]:.6g}, {fd1[1]:.6g}) m/s; "
              f"({fd1[2]:.6g}, {fd1[3]:.6g}) m/s^2")
    rel = math.dist(dy_dr, fd1) / math.hypot(*fd1)
    md.append(f"- relative difference {rel:.2e}\n")
    md.append("## Endpoint change for a shifted release, at the fixed time T\n")
    md.append("| shift of t_r | dp (simulated) [mm] | |dp| [mm] | dv (simulated) [m/s] | |dv| [m/s] | "
              "linear prediction dp [mm] | linear dv [m/s] |")
    md.append("|---|---|---|---|---|---|---|")
    for h, d, lin in rows:
        md.append(f"| {h*1000:+.0f} ms | ({d[0]*1e3:.2f}, {d[1]*1e3:.2f}) | {math.hypot(d[0], d[1])*1e3:.2f} | "
                  f"({d[2]:.4f}, {d[3]:.4f}) | {math.hypot(d[2], d[3]):.4f} | "
                  f"({lin[0]*1e3:.2f}, {lin[1]*1e3:.2f}) | ({lin[2]:.4f}, {lin[3]:.4f}) |")
    md.append("")
    md.append("## At the impact event th1 = 0 instead of a fixed time\n")
    md.append(f"- nominal event at t = {te0:.6f} s (th1 crosses 0); linearised there:")
    md.append(f"- the event time moves by dT/dt_r = {dT_dr:.6g} (so {dT_dr*shift*1e3:+.3f} ms for a "
              f"{shift*1e3:.0f} ms later release)")
    md.append(f"- endpoint at the event: d(px, py)/d t_r = ({dy_event[0]:.6g}, {dy_event[1]:.6g}) m/s, "
              f"d(vx, vy)/d t_r = ({dy_event[2]:.6g}, {dy_event[3]:.6g}) m/s^2; "
              f"for +{shift*1e3:.0f} ms: |dp| = {math.hypot(dy_event[0], dy_event[1])*shift*1e3:.2f} mm, "
              f"|dv| = {math.hypot(dy_event[2], dy_event[3])*shift:.4f} m/s (linear)")
    md.append(f"- simulated (event located on each run; the rates interpolate linearly between 0.1 ms samples, "
              f"so dv is good to ~1e-3 m/s):")
    for h, dte, d in event_rows:
        md.append(f"  - t_r {h*1000:+.0f} ms: event time {dte*1e3:+.3f} ms, dp = ({d[0]*1e3:.2f}, {d[1]*1e3:.2f}) mm "
                  f"(|dp| = {math.hypot(d[0], d[1])*1e3:.2f} mm), dv = ({d[2]:.4f}, {d[3]:.4f}) m/s "
                  f"(|dv| = {math.hypot(d[2], d[3]):.4f} m/s)")
    md.append("")
    md.append("Whether such a change \"misses\" depends on a task tolerance this planar endpoint model does not "
              "contain (no clubface, no ball); the numbers only say how large the change is.")
    (HERE / "RESULTS.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
