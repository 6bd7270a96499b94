"""chaoskit.sweep: the same file as `chaoskit sweep`, from a path or a dict; open_results."""
import subprocess
import unittest

import numpy as np

import chaoskit as ck
from support import CLI, TempDirCase, cli, h5_variables, same_bits

JOB = {
    "model": {"name": "golf"},
    "grid": {"th1": {"linspace": [0.2, 2.0, 3]}, "th2": {"linspace": [-1.0, 1.0, 2]}, "dth1": 0.0, "dth2": 0.0},
    "compute": {"lambda_max": {"time": 10, "renorm": 0.5}, "megno": {"time": 10}},
}
JOB_TEXT = """[model]
name = "golf"
[grid]
th1 = { linspace = [0.2, 2.0, 3] }
th2 = { linspace = [-1.0, 1.0, 2] }
dth1 = 0.0
dth2 = 0.0
[compute]
lambda_max = { time = 10, renorm = 0.5 }
megno = { time = 10 }
"""


class SweepTests(TempDirCase):
    def test_dict_and_file_jobs_write_the_cli_file(self):
        (self.tmp / "job.toml").write_text(JOB_TEXT)
        cli("sweep", "job.toml", "--out", "cli.h5", "--progress", "quiet")
        ds = ck.sweep(JOB, "py_dict.h5")
        ck.sweep(self.tmp / "job.toml", out="py_file.h5", threads=1)
        ref = h5_variables("cli.h5")
        for other in ("py_dict.h5", "py_file.h5"):
            got = h5_variables(other)
            self.assertEqual(sorted(got), sorted(ref))
            for name in ref:
                self.assertTrue(same_bits(got[name], ref[name]), f"{other} {name}")
                r = subprocess.run(["h5diff", "-q", other, "cli.h5", "/" + name, "/" + name])
                self.assertEqual(r.returncode, 0, f"h5diff {other} /{name}")
        self.assertEqual(ds.lambda_max.dims, ("th1", "th2"))
        self.assertEqual(ds.lambda_max.shape, (3, 2))
        self.assertTrue(np.all(ds.status.values == 1))
        self.assertEqual(ds.attrs["model"], "golf")

    def test_in_memory_evaluation_of_a_grid_job_equals_the_file(self):
        ds = ck.sweep(JOB, "a.h5")
        mem = ck.evaluate("golf", [[0.2, -1.0, 0.0, 0.0]], JOB["compute"])
        self.assertTrue(same_bits(mem.lambda_max.values[0], ds.lambda_max.values[0, 0]))
        self.assertTrue(same_bits(mem.megno.values[0], ds.megno.values[0, 0]))

    def test_resume_force_and_refusals(self):
        ck.sweep(JOB, "r.h5")
        with self.assertRaisesRegex(ValueError, "exists"):
            ck.sweep(JOB, "r.h5")
        s = ck.sweep(JOB, "r.h5", resume=True, open=False)
        self.assertEqual(s["computed"], 0)
        self.assertEqual(s["already_done"], 6)
        s = ck.sweep(JOB, "r.h5", force=True, open=False)
        self.assertEqual(s["computed"], 6)
        self.assertGreater(s["compute_seconds"], 0.0)
        self.assertLessEqual(s["compute_seconds"], s["seconds"])
        with self.assertRaisesRegex(ValueError, "either resume or force"):
            ck.sweep(JOB, "r.h5", resume=True, force=True)
        with self.assertRaisesRegex(ValueError, "out="):
            ck.sweep(JOB)
        bad = dict(JOB, compute={"lambda_max": {"tme": 10}})
        with self.assertRaisesRegex(ValueError, r"compute\.lambda_max\.tme"):
            ck.sweep(bad, "bad.h5")
        self.assertFalse((self.tmp / "bad.h5").exists())
        with self.assertRaisesRegex(ValueError, "job"):
            ck.sweep(self.tmp / "missing.toml", "m.h5")
        with self.assertRaisesRegex(ValueError, r"grid\.th1"):
            ck.sweep(dict(JOB, grid=dict(JOB["grid"], th1={"linspace": [2.0, 0.2, 3]})), "inv.h5")
        with self.assertRaisesRegex(ValueError, r"model\.x"):
            ck.sweep(dict(JOB, model={"name": "golf", "x": None}), "n.h5")

    def test_a_bad_job_file_gives_the_cli_message(self):
        bad = JOB_TEXT.replace("megno = { time = 10 }", "megno = { time = -3 }")
        (self.tmp / "bad.toml").write_text(bad)
        r = cli("sweep", "bad.toml", "--out", "x.h5", check=False)
        self.assertEqual(r.returncode, 2)
        with self.assertRaises(ValueError) as caught:
            ck.sweep(self.tmp / "bad.toml", "y.h5")
        message = str(caught.exception)
        # The job file, then its key; the CLI's line is the same but for the path as typed there.
        self.assertTrue(message.startswith(str(self.tmp / "bad.toml") + ": compute.megno.time: "), message)
        self.assertIn("chaoskit: bad.toml: " + message.split("bad.toml: ", 1)[1], r.stderr)
        self.assertFalse((self.tmp / "x.h5").exists() or (self.tmp / "y.h5").exists())

    def test_open_results_reads_a_cli_file(self):
        (self.tmp / "job.toml").write_text(JOB_TEXT)
        cli("sweep", "job.toml", "--out", "c.h5", "--progress", "quiet")
        ds = ck.open_results("c.h5")
        self.assertIn("lambda_max", ds)
        self.assertEqual(ds.status.dtype, np.int8)
        self.assertEqual(ds.lambda_max.attrs["units"], "1/s")
        self.assertIn("job", ds.attrs)
        ds.close()


if __name__ == "__main__":
    unittest.main()
