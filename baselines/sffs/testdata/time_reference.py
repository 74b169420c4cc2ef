#!/usr/bin/env python3
"""Times the authors' SupervisedFourierFS on the inputs of BenchmarkIsolet and
BenchmarkCOIL20 (bench_test.go): depth 2, k = 50, 4/5 of the rows (i % 5 != 4).

Invocation, from the repository root, after the first step of
make_reference.py (which writes /tmp/sffs_in):

  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 baselines/sffs/testdata/time_reference.py /tmp/ffs/src /tmp/sffs_in

It prints wall and process CPU seconds of fit() with the class numbers as
labels (how their own experiments call it: one pass of their Cython
routine; the median of three runs) and with the class codes of package sffs
(one pass per class, as make_reference.py; one run). On a shared machine
the CPU seconds are the figure to compare. Their fit is single-threaded
(Python and a Cython loop); the standardization of the benchmark's input
(ddof 0) does not change what their fit computes (it standardizes again with
ddof 1).
"""

import math
import statistics
import sys
import time

import numpy as np

np.int = int  # their code's dtype=np.int (removed in NumPy 1.24)


def main():
    src, indir = sys.argv[1], sys.argv[2]
    sys.path.insert(0, src)
    import fourier_learning as fl
    import compute_fourier_coeff_supervised as cfs

    for name in ("isolet45", "coil20"):
        a = np.loadtxt(f"{indir}/{name}.csv", delimiter=",")
        X, y = a[:, 1:], a[:, 0].astype(np.int64)
        if name == "coil20":  # the benchmark's 4/5 of the rows
            keep = np.arange(len(y)) % 5 != 4
            X, y = X[keep], y[keep]
        X = (X - X.mean(0)) / X.std(0)
        classes = np.unique(y)
        codes = [np.where(y == q, len(classes) - 1, -1).astype(np.int64) for q in classes]
        orig = cfs.f_bar_est

        def coded(X_1, _y, d, depth):
            dicts = [orig(X_1, code, d, depth) for code in codes]
            return {S: math.sqrt(sum(D[S] ** 2 for D in dicts) / len(codes)) for S in dicts[0]}

        for labels in ("class numbers", "class codes"):
            walls, cpus = [], []
            for _ in range(3 if labels == "class numbers" else 1):
                cfs.f_bar_est = orig if labels == "class numbers" else coded
                fs = fl.SupervisedFourierFS(50, X.mean(0), X.std(0, ddof=1), approx="depth_based", depth=2)
                w0, c0 = time.perf_counter(), time.process_time()
                fs.fit(X, y)
                walls.append(time.perf_counter() - w0)
                cpus.append(time.process_time() - c0)
                cfs.f_bar_est = orig
            print(f"{name} {X.shape[0]}x{X.shape[1]} t=2 k=50, labels as {labels}: "
                  f"wall {statistics.median(walls):.2f} s, cpu {statistics.median(cpus):.2f} s", flush=True)


if __name__ == "__main__":
    main()
