#!/bin/bash
# One shard of a gsbench config per task of a Slurm job array: task I of
#   sbatch --array=1-N [--cpus-per-task=C] [--time=T] scripts/slurm-array.sh N CONFIG [RUN FLAGS...]
# runs `gsbench run CONFIG [RUN FLAGS...] --shard I/N`, as many cells at once
# as the task has CPUs. N is given again so that failed tasks can be
# resubmitted alone (--array=3,7). Submit from the directory on the shared
# file system that the results go to (results/NAME/ under it).
#SBATCH --job-name=gsbench
#SBATCH --output=gsbench-%A_%a.out
set -euo pipefail
n=${1:?usage: sbatch --array=1-N scripts/slurm-array.sh N CONFIG [gsbench run flags...]}
shift
i=${SLURM_ARRAY_TASK_ID:?submit as a job array: sbatch --array=1-$n ...}
if ! [[ $n =~ ^[1-9][0-9]*$ ]] || [ "$i" -lt 1 ] || [ "$i" -gt "$n" ]; then
  echo "slurm-array.sh: task $i of the array is not one of the shards 1-$n: submit with --array=1-$n" >&2
  exit 2
fi
exec gsbench run "$@" --shard "$i/$n" --jobs "${SLURM_CPUS_PER_TASK:-1}" --progress plain
