"""The README's Python block runs as printed, on a small golf_map.toml."""
import re
import unittest
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from support import TempDirCase  # noqa: E402

README = Path(__file__).resolve().parents[2] / "README.md"
JOB = """[model]
name = "golf"
[grid]
th1 = { linspace = [-2.0, 2.0, 4] }
th2 = { linspace = [-2.0, 2.0, 3] }
dth1 = 0.0
dth2 = 0.0
[compute]
lambda_max = { time = 10.0 }
"""


class ReadmeTests(TempDirCase):
    def test_the_module_example_runs(self):
        text = README.read_text()
        m = re.search(r"<!-- python-module-example -->\s*```python\n(.*?)```", text, re.S)
        self.assertIsNotNone(m, "README has no python-module-example block")
        (self.tmp / "golf_map.toml").write_text(JOB)
        exec(compile(m.group(1), "README.md", "exec"), {})
        self.assertTrue((self.tmp / "golf_map.h5").exists())


if __name__ == "__main__":
    unittest.main()
