#!/usr/bin/env python3
"""Reference selections of the authors' SFFS for package baselines/sffs.

Invocation, from the repository root (reference_test.go gives the same):

  GSBENCH_DATA=/work/shared/datasets go test ./baselines/sffs -run TestReference -args -sffs.dump=/tmp/sffs_in
  /usr/bin/python3 baselines/sffs/testdata/make_reference.py /tmp/ffs/src /tmp/sffs_in > baselines/sffs/testdata/reference.json

The first argument is the src/ directory of the authors' repository,
github.com/jithin-k-sreedharan/Fourier_feature_selection at commit
8947eb0498efd5f9757db60ad5bdfc2327b91cb1, with their Cython modules built by
`python3 setup.py build_ext --inplace` (Debian's cython3 0.29, NumPy 1.24,
scikit-learn 1.2). The second holds the inputs as CSV files (label, then the
features, one row per line) written by the Go test.

For every case the script calls the authors' SupervisedFourierFS (approx=
"depth_based" or "greedy") as their helper fourier_feature_selection does:
the mean and np.std(ddof=1) of the training matrix, fit(X, y) with k = the
number of features to rank. What is ours around it:

- Constant columns (which their code would divide by zero; their experiment
  script drops columns with a standard deviation <= 1e-5) are removed first
  and appended at the end of the selection in column order, as the Go
  package ranks them.
- Binary labels enter as +-1 (the larger label +1), as the paper and their
  binary data sets. For c > 2 classes the label enters as the c class codes
  y_q = c [y = q] - 1 with the measure averaged over the codes (doc.go): their
  Cython f_bar_est is called once per code and the dictionary their fit uses
  is replaced by sqrt(mean_q f_{S,q}^2), whose square their f_bar_est_norm2
  sums (for greedy, their Python f_bar_est is wrapped the same way).
- The scores are the largest f_bar_est_norm2(J) their fit computed over the
  subsets J containing each feature; for greedy, the measure is
  f_bar_est_norm2 of the selected prefix after each step.
- "prefilter": their UnsupervisedFourierFS with the options of their README
  (max_depth 3, cluster_sizes [d, 50, 31], selection_thresholds [0.95, 0.995,
  0.999], norm_epsilon [0.001, 0.001, 0.0001]) first, then SFFS on
  X[:, kept], as their README's SFFS function.

NumPy 1.24 removed the alias np.int that their code uses; it is restored
before their module is imported.
"""

import contextlib
import io
import json
import math
import os
import sys
import time

import numpy as np

np.int = int  # their code's dtype=np.int (removed in NumPy 1.24)

COMMIT = "8947eb0498efd5f9757db60ad5bdfc2327b91cb1"

CASES = [
    # (input, search, depth, k, prefilter)
    ("e1", "depth", 1, 0, False),
    ("e1", "depth", 2, 0, False),
    ("e1", "depth", 3, 0, False),
    ("e1", "greedy", 0, 8, False),
    ("e2", "depth", 1, 0, False),
    ("e2", "depth", 2, 0, False),
    ("e2", "depth", 3, 0, False),
    ("e2", "greedy", 0, 8, False),
    ("musk1", "depth", 1, 0, False),
    ("musk1", "depth", 2, 0, False),
    ("musk1", "depth", 3, 0, False),
    ("musk1", "depth", 2, 50, False),
    ("musk1", "greedy", 0, 6, False),
    ("musk1", "depth", 2, 0, True),
    ("sonar", "depth", 1, 0, False),
    ("sonar", "depth", 2, 0, False),
    ("sonar", "depth", 3, 0, False),
    ("sonar", "greedy", 0, 6, False),
    ("wine", "depth", 1, 0, False),
    ("wine", "depth", 2, 0, False),
    ("wine", "depth", 3, 0, False),
    ("wine", "greedy", 0, 6, False),
    ("coil20", "depth", 1, 0, False),
    ("coil20", "depth", 2, 0, False),
    ("isolet45", "depth", 1, 0, False),
    ("isolet45", "depth", 2, 0, False),
    ("isolet45", "depth", 2, 50, False),
]


def load(path):
    a = np.loadtxt(path, delimiter=",")
    return a[:, 1:].copy(), a[:, 0].astype(np.int64)


def constant_columns(X):
    mean = X.mean(axis=0)
    sd = X.std(axis=0, ddof=1)
    return sd <= 1e-12 * np.maximum(1, np.abs(mean))


def codes_of(y):
    classes = np.unique(y)
    c = len(classes)
    if c == 2:
        return None, np.where(y == classes[1], 1, -1).astype(np.int64)
    return [np.where(y == q, c - 1, -1).astype(np.int64) for q in classes], None


