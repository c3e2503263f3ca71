#!/bin/bash
# prereg: experiment three-vendors-cpu as a Slurm job, one component per rank group,
# one MPI_COMM_WORLD over all of them (srun --mpi=pmix).
# usage: sbatch slurm.sh RANK_BIN PLAN RCDIR [NAME=VALUE...]
#SBATCH --job-name=prereg-three-vendors-cpu
#SBATCH --ntasks=4 --time=5 --partition=gpuA
#SBATCH hetjob
#SBATCH --ntasks=4 --time=5 --partition=gpuB
#SBATCH hetjob
#SBATCH --ntasks=1 --time=5 --partition=cpu
RANK=$1 PLAN=$2 RCDIR=$3
shift 3
for kv in "$@"; do export "$kv"; done
N=9 GRACE=10
rm -rf "$RCDIR"; mkdir -p "$RCDIR"
T='export OMPI_MCA_btl_vader_backing_directory=$PMIX_SERVER_TMPDIR
"$@"; r=$?; echo $r >"$RCDIR/$SLURM_PROCID"
trap "exit $r" TERM; sleep $D & wait $!; exit $r'
srun -K --mpi=pmix --het-group=0 bash -c "D=0; $T" - "$RANK" "$PLAN" : --het-group=1 bash -c "D=1; $T" - "$RANK" "$PLAN" : --het-group=2 bash -c "D=2; $T" - "$RANK" "$PLAN" &
S=$! i=0 seen=0 gone=0
trap 'echo "prereg: SIGTERM (cancelled or time limit)" >&2' TERM
while kill -0 $S 2>/dev/null; do
	# a task killed by srun -K writes no status: step 0 listed by
	# squeue -s once and then missing twice in a row (squeue
	# answering), or never listed in 30 s, says the tasks are gone
	i=$((i + 1))
	if [ $((i % 5)) = 0 ] &&
	    q=$(squeue -h -s -j "$SLURM_JOB_ID" -o %i 2>/dev/null); then
		if printf '%s\n' "$q" | grep -qx "$SLURM_JOB_ID.0"; then
			seen=1 gone=0
		elif [ $seen = 1 ] || [ $i -ge 150 ]; then
			gone=$((gone + 1))
		fi
	fi
	if [ $gone -ge 2 ] || [ "$(ls "$RCDIR" | wc -l)" -ge "$N" ]; then
		for _ in $(seq $((GRACE * 10))); do
			kill -0 $S 2>/dev/null || break; sleep 0.1
		done
		if kill -0 $S 2>/dev/null; then
			echo "prereg: the tasks are gone, srun did not exit within ${GRACE} s: killing it (Slurm 22.05 mpi/pmix)" >&2
			kill -9 $S
		fi
		break
	fi
	sleep 0.2
done
while :; do wait $S; rc=$?; kill -0 $S 2>/dev/null || break; done
if [ "$(ls "$RCDIR" | wc -l)" -ge "$N" ]; then
	rc=$(sort -n "$RCDIR"/* | tail -n 1)
fi
rm -rf "$RCDIR"
exit $rc
