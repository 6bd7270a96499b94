#!/usr/bin/python3
"""The benchmark's second peer: the largest Lyapunov exponent of the golf model with scipy's
solve_ivp (DOP853, rtol = atol = 1e-9), as a Python user writes it: the same hand-written equations
and Jacobian as tools/bench/peer_golf_equations.hpp (transcribed, in numpy), the state and one
tangent vector integrated together, one solve_ivp call per renormalisation interval, the tangent
vector normalised after each. It is slow: the benchmark runs it on a few states only.

  peer_scipy.py --states 'th1,th2;th1,th2;...' [--time 100] [--renorm 1] [--tol 1e-9]
                [--threads N] [--params L1,m1,m2,r1,r2,I1,I2,g]

Output as chaoskit_peer_odeint: `lambda <i> <th1> <th2> <lambda_max> <steps> <rhs_calls>` per
state, then `time <threads> <trajectories> <wall seconds>`. --threads N > 1 uses a process pool.
"""
import argparse
import math
import multiprocessing
import sys
import time

import numpy as np
from scipy.integrate import solve_ivp

# data/params/golf_manufactured.toml; the benchmark passes the file's values with --params.
DEFAULT_PARAMS = (0.35, 2.5, 0.4, 0.175, 0.5, 0.025, 0.03, 9.81)


def constants(params):
    L1, m1, m2, r1, r2, I1, I2, g = params
    K1 = I1 + m1 * r1 * r1
    K2 = I2 + m2 * r2 * r2
    b = m2 * L1 * r2
    return dict(K2=K2, b=b, a=K1 + m2 * L1 * L1 + K2, d0=K2 * (K1 + m2 * L1 * L1),
                gA=(m1 * r1 + m2 * L1) * g, gB=m2 * r2 * g)


def make_tangent_rhs(k):
    K2, b, a, d0, gA, gB = k["K2"], k["b"], k["a"], k["d0"], k["gA"], k["gB"]

    def f(t, X):
        th1, th2, w1, w2 = X[0], X[1], X[2], X[3]
        s1, c1 = math.sin(th1), math.cos(th1)
        s2, c2 = math.sin(th2), math.cos(th2)
        s12, c12 = math.sin(th1 + th2), math.cos(th1 + th2)
        M11 = a + 2.0 * b * c2
        M12 = K2 + b * c2
        det = d0 - b * b * c2 * c2
        bs2, bc2 = b * s2, b * c2
        q1 = 2.0 * w1 * w2 + w2 * w2
        F1 = bs2 * q1 - gA * s1 - gB * s12
        F2 = -bs2 * w1 * w1 - gB * s12
        a1 = (K2 * F1 - M12 * F2) / det
        a2 = (M11 * F2 - M12 * F1) / det
        G1 = np.array([-gA * c1 - gB * c12, bc2 * q1 - gB * c12 + bs2 * (2.0 * a1 + a2),
                       2.0 * bs2 * w2, 2.0 * bs2 * (w1 + w2)])
        G2 = np.array([-gB * c12, -bc2 * w1 * w1 - gB * c12 + bs2 * a1, -2.0 * bs2 * w1, 0.0])
        J = np.zeros((4, 4))
        J[0, 2] = 1.0
        J[1, 3] = 1.0
        J[2] = (K2 * G1 - M12 * G2) / det
        J[3] = (M11 * G2 - M12 * G1) / det
        dX = np.empty(8)
        dX[:4] = (w1, w2, a1, a2)
        dX[4:] = J @ X[4:]
        return dX

    return f


def initial_tangent():
    v = np.array([math.fmod(0.6180339887498949 * (i + 1), 1.0) - 0.5 for i in range(4)])
    return v / np.linalg.norm(v)


def largest_lyapunov(args):
    th1, th2, T, renorm, tol, params = args
    f = make_tangent_rhs(constants(params))
    X = np.concatenate(([th1, th2, 0.0, 0.0], initial_tangent()))
    n = round(T / renorm)
    total = 0.0
    steps = 0
    nfev = 0
    for i in range(n):
        sol = solve_ivp(f, (i * renorm, (i + 1) * renorm), X, method="DOP853", rtol=tol, atol=tol)
        if sol.status != 0:
            raise RuntimeError(f"solve_ivp failed at state ({th1}, {th2}): {sol.message}")
        X = sol.y[:, -1].copy()
        steps += sol.t.size - 1
        nfev += sol.nfev
        norm = np.linalg.norm(X[4:])
        total += math.log(norm)
        X[4:] /= norm
    return total / (n * renorm), steps, nfev


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--states", required=True)
    ap.add_argument("--time", type=float, default=100.0)
    ap.add_argument("--renorm", type=float, default=1.0)
    ap.add_argument("--tol", type=float, default=1e-9)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--params", default=",".join(map(repr, DEFAULT_PARAMS)))
    a = ap.parse_args()
    params = tuple(float(x) for x in a.params.split(","))
    if len(params) != 8:
        sys.exit("peer_scipy.py: --params needs L1,m1,m2,r1,r2,I1,I2,g")
    states = [tuple(float(x) for x in pair.split(",")) for pair in a.states.split(";") if pair]
    jobs = [(th1, th2, a.time, a.renorm, a.tol, params) for th1, th2 in states]
    start = time.perf_counter()
    if a.threads > 1:
        with multiprocessing.Pool(a.threads) as pool:
            results = pool.map(largest_lyapunov, jobs, chunksize=1)
    else:
        results = [largest_lyapunov(j) for j in jobs]
    secs = time.perf_counter() - start
    for i, ((th1, th2), (lam, steps, nfev)) in enumerate(zip(states, results)):
        print(f"lambda {i} {th1!r} {th2!r} {lam!r} {steps} {nfev}")
    print(f"time {a.threads} {len(states)} {secs!r}")


if __name__ == "__main__":
    main()
