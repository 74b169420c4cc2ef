#!/usr/bin/env python3
"""pynndescent's k-nearest-neighbour graph of MNIST, timed: the peer of
gsbench's BenchmarkKNNMNIST (baselines/umap, issue 24).

    GSBENCH_DATA=/path/to/datasets OMP_WAIT_POLICY=PASSIVE \
        /usr/bin/python3 scripts/peer_knn_mnist.py [--repeat 3] [--threads 2]

Debian's python3-pynndescent (0.5.8) with numba. The 60000 x 784 training
images as float32 (pynndescent converts to float32 itself), Euclidean metric,
n_neighbors = 15 (umap-learn's default, the point itself included), every
other parameter at NNDescent's default (n_trees = min(32, 5 + round(n^0.25))
= 21, n_iters = max(5, round(log2 n)) = 16, max_candidates = min(60,
n_neighbors) = 15, delta = 0.001, low_memory = True). numba's JIT is warmed
up on 3000 rows first and not timed. Each line gives the seconds of one
NNDescent construction (elapsed, and CPU time of all threads: on a shared
machine it varies less with the load) and the recall of its graph against
the exact one:
the fraction of a point's 14 exact nearest other points (ties broken by
index) found among its 15 neighbours, over every 10th point (6000 points,
as BenchmarkKNNMNIST measures it). The exact neighbours of those points are
computed here in float64 (the squared distances of integer pixels are
exact) and cached in --exact.
"""
import argparse
import gzip
import os
import time

import numpy as np


def load_mnist():
    path = os.path.join(os.environ["GSBENCH_DATA"], "MNIST", "train-images-idx3-ubyte.gz")
    with gzip.open(path, "rb") as f:
        raw = f.read()
    n = int.from_bytes(raw[4:8], "big")
    return np.frombuffer(raw, dtype=np.uint8, offset=16).reshape(n, 784)


SAMPLE = 10  # recall over the points i with i % SAMPLE == 0


def exact_graph(X, k, cache):
    """Indices of the k nearest other points of every SAMPLE-th row (ties:
    lower index)."""
    if cache and os.path.exists(cache):
        return np.load(cache)
    Xd = X.astype(np.float64)
    sq = (Xd * Xd).sum(axis=1)
    rows = np.arange(0, len(Xd), SAMPLE)
    out = np.empty((len(rows), k), dtype=np.int32)
    for a in range(0, len(rows), 1000):
        q = rows[a : a + 1000]
        D = sq[q, None] + sq[None, :] - 2 * (Xd[q] @ Xd.T)  # exact: integer data
        D[np.arange(len(q)), q] = np.inf  # the point itself
        part = np.argpartition(D, k + 20, axis=1)[:, : k + 20]
        for r in range(len(q)):
            c = part[r]
            order = np.lexsort((c, D[r, c]))  # by distance, then index
            out[a + r] = c[order[:k]]
    if cache:
        np.save(cache, out)
    return out


def recall(indices, exact):
    hits = 0
    for r, i in enumerate(range(0, len(indices), SAMPLE)):
        hits += len(set(exact[r].tolist()) & set(indices[i].tolist()))
    return hits / exact.size


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exact", default="/tmp/gsbench_mnist_exact14_every10.npy")
    args = ap.parse_args()

    import numba
    import pynndescent

    numba.set_num_threads(args.threads)
    X = load_mnist().astype(np.float32)
    exact = exact_graph(load_mnist(), 14, args.exact)
    # JIT warm-up (numba compiles on first call), not timed.
    pynndescent.NNDescent(X[:3000], n_neighbors=15, random_state=0, n_jobs=args.threads)
    print(f"# pynndescent {pynndescent.__version__ if hasattr(pynndescent, '__version__') else ''} "
          f"numba {numba.__version__}, {args.threads} threads, MNIST {X.shape}, n_neighbors 15")
    for r in range(args.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        index = pynndescent.NNDescent(X, n_neighbors=15, random_state=args.seed + r, n_jobs=args.threads)
        indices, _ = index.neighbor_graph
        t, c = time.perf_counter() - t0, time.process_time() - c0
        print(f"pynndescent\t{t:.2f} s\t{c:.2f} cpu-s\trecall {recall(indices, exact):.4f}", flush=True)


if __name__ == "__main__":
    main()
