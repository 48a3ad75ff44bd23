#!/bin/sh
# One-thread searches of the default scaling suite at depth 13 with other table sizes, for
# table_sensitivity.py (report.md, "Where the overhead lies"). Node counts only: a one-thread
# search to a fixed depth does not depend on timing, so the machine need not be idle.
#   experiments/scaling-2threads/table_sensitivity.sh [SPLITLAB]   (from the repository root)
set -eu
splitlab=${1:-bazel-bin/splitlab}
for mb in 4 16; do
  "$splitlab" scale --threads 1 --references glaurung --glaurung-depth 13 --depth 13 \
    --repeats 1 --hash "$mb" --out "experiments/scaling-2threads/table-sensitivity/hash-$mb"
done
python3 experiments/scaling-2threads/table_sensitivity.py \
  --two-thread experiments/scaling-2threads/results-suite160/runs.csv \
  4=experiments/scaling-2threads/table-sensitivity/hash-4/runs.csv \
  16=experiments/scaling-2threads/table-sensitivity/hash-16/runs.csv \
  64=experiments/scaling-2threads/results-suite160/runs.csv |
  tee experiments/scaling-2threads/table-sensitivity/summary.txt
