#!/usr/bin/env bash
# Runs the benchmarks behind gsbench's speed claims (README "Performance") and
# prints one line per measurement. Run it on a quiet machine:
#
#   GSBENCH_DATA=/path/to/datasets scripts/bench.sh            # everything (~20 min on 2 cores)
#   GSBENCH_DATA=/path/to/datasets scripts/bench.sh algorithms  # only the groups named
#
# Groups: algorithms peers datasets evaluate extraction selection nonlinear harness scale.
# scale writes the 1e9-value QMR-FS stand-in (4 GB, then 8 GB) to TMPDIR and removes it.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${GSBENCH_DATA:?set GSBENCH_DATA to the benchmark data directory}"
export GSBENCH_DATA

want() { [ $# -eq 0 ] || [[ " $* " == *" $group "* ]]; }
bench() { # bench PACKAGE PATTERN [BENCHTIME]
  go test -run '^$' -bench "$2" -benchtime "${3:-1x}" -benchmem -timeout 90m "$1" |
    grep -E '^Benchmark|FAIL|panic' || true
}

echo "# $(date -u +%FT%TZ) $(go run ./cmd/gsbench version | tr '\n' ' ')"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
for group in algorithms peers datasets evaluate extraction selection nonlinear harness scale; do
  want "$@" || continue
  echo "## $group"
  case $group in
  algorithms) # GFS/GFR on COIL-20 (issue 2)
    bench ./algorithms/ 'BenchmarkCOIL20' 10x ;;
  peers) # UFFS vs GFS on Table XII data, QMR-FS at 1e8 elements (issue 7); QMR-FS vs its baselines on Isolet (issue 19)
    bench ./baselines/uffs/ 'BenchmarkTableXII$' 10x
    bench ./baselines/qmrfs/ 'BenchmarkStream1e8'
    bench ./baselines/qmrfs/ 'BenchmarkIsoletTable2' ;;
  datasets) # MNIST load time and memory (issue 3)
    bench ./datasets/ 'BenchmarkLoadMNIST$' 3x ;;
  evaluate) # USPS 5-fold SVM, k-means on MNIST (issue 4)
    bench ./evaluate/ 'BenchmarkUSPSCV'
    bench ./learn/kmeans/ 'BenchmarkKMeansMNIST' ;;
  extraction) # PCA on MNIST, kernel PCA 10000 x 20 (issue 5); the whole extract command (issue 24)
    bench ./baselines/pca/ 'BenchmarkFitMNIST'
    bench ./baselines/kpca/ 'BenchmarkFit10000x20'
    bin="$(mktemp -d)/gsbench"
    go build -o "$bin" ./cmd/gsbench
    for i in 1 2 3; do
      /usr/bin/time -f '# gsbench extract --method pca --k 50 --data mnist: %e s wall, %M KB peak' "$bin" extract --method pca --k 50 --data mnist >/dev/null
    done
    rm -r "$(dirname "$bin")" ;;
  selection) # every selection baseline on COIL-20 (issue 6)
    for p in lapscore spec mcfs ndfs udfs traceratio fisher svdentropy; do
      bench ./baselines/$p/ 'BenchmarkCOIL20$'
    done ;;
  nonlinear) # UMAP and the autoencoder on MNIST (issue 11); NN-descent, an epoch (issue 24)
    bench ./baselines/umap/ 'BenchmarkFitMNIST'
    bench ./baselines/umap/ 'BenchmarkKNNMNIST/nndescent'
    bench ./baselines/autoencoder/ 'BenchmarkMNIST'
    bench ./baselines/autoencoder/ 'BenchmarkEpochMNIST' 3x ;;
  harness) # per-cell overhead on 10,000 trivial cells (issue 8)
    bench ./experiments/ 'BenchmarkHarness'
    /usr/bin/time -f '# quickstart: %e s wall, %M KB peak' go run ./cmd/gsbench run configs/quickstart.yaml --out "$(mktemp -d)" --progress plain >/dev/null ;;
  scale) # QMR-FS Table 1: theta = 0.1 on the KDD Cup stand-in, 7.88M x 127, from disk (issue 19)
    bench ./baselines/qmrfs/ 'BenchmarkTable1KDD'
    tmp=$(mktemp -d)
    go build -o "$tmp/gsbench" ./cmd/gsbench
    "$tmp/gsbench" info --data qmrfs-table01 --data-param shape=kddcup99 --write-npy "$tmp/kdd.npy" --dtype float32 >/dev/null
    /usr/bin/time -f '# gsbench select --method qmrfs, 7.88M x 127 float32 .npy: %e s wall, %U s user, %S s system, %M KB peak' \
      "$tmp/gsbench" select --method qmrfs --data "$tmp/kdd.npy" | grep -E '^[0-9]+ selected'
    rm -rf "$tmp" ;;
  esac
done
