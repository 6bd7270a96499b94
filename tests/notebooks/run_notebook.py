"""Executes a notebook the way a user would (jupyter nbconvert --execute), in a scratch copy so
that its outputs and files stay out of the sources, and fails when a cell raises, when it takes
longer than the limit, or when the committed notebook carries outputs (they are stripped in git).

    python3 run_notebook.py NOTEBOOK.ipynb SECONDS
"""
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def committed_outputs(nb):
    """Cells of the committed notebook that hold outputs or execution counts."""
    return [i for i, c in enumerate(nb["cells"])
            if c["cell_type"] == "code" and (c.get("outputs") or c.get("execution_count") is not None)]


def main():
    notebook, limit = Path(sys.argv[1]).resolve(), float(sys.argv[2])
    nb = json.loads(notebook.read_text())
    dirty = committed_outputs(nb)
    if dirty:
        sys.exit(f"{notebook}: cells {dirty} hold outputs; strip them before committing "
                 f"(jupyter nbconvert --clear-output --inplace {notebook.name})")
    with tempfile.TemporaryDirectory(prefix="chaoskit_nb_") as tmp:
        copy = Path(tmp) / notebook.name
        shutil.copy(notebook, copy)
        start = time.monotonic()
        r = subprocess.run(["jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                            f"--ExecutePreprocessor.timeout={int(limit)}", str(copy)],
                           cwd=tmp, capture_output=True, text=True)
        seconds = time.monotonic() - start
        if r.returncode != 0:
            sys.exit(f"{notebook.name}: execution failed after {seconds:.1f} s:\n{r.stderr[-4000:]}")
        executed = json.loads(copy.read_text())
        errors = [o for c in executed["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
                  if o.get("output_type") == "error"]
        if errors:
            sys.exit(f"{notebook.name}: a cell raised {errors[0].get('ename')}: {errors[0].get('evalue')}")
        images = sum(1 for c in executed["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
                     if "image/png" in o.get("data", {}))
        print(f"{notebook.name}: executed in {seconds:.1f} s (limit {limit:.0f} s), {images} figures")
        if images == 0:
            sys.exit(f"{notebook.name}: no figure was drawn")
        if seconds > limit:
            sys.exit(f"{notebook.name}: took {seconds:.1f} s, more than {limit:.0f} s")


if __name__ == "__main__":
    main()
