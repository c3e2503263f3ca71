#!/bin/sh
# t0037: prereg's PAP-aware Allreduce (src/runner/pap.c) against
# MPI_Allreduce under real mpirun, oversubscribed, for every rank count
# from 2 to 9: 40 calls each under arrival orders drawn from a seed (all
# together, one random rank late, every rank in a random order), five
# message counts from 1 to 70000 floats; every sum must equal
# MPI_Allreduce's exactly, and a rank late three calls running must end
# last in the order the ranks learn (tests/mpi/pap_check.c).
# prereg-test: alone (the late rank must end last: timing on shared cores)
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
prog="$BIN/tests/mpi/pap_check"
if [ ! -x "$prog" ]; then
	not_ok "no $prog (make unit or make e2e builds it)"
	exit 1
fi
for p in 2 3 4 5 6 7 8 9; do
	expect_exit 0 "pap on $p ranks equals MPI_Allreduce" \
		timeout 120 mpirun --oversubscribe -np $p \
		--mca mpi_yield_when_idle 1 "$prog" 40 $((1000 + p))
	expect_out "pap on $p ranks: every sum exact, the late rank learnt" \
		"pap_check: $p ranks, 40 orders: every sum equals"
done
