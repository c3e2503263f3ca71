#!/bin/bash
# slurm-watchdog.sh - the end of prereg's Slurm batch script (slurm.sh),
# run right after the srun step is started in the background; the build
# embeds it from its first line that is neither a comment nor blank.
#
# Slurm 22.05's mpi/pmix can hang srun at the end of a het step (a race
# between its abort-agent threads, fixed in 24.11), on scancel and at a
# time limit. The later components exit a second apart, and once every
# task has written its status srun gets GRACE seconds. The script stays
# alive on SIGTERM so that srun dies with it.
#
# Set by the script before it: N (tasks), GRACE (seconds), RCDIR (one file
# per task holding its exit status; RCDIR.up one empty file per task that
# started); by Slurm: SLURM_JOB_ID.
# ls | wc -l counts the status files (named by rank); rc is a number
# shellcheck disable=SC2012,SC2086

S=$! i=0 seen=0 gone=0 first=0 q=
trap 'echo "prereg: SIGTERM (cancelled or time limit)" >&2' TERM
while kill -0 $S 2>/dev/null; do
	# a task killed by srun -K writes no status: step 0 missing from
	# squeue -s three times in a row, at least 5 s apart end to end
	# (squeue answering each time), once the step is known to have
	# started (squeue listed it, or a task said it started or wrote its
	# status: a step whose tasks fail in MPI_Init can end before the
	# first look, and srun -K can kill them before they write a
	# status), or after 30 s, says the tasks are gone
	i=$((i + 1))
	done_n=$(ls "$RCDIR" | wc -l)
	up_n=$(ls "$RCDIR.up" 2>/dev/null | wc -l)
	if [ $((i % 5)) = 0 ] &&
	    q=$(squeue -h -s -j "$SLURM_JOB_ID" -o %i 2>/dev/null); then
		if printf '%s\n' "$q" | grep -qx "$SLURM_JOB_ID.0"; then
			seen=1 gone=0
		elif [ $seen = 1 ] || [ $SECONDS -ge 30 ] ||
		    [ "$done_n" -gt 0 ] || [ "$up_n" -gt 0 ]; then
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
			echo "prereg: after ${SECONDS} s: $up_n of $N tasks started, $(ls "$RCDIR" | wc -l) wrote their status; step 0 $w; squeue -s last said: $(printf '%s' "$q" | tr '\n' ' ')" >&2
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
rm -rf "$RCDIR" "$RCDIR.up"
exit $rc
