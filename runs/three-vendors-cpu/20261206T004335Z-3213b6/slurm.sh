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
export RCDIR
rm -rf "$RCDIR"; mkdir -p "$RCDIR"
T='export OMPI_MCA_btl_vader_backing_directory=$PMIX_SERVER_TMPDIR
"$@"; r=$?; echo $r >"$RCDIR/$SLURM_PROCID"
trap "exit $r" TERM; sleep $D & wait $!; exit $r'
srun -K --mpi=pmix --het-group=0 bash -c "D=0; $T" - "$RANK" "$PLAN" : --het-group=1 bash -c "D=1; $T" - "$RANK" "$PLAN" : --het-group=2 bash -c "D=2; $T" - "$RANK" "$PLAN" &
S=$! i=0 seen=0 gone=0 first=0 q=
trap 'echo "prereg: SIGTERM (cancelled or time limit)" >&2' TERM
while kill -0 $S 2>/dev/null; do
	# a task killed by srun -K writes no status: step 0 missing from
	# squeue -s three times in a row, at least 5 s apart end to end
	# (squeue answering each time), once the step is known to have
	# started (squeue listed it, or a task wrote its status: a step
	# whose tasks fail in MPI_Init can end before the first look), or
	# after 30 s, says the tasks are gone
	i=$((i + 1))
	done_n=$(ls "$RCDIR" | wc -l)
	if [ $((i % 5)) = 0 ] &&
	    q=$(squeue -h -s -j "$SLURM_JOB_ID" -o %i 2>/dev/null); then
		if printf '%s\n' "$q" | grep -qx "$SLURM_JOB_ID.0"; then
			seen=1 gone=0
		elif [ $seen = 1 ] || [ $SECONDS -ge 30 ] || [ "$done_n" -gt 0 ]
		then
			[ $gone = 0 ] && first=$SECONDS
			gone=$((gone + 1))
		fi
	fi
	if { [ $gone -ge 3 ] && [ $((SECONDS - first)) -ge 5 ]; } ||
	    [ "$done_n" -ge "$N" ]; then
		for _ in $(seq $((GRACE * 10))); do
			kill -0 $S 2>/dev/null || break; sleep 0.1
		done
		if kill -0 $S 2>/dev/null; then
			echo "prereg: the tasks are gone, srun did not exit within ${GRACE} s: killing it (Slurm 22.05 mpi/pmix)" >&2
			w="never listed, missing $gone times"
			[ $seen = 1 ] && w="listed, then missing $gone times"
			echo "prereg: after ${SECONDS} s: $(ls "$RCDIR" | wc -l) of $N tasks wrote their status; step 0 $w; squeue -s last said: $(printf '%s' "$q" | tr '\n' ' ')" >&2
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
