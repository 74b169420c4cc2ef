"""Reference average ranks for experiments/rank, computed by the QMR-FS
authors' own functions (filter_data_by_dim_ratio and _get_avg_rank of
src/qmrfs/results/results_processing.py in
github.com/ciwanceylan/qmr-feature-selection, commit d839b0b).

It draws synthetic results of five methods on six datasets (five measured
by the share of kept features, one, "isolet", by their number, as the
authors treat Isolet), with a QMR-FS-like method whose counts are scattered,
and writes the cells and the authors' average ranks and standard deviations
at two budgets to ranks.json, which TestAuthorsRanks reads (the Go test does
not need Python).

    git --git-dir=/work/.mirror/ciwanceylan+qmr-feature-selection/repo \
        archive --prefix=qmr/ HEAD | tar -x -C /tmp
    python3 authors_ranks.py /tmp/qmr > ranks.json    # NumPy, pandas 1.5

The plotting modules the authors' file imports are replaced by empty
stand-ins; the two functions use pandas and NumPy only.
"""
import json
import sys
import types

import numpy as np
import pandas as pd

for name in ["matplotlib", "matplotlib.pyplot", "seaborn", "pylab", "cycler",
             "qmrfs", "qmrfs.experiments", "qmrfs.experiments.utils"]:
    sys.modules[name] = types.ModuleType(name)
sys.modules["matplotlib.pyplot"].Figure = object
sys.modules["matplotlib.pyplot"].Axes = object
sys.modules["cycler"].cycler = None
sys.modules["qmrfs.experiments.utils"].DATASET_INFO = {}

spec = __import__("importlib.util").util.spec_from_file_location(
    "results_processing", sys.argv[1] + "/src/qmrfs/results/results_processing.py")
rp = __import__("importlib.util").util.module_from_spec(spec)
spec.loader.exec_module(rp)

rng = np.random.default_rng(19)
datasets = {"automobile": 25, "heart-c": 13, "wine": 13, "sonar": 60, "sonar2": 60, "isolet": 617}
cuts = {"automobile": [5, 8, 10, 13, 15, 18, 20, 23],
        "heart-c": [3, 4, 5, 7, 8, 9, 10, 12], "wine": [3, 4, 5, 7, 8, 9, 10, 12],
        "sonar": [12, 18, 24, 30, 36, 42, 48, 54], "sonar2": [12, 18, 24, 30, 36, 42, 48, 54],
        "isolet": [20, 30, 40, 50, 60, 70, 80, 90, 100]}
rows = []
for ds, d in datasets.items():
    for method in ["svd", "ls", "spec", "udfs"]:
        for k in cuts[ds]:
            # ties on purpose: scores rounded to 2 decimals
            rows.append({"dataset": ds, "method": method, "red_dim": k, "dim_ratio": k / d,
                         "accuracy": float(np.round(rng.uniform(0.5, 0.9), 2))})
    # few QMR-FS counts, so that the windows grow by several steps
    counts = rng.choice(np.arange(2, d + 1) if ds != "isolet" else np.arange(15, 130), size=4)
    for k in counts:
        rows.append({"dataset": ds, "method": "qmrfs", "red_dim": int(k), "dim_ratio": int(k) / d,
                     "accuracy": float(np.round(rng.uniform(0.5, 0.9), 2))})
data = pd.DataFrame(rows)
methods = ["qmrfs", "svd", "ls", "spec", "udfs"]
out = {"cells": rows, "ranks": {}}
for p, dim in [(0.4, 50), (0.6, 100)]:
    r = rp._get_avg_rank(data.copy(), p=p, dim=dim, methods=methods, score_name="accuracy")
    out["ranks"][str(int(round(100 * p)))] = {
        m: {"mean": float(r.loc[m, "mean"]), "std": float(r.loc[m, "std"])} for m in methods}
json.dump(out, sys.stdout, indent=1)
print()
