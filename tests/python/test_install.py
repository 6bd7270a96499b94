"""`cmake --install` puts a working package under PREFIX/lib/python3.X/dist-packages, which finds
the installed parameter sets relative to itself (any --prefix) and names the CLI's version."""
import os
import subprocess
import sys
import unittest
from pathlib import Path

from support import CLI, TempDirCase


@unittest.skipUnless(os.environ.get("CHAOSKIT_BUILD_DIR") and os.environ.get("CHAOSKIT_CMAKE"),
                     "needs CHAOSKIT_BUILD_DIR and CHAOSKIT_CMAKE (set by ctest)")
class InstallTests(TempDirCase):
    def test_installed_package_imports_and_finds_its_data(self):
        prefix = self.tmp / "prefix"
        r = subprocess.run([os.environ["CHAOSKIT_CMAKE"], "--install", os.environ["CHAOSKIT_BUILD_DIR"], "--prefix",
                            str(prefix)], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        site = prefix / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "dist-packages"
        self.assertTrue((site / "chaoskit" / "__init__.py").exists())
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CHAOSKIT_DATA")}
        env["PYTHONPATH"] = str(site)
        code = ("import chaoskit as ck, numpy as np\n"
                "print(ck.__file__)\nprint(ck._chaoskit._data_directory())\nprint(ck.__version__)\n"
                "print(float(ck.Model('golf').energy(np.zeros(4))))\n")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd="/")
        self.assertEqual(r.returncode, 0, r.stderr)
        module_file, data_dir, version, energy = r.stdout.split("\n")[:4]
        self.assertTrue(module_file.startswith(str(site)), module_file)
        self.assertEqual(Path(data_dir).resolve(), (prefix / "share" / "chaoskit" / "data").resolve())
        cli_version = subprocess.run([CLI, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
        self.assertIn(version, cli_version.split())
        self.assertLess(float(energy), 0.0)  # hanging at rest: below the pivot


class InterpreterTests(unittest.TestCase):
    def test_an_interpreter_that_cannot_import_the_module_is_told_which_one_it_was_built_for(self):
        # `python3 -S` has no site-packages, so no numpy: an interpreter other than the one the
        # module was built for, as a conda or pyenv python3 on PATH would be.
        r = subprocess.run([sys.executable, "-S", "-c", "import chaoskit"], capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        last = r.stderr.strip().splitlines()[-1]
        from chaoskit import _locations
        self.assertTrue(os.path.isabs(_locations.PYTHON) and os.path.exists(_locations.PYTHON), _locations.PYTHON)
        self.assertIn(f"ImportError: chaoskit cannot be imported by {sys.executable}", last)
        self.assertIn("No module named 'numpy'", last)
        self.assertIn(f"built for {_locations.PYTHON} (Python {_locations.PYTHON_VERSION})", last)
        self.assertIn(f"run {_locations.PYTHON} instead", last)
        # The interpreter it was built for imports it.
        ok = subprocess.run([_locations.PYTHON, "-c", "import chaoskit; print(chaoskit.__version__)"],
                            capture_output=True, text=True)
        self.assertEqual(ok.returncode, 0, ok.stderr)


if __name__ == "__main__":
    unittest.main()
