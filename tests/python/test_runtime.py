"""Behaviour of long calls: the GIL is released, Ctrl-C interrupts cleanly, and repeated calls
keep memory and reference counts flat."""
import gc
import os
import resource
import signal
import subprocess
import sys
import textwrap
import threading
import time
import unittest

import h5py
import numpy as np

import chaoskit as ck
from support import TempDirCase


def wait_for_cpu(p, seconds, timeout=300):
    """Waits until process `p` has used `seconds` of CPU time since this call (its own clock, so the
    wait means the same amount of work however loaded the machine is)."""
    tick = os.sysconf("SC_CLK_TCK")

    def used():
        with open(f"/proc/{p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / tick  # utime + stime

    start, deadline = used(), time.monotonic() + timeout
    while used() - start < seconds:
        if p.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"the child stopped or stalled before using {seconds} s of CPU")
        time.sleep(0.05)


class RuntimeTests(TempDirCase):
    def test_another_python_thread_runs_during_a_computation(self):
        ticks = []
        done = threading.Event()

        def ticker():
            while not done.is_set():
                ticks.append(time.perf_counter())
                time.sleep(0.005)

        # 32 orbits of 3000 s: about 0.9 s on AVX-512 lanes (8 orbits of 150 s took 0.01 s there,
        # too short to see the ticker run; 32 of 1000 s took 0.19 to 0.29 s).
        states = np.tile([2.0, -1.0, 0.0, 0.0], (32, 1)) + np.linspace(0, 0.1, 32)[:, None]
        t = threading.Thread(target=ticker)
        t.start()
        start = time.perf_counter()
        ck.lyapunov("golf", states, time=3000, threads=1)
        elapsed = time.perf_counter() - start
        done.set()
        t.join()
        during = [x for x in ticks if start < x < start + elapsed]
        # With the GIL held the ticker would be frozen for the whole call (at most the tick it was in
        # when the call began). A count, not a rate: on a loaded machine the ticker gets fewer turns.
        self.assertGreater(elapsed, 0.2)
        self.assertGreaterEqual(len(during), 10)

    def test_two_threads_computing_at_once_get_the_sequential_results(self):
        states = np.array([[2.0, -1.0, 0.0, 0.0], [0.5, 0.2, 0.0, 0.0]])
        expected = ck.lyapunov("golf", states, time=30).lambda_max.values
        results, errors = [None, None], []

        def work(k):
            try:
                results[k] = ck.lyapunov("golf", states, time=30).lambda_max.values
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        for r in results:
            self.assertTrue(np.array_equal(r, expected))
        # Python's own SIGINT handler is back after the calls.
        self.assertIs(signal.getsignal(signal.SIGINT), signal.default_int_handler)

    def test_ctrl_c_stops_a_sweep_keeps_its_points_and_raises(self):
        # 64 orbits of 20000 s: about 10 s of work on one thread (AVX-512 lanes, 5 Dec), interrupted
        # after 3 s of its CPU time (measured in CPU time, so that a loaded machine waits longer).
        script = textwrap.dedent("""
            import sys, chaoskit as ck
            job = {"model": {"name": "golf"},
                   "grid": {"th1": {"linspace": [0.1, 2.5, 64]}, "th2": 0.5, "dth1": 0.0, "dth2": 0.0},
                   "compute": {"lambda_max": {"time": 20000}}}
            print("started", flush=True)
            try:
                ck.sweep(job, "int.h5", threads=1)
            except KeyboardInterrupt as e:
                print("interrupted:", e, flush=True)
                sys.exit(7)
            print("finished", flush=True)
        """)
        p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(p.stdout.readline().strip(), "started")
        wait_for_cpu(p, 3.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=600)
        self.assertEqual(p.returncode, 7, out + err)
        self.assertIn("interrupted (SIGINT)", out)
        # The file holds the points that finished before the stop and nothing else;
        # `chaoskit sweep --resume` (tested with the CLI) would compute exactly the rest.
        with h5py.File("int.h5", "r") as f:
            status, lam = f["status"][...], f["lambda_max"][...]
        done = status == 1
        self.assertTrue(0 < done.sum() < 64, status)
        self.assertTrue(np.all(status[~done] == 0))
        self.assertTrue(np.all(np.isfinite(lam[done])))

    def test_ctrl_c_stops_a_computation_over_states(self):
        script = textwrap.dedent("""
            import sys, numpy as np, chaoskit as ck
            states = np.column_stack([np.linspace(0.1, 2.5, 64), np.full(64, 0.5), np.zeros(64), np.zeros(64)])
            print("started", flush=True)
            try:
                ck.orbit_class("golf", states, time=5000, threads=1)
            except KeyboardInterrupt as e:
                print("interrupted:", e, flush=True)
                sys.exit(7)
            print("finished", flush=True)
        """)
        p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(p.stdout.readline().strip(), "started")
        wait_for_cpu(p, 1.0)
        start = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=600)
        self.assertEqual(p.returncode, 7, out + err)
        self.assertIn("interrupted (SIGINT)", out)
        # The stop is prompt: the lanes are abandoned, not run to the end of their orbits.
        self.assertLess(time.monotonic() - start, 60)

    def test_ten_thousand_calls_keep_memory_and_references_flat(self):
        golf = ck.Model("golf")
        x = np.array([0.7, -1.3, 2.1, 0.4])
        states = np.array([[0.5, 0.2, 0.0, 0.0]])

        def calls(n):
            for _ in range(n):
                golf.rhs(x)
                golf.energy(x)
                ck.Model("lorenz")
            for _ in range(n // 10):
                ck.lyapunov(golf, states, time=0.2, renorm=0.02, threads=1)

        # Warm-up as long as the measurement: caches, first allocations, and in the sanitizer build
        # AddressSanitizer's quarantine of freed memory, which holds up to its cap before reusing any.
        calls(10000)
        gc.collect()
        refs_x, refs_golf = sys.getrefcount(x), sys.getrefcount(golf)
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        calls(10000)
        gc.collect()
        rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        self.assertEqual(sys.getrefcount(x), refs_x)
        self.assertEqual(sys.getrefcount(golf), refs_golf)
        # ru_maxrss is in KiB: at most 20 MiB of growth over 3e4 model calls and 1e3 computations.
        self.assertLess(rss_after - rss_before, 20 * 1024, f"{rss_before} -> {rss_after} KiB")


if __name__ == "__main__":
    unittest.main()
