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


if __name__ == "__main__":
    unittest.main()
