#!/usr/bin/env python3
"""PyTorch's training of the 784-256-29-256-784 autoencoder on MNIST, timed:
the peer of gsbench's BenchmarkEpochMNIST (baselines/autoencoder, issue 24).

    GSBENCH_DATA=/path/to/datasets OMP_WAIT_POLICY=PASSIVE \
        /usr/bin/python3 scripts/peer_autoencoder_mnist.py [--epochs 5] [--dtype float32]

Debian's python3-torch (1.13) on the CPU with torch.set_num_threads(2). The
60000 training images min-max scaled per column to [0, 1], constant columns
set to 0 (gsbench's preprocess.MinMax, which BenchmarkEpochMNIST uses), the same
network as gsbench's BenchmarkEpochMNIST (ReLU hidden layers, linear
bottleneck and output), mean squared error, Adam (lr 0.001, betas 0.9 / 0.999,
eps 1e-8), mini-batches of 256 from a fresh permutation each epoch, the last
one short. One warm-up step is not timed. Each line gives one epoch's seconds
(elapsed, and CPU time of all threads) and its training loss (the mean of the mini-batch losses weighted by their
rows, as gsbench reports it).
"""
import argparse
import gzip
import os
import time

import numpy as np
import torch


def load_mnist():
    path = os.path.join(os.environ["GSBENCH_DATA"], "MNIST", "train-images-idx3-ubyte.gz")
    with gzip.open(path, "rb") as f:
        raw = f.read()
    n = int.from_bytes(raw[4:8], "big")
    return np.frombuffer(raw, dtype=np.uint8, offset=16).reshape(n, 784)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    dtype = getattr(torch, args.dtype)
    X = load_mnist().astype(np.float64)
    lo, hi = X.min(axis=0), X.max(axis=0)
    rng = np.where(hi > lo, hi - lo, 1.0)
    X = torch.from_numpy(np.where(hi > lo, (X - lo) / rng, 0.0)).to(dtype)
    n, d = X.shape
    net = torch.nn.Sequential(
        torch.nn.Linear(d, 256), torch.nn.ReLU(),
        torch.nn.Linear(256, 29),
        torch.nn.Linear(29, 256), torch.nn.ReLU(),
        torch.nn.Linear(256, d),
    ).to(dtype)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, betas=(0.9, 0.999), eps=1e-8)
    loss_fn = torch.nn.MSELoss()

    def step(xb):
        opt.zero_grad()
        loss = loss_fn(net(xb), xb)
        loss.backward()
        opt.step()
        return loss.item()

    step(X[: args.batch])  # warm-up, not timed
    print(f"# torch {torch.__version__}, {torch.get_num_threads()} threads, {args.dtype}, "
          f"batch {args.batch}, OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY', '')}")
    for epoch in range(1, args.epochs + 1):
        t0, c0 = time.perf_counter(), time.process_time()
        perm = torch.randperm(n)
        total = 0.0
        for s in range(0, n, args.batch):
            xb = X[perm[s : s + args.batch]]
            total += step(xb) * len(xb)
        t, c = time.perf_counter() - t0, time.process_time() - c0
        print(f"torch-{args.dtype}\tepoch {epoch}\t{t:.3f} s\t{c:.3f} cpu-s\tloss {total / n:.6f}", flush=True)


if __name__ == "__main__":
    main()