def run_sffs(fl, cfs, X, y, search, depth, k):
    """Their SupervisedFourierFS on X (no constant column); returns the
    selection (positions in X), the scores per column (depth) or the measure
    path (greedy), and the seconds their fit took."""
    codes, pm = codes_of(y)
    d = X.shape[1]
    k = d if k == 0 else k
    mean_emp = np.mean(X, axis=0)
    std_emp = np.std(X, ddof=1, axis=0)
    approx = "depth_based" if search == "depth" else "greedy"
    fs = fl.SupervisedFourierFS(k, mean_emp, std_emp, approx=approx, depth=depth)

    recorded = {}
    norm2 = fs.f_bar_est_norm2

    def recording_norm2(J, Xa, ya):
        v = norm2(J, Xa, ya)
        recorded[tuple(J)] = v
        return v

    fs.f_bar_est_norm2 = recording_norm2
    orig_cython = cfs.f_bar_est
    if codes is not None and search == "depth":
        def coded(X_1, y_unused, d_, depth_):
            dicts = [orig_cython(X_1, code, d_, depth_) for code in codes]
            return {S: math.sqrt(sum(D[S] ** 2 for D in dicts) / len(codes)) for S in dicts[0]}
        cfs.f_bar_est = coded
    if codes is not None and search == "greedy":
        per_code = [fl.SupervisedFourierFS(k, mean_emp, std_emp, approx=approx) for _ in codes]

        def coded_py(S, Xa, y_unused):
            vals = [inst.f_bar_est(S, Xa, code) for inst, code in zip(per_code, codes)]
            return math.sqrt(sum(v * v for v in vals) / len(codes))
        fs.f_bar_est = coded_py
    ylab = pm if codes is None else y
    try:
        t0 = time.perf_counter()
        sel = [int(j) for j in fs.fit(X, ylab)]
        seconds = time.perf_counter() - t0
    finally:
        cfs.f_bar_est = orig_cython
    if search == "depth":
        scores = np.zeros(d)
        for J, v in recorded.items():
            for j in J:
                scores[j] = max(scores[j], v)
        return sel, scores, seconds
    path = [norm2(sel[: i + 1], X, ylab) for i in range(len(sel))]
    return sel, path, seconds


def main():
    src, indir = sys.argv[1], sys.argv[2]
    sys.path.insert(0, src)
    import fourier_learning as fl
    import compute_fourier_coeff_supervised as cfs

    inputs, cases = {}, []
    data = {}
    for name in sorted({c[0] for c in CASES}):
        X, y = load(os.path.join(indir, name + ".csv"))
        const = constant_columns(X)
        data[name] = (X, y, const)
        inputs[name] = {"n": X.shape[0], "d": X.shape[1], "x_sum": float(X.sum()),
                        "constant_columns": [int(j) for j in np.flatnonzero(const)]}
    for name, search, depth, k, prefilter in CASES:
        X, y, const = data[name]
        keep = np.flatnonzero(~const)
        d = X.shape[1]
        cols = keep
        if prefilter:
            Xk = X[:, keep]
            opts = fl.OptionsUnsupervisedFourierFS(
                max_depth=3, cluster_sizes=[len(keep), 50, 31], selection_thresholds=[0.95, 0.995, 0.999],
                norm_epsilon=[0.001, 0.001, 0.0001], shuffle=False, preranking="non")
            with contextlib.redirect_stdout(io.StringIO()):
                kept = fl.UnsupervisedFourierFS(Xk, opts)
            cols = keep[np.asarray(kept, dtype=int)]
        sel, extra, seconds = run_sffs(fl, cfs, X[:, cols], y, search, depth, k)
        selected = [int(cols[j]) for j in sel]
        # Constant columns last (k = 0 ranks all d columns; the pre-filter
        # drops them).
        want = k if k > 0 else (len(cols) if prefilter else d)
        for j in np.flatnonzero(const):
            if not prefilter and len(selected) < want:
                selected.append(int(j))
        case = {"input": name, "search": search, "depth": depth, "k": k, "prefilter": prefilter,
                "selected": selected, "seconds": round(seconds, 3)}
        if search == "depth":
            scores = np.zeros(d)
            scores[cols] = extra
            case["scores"] = [float(v) for v in scores]
        else:
            case["measure"] = [float(v) for v in extra]
        cases.append(case)
        print(f"{name} {search} t={depth} k={k} prefilter={prefilter}: {seconds:.2f} s", file=sys.stderr)
    json.dump({"authors_commit": COMMIT, "inputs": inputs, "cases": cases}, sys.stdout, indent=None)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
