#!/usr/bin/env python3
"""Principal component analysis as an external gsbench method, NumPy only.

gsbench runs it as `python3 examples/python/pca.py DIR` with

    DIR/X.txt        the training matrix, one row a line, numbers separated by spaces
    DIR/apply.txt    (sometimes) other rows to transform with the PCA fitted on X.txt
    DIR/params.json  {"k": 5, "seed": ..., ...}: k = 0 keeps every component
                     above the numerical rank tolerance

and reads DIR/result.json: {"features": rows of X.txt projected on the first
k principal directions, "apply_features": the same for apply.txt}. Package
methods/external documents the protocol. The script is stateless: it fits on
X.txt at every run and transforms apply.txt when it exists.

PCA as in the journal's Sec. VIII-A and scikit-learn's PCA: center the
columns, take the right singular vectors of the centered matrix (numpy.linalg.svd),
project. Each direction is given its sign by gsbench's convention (its entry of
largest magnitude positive), so the features equal those of gsbench's own pca.
"""
import json
import os
import sys

import numpy as np


def main(d):
    X = np.loadtxt(os.path.join(d, "X.txt"), ndmin=2)
    with open(os.path.join(d, "params.json")) as f:
        params = json.load(f)
    mean = X.mean(axis=0)
    _, s, vt = np.linalg.svd(X - mean, full_matrices=False)
    k = params["k"]
    if k == 0:  # the numerical rank, as numpy.linalg.matrix_rank's tolerance
        k = int(np.sum(s > s[0] * max(X.shape) * np.finfo(float).eps)) if s[0] > 0 else 1
    if k > vt.shape[0]:
        sys.exit(f"pca.py: k = {k} but the data has rank at most {vt.shape[0]} ({X.shape[0]} rows, {X.shape[1]} columns)")
    W = vt[:k].T  # d x k, one direction a column
    largest = np.argmax(np.abs(W), axis=0)
    W *= np.sign(W[largest, np.arange(k)])
    result = {"features": ((X - mean) @ W).tolist()}
    apply = os.path.join(d, "apply.txt")
    if os.path.exists(apply):
        A = np.loadtxt(apply, ndmin=2)
        result["apply_features"] = ((A - mean) @ W).tolist()
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: pca.py DIR (gsbench gives DIR)")
    main(sys.argv[1])
