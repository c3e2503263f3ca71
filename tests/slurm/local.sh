#!/bin/bash
# local.sh start|stop|status - a three-node Slurm on this host for the tests.
#
# munge, slurmctld and three slurmd, all on 127.0.0.1:
#   node n1 (port 17001) alone in partition gpuA,
#   node n2 (port 17002) alone in partition gpuB,
#   node n3 (port 17003) alone in partition cpu,
# so a heterogeneous job with one component per partition runs each
# component on its own "node", as on a cluster (Slurm never places two
# components of one het job on one node: a third component needs a third
# node). Debian 12 (slurm-wlm 22.05,
# munge 0.5), as root; no systemd: the daemons are started directly.
#
#   start   writes /etc/slurm/slurm.conf and mpi.conf, starts what is not
#           running and waits until n1, n2 and n3 are idle. A no-op when it is
#           already up. Refuses (exit 3) to replace a slurm.conf it did not
#           write.
#   stop    cancels every job (their slurmstepd and tasks would outlive
#           slurmd), stops the Slurm daemons of the slurm.conf it wrote
#           (none when the file is someone else's), and munged only if
#           start started it.
#   status  the daemons and sinfo; exit 0 when n1, n2 and n3 are up (idle
#           or running jobs), else 1 (also for a Slurm of an older
#           local.sh without n3: stop it and start it again).
#   skew NODE SECONDS
#           restarts NODE's slurmd in a Linux time namespace whose
#           CLOCK_MONOTONIC is SECONDS ahead of the host's (unshare
#           --time), so that its tasks have a clock of their own, as on a
#           second host; SECONDS 0 restarts it in the host's namespace.
#           Waits until NODE is idle again. Exit 3 when the kernel or
#           unshare cannot make a time namespace. start and stop end any
#           skew (they restart every slurmd).
#   restart-ctld SECONDS
#           stops slurmctld (it saves its state), waits SECONDS, starts it
#           again and waits until it answers: meanwhile squeue, scontrol
#           and sbatch fail ("Unable to contact slurm controller"), as
#           while a cluster's controller restarts; the jobs' tasks run on
#           and the jobs are known again after.
#
# Env: SLURM_LOCAL_WAIT   seconds start waits for idle nodes (30)
#      SLURM_LOCAL_CPUS   CPUs each node declares (16): a component may hold
#                         that many tasks, more than the host has
#                         (SlurmdParameters=config_overrides allows it).
set -euo pipefail

WAIT=${SLURM_LOCAL_WAIT:-30}
CPUS=${SLURM_LOCAL_CPUS:-16}
CONF=/etc/slurm/slurm.conf
MARK="# written by prereg tests/slurm/local.sh"
STATE=/run/prereg-slurm-local          # munge.ours: start started munged
CTLD_PID=/run/slurmctld.pid
NODES="n1 n2 n3"
SLURMD_PIDS="/run/slurmd.n1.pid /run/slurmd.n2.pid /run/slurmd.n3.pid"
MUNGE_PID=/run/munge/munged.pid
SPOOL_CTLD=/var/spool/slurmctld
SPOOL_D=/var/spool/slurmd
LOGS=/var/log/slurm

say() { echo "slurm-local: $*"; }
die() { echo "slurm-local: $*" >&2; exit "${2:-1}"; }

# running PID: the process is alive and not a zombie (daemons whose parent
# is gone stay zombies where PID 1 does not reap, as in some containers)
running() {
	local stat
	stat=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
	case "$stat" in *Z*) return 1 ;; esac
}

# pid_of FILE: print the pid in FILE when that process is running and is a
# Slurm or munge daemon (a stale file or a reused pid prints nothing)
pid_of() {
	local pid
	[ -s "$1" ] || return 1
	pid=$(cat "$1")
	running "$pid" || return 1
	case "$(ps -o comm= -p "$pid" 2>/dev/null)" in
	slurm* | munged) echo "$pid" ;;
	*) return 1 ;;
	esac
}

# stop_pids PID...: SIGTERM, up to 10 s to exit, then SIGKILL
stop_pids() {
	local pid left
	[ $# -gt 0 ] || return 0
	kill "$@" 2>/dev/null || true
	for _ in $(seq 100); do
		left=""
		for pid; do
			if running "$pid"; then left=1; fi
		done
		[ -z "$left" ] && return 0
		sleep 0.1
	done
	kill -9 "$@" 2>/dev/null || true
}

munge_works() { munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; }

# node_states: "n1 STATE n2 STATE n3 STATE" as sinfo sees them (empty if
# no answer)
node_states() { sinfo -h -N -o '%N %T' 2>/dev/null | sort | paste -sd' '; }

# nodes_up: n1, n2 and n3 idle or running jobs
nodes_up() {
	local up='(idle|mixed|allocated)'
	node_states | grep -qxE "n1 $up n2 $up n3 $up"
}

daemons_up() {
	local f
	for f in $CTLD_PID $SLURMD_PIDS; do pid_of "$f" >/dev/null || return 1; done
	scontrol ping >/dev/null 2>&1
}

our_conf() { [ ! -e $CONF ] || head -n 1 $CONF | grep -qxF "$MARK"; }

write_conf() {
	local host
	host=$(hostname -s)
	mkdir -p /etc/slurm
	cat >$CONF <<EOF
$MARK
ClusterName=prereg-ci
MailProg=/bin/true
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$SPOOL_CTLD
SlurmdSpoolDir=$SPOOL_D/%n
# PMIx puts its client directory under TmpFS: one per node, or the two
# slurmd of this host collide under /tmp
TmpFS=$SPOOL_D/%n
SlurmctldPidFile=$CTLD_PID
SlurmdPidFile=/run/slurmd.%n.pid
SlurmctldLogFile=$LOGS/slurmctld.log
SlurmdLogFile=$LOGS/slurmd.%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
# no slurmdbd, so no sacct: one line per finished job goes to JobCompLoc
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$LOGS/jobcomp.log
# a finished job stays visible to scontrol and squeue this long (s)
MinJobAge=600
# reject at submit what a partition can never run (else it pends forever)
EnforcePartLimits=ALL
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
MpiDefault=pmix
ReturnToService=2
KillWait=2
NodeName=n1 NodeHostname=$host NodeAddr=127.0.0.1 Port=17001 CPUs=$CPUS RealMemory=1000 State=UNKNOWN
NodeName=n2 NodeHostname=$host NodeAddr=127.0.0.1 Port=17002 CPUs=$CPUS RealMemory=1000 State=UNKNOWN
NodeName=n3 NodeHostname=$host NodeAddr=127.0.0.1 Port=17003 CPUs=$CPUS RealMemory=1000 State=UNKNOWN
PartitionName=gpuA Nodes=n1 Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
PartitionName=gpuB Nodes=n2 MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
PartitionName=cpu Nodes=n3 MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
EOF
	printf 'PMIxTimeout=60\n' >/etc/slurm/mpi.conf
}

start_munge() {
	munge_works && return 0 # someone's munged: use it, leave it running
	[ -s /etc/munge/munge.key ] || runuser -u munge -- mungekey --create
	install -d -o munge -g munge -m 755 /run/munge
	runuser -u munge -- /usr/sbin/munged
	for _ in $(seq 50); do munge_works && break; sleep 0.1; done
	munge_works || die "munged did not come up"
	mkdir -p $STATE
	touch $STATE/munge.ours
}

start_slurm() {
	stop_slurm
	rm -rf $SPOOL_CTLD $SPOOL_D
	mkdir -p $SPOOL_CTLD $LOGS
	rm -f $LOGS/slurmctld.log $LOGS/slurmd.n?.log $LOGS/jobcomp.log
	write_conf
	slurmctld
	for node in $NODES; do
		mkdir -p $SPOOL_D/$node
		slurmd -N $node
	done
}

stop_slurm() {
	local f pid pids=""
	for f in $CTLD_PID $SLURMD_PIDS; do
		if pid=$(pid_of "$f"); then pids="$pids $pid"; fi
	done
	# shellcheck disable=SC2086
	stop_pids $pids
	rm -f $CTLD_PID $SLURMD_PIDS
	# step daemons of jobs whose tasks srun -K killed can outlive their
	# slurmd (seen after a failed het job): ours are orphans now
	pids=$(ps -eo pid=,ppid=,comm= | awk '$2 == 1 && $3 == "slurmstepd" {print $1}')
	# shellcheck disable=SC2086
	[ -z "$pids" ] || stop_pids $pids
}

cancel_jobs() {
	local jobs
	jobs=$(squeue -h -o %A 2>/dev/null | sort -u) || return 0
	[ -n "$jobs" ] || return 0
	# shellcheck disable=SC2086
	scancel $jobs 2>/dev/null || true
	for _ in $(seq 150); do
		[ -z "$(squeue -h -o %A 2>/dev/null)" ] && return 0
		sleep 0.1
	done
}

start() {
	command -v slurmctld >/dev/null ||
		die "slurmctld not found (apt-get install slurm-wlm munge)"
	[ "$(id -u)" = 0 ] || die "must run as root"
	our_conf || die "$CONF was not written by this script; leaving it alone" 3
	start_munge
	local fresh=1
	if daemons_up; then
		fresh=""
	else
		start_slurm
	fi
	for _ in $(seq $((WAIT * 10))); do
		if [ "$(node_states)" = "n1 idle n2 idle n3 idle" ]; then
			say "up (n1 in gpuA, n2 in gpuB, n3 in cpu, idle)"
			return 0
		fi
		# already running: nodes busy with jobs are up too
		if [ -z "$fresh" ] && nodes_up; then say "up (nodes busy)"; return 0; fi
		sleep 0.1
	done
	echo "slurm-local: n1, n2 and n3 not idle after ${WAIT}s" >&2
	sinfo -N >&2 || true
	tail -n 20 $LOGS/slurmctld.log $LOGS/slurmd.n?.log >&2 || true
	exit 1
}

stop() {
	[ "$(id -u)" = 0 ] || die "must run as root"
	if our_conf; then
		pid_of $CTLD_PID >/dev/null && cancel_jobs
		stop_slurm
	else
		say "$CONF was not written by this script; its daemons left alone"
	fi
	if [ -e $STATE/munge.ours ]; then
		local pid
		if pid=$(pid_of $MUNGE_PID); then stop_pids "$pid"; fi
		rm -f $STATE/munge.ours
	fi
	say "stopped"
}

status() {
	local f
	for f in $CTLD_PID $SLURMD_PIDS $MUNGE_PID; do
		printf '%-24s %s\n' "$f" "$(pid_of "$f" || echo -)"
	done
	# without our slurmctld, sinfo would retry for seconds: do not ask
	if ! pid_of $CTLD_PID >/dev/null; then
		echo "slurmctld is not running"
		return 1
	fi
	if ! sinfo -N 2>/dev/null; then
		echo "slurmctld does not answer"
		return 1
	fi
	nodes_up
}

# started_at NODE: when slurmctld last heard NODE's slurmd start (epoch
# seconds; 0 when it cannot say)
started_at() {
	local t
	t=$(scontrol show node "$1" 2>/dev/null |
		sed -n 's/.*SlurmdStartTime=\([^ ]*\).*/\1/p')
	date -d "$t" +%s 2>/dev/null || echo 0
}

# skew NODE SECONDS: NODE's slurmd again, in a time namespace SECONDS
# ahead (0: the host's)
skew() {
	local node=${1:-} secs=${2:-} f pid before
	case " $NODES " in *" $node "*) ;; *) die "no node '$node' (n1, n2, n3)" 2 ;; esac
	case $secs in '' | *[!0-9]*) die "SECONDS must be a whole number" 2 ;; esac
	[ "$(id -u)" = 0 ] || die "must run as root"
	our_conf || die "$CONF was not written by this script; leaving it alone" 3
	if [ "$secs" != 0 ] && ! unshare --time --monotonic 1 true 2>/dev/null; then
		die "no time namespace here (unshare --time failed)" 3
	fi
	f=/run/slurmd.$node.pid
	# the node counts as back when slurmctld has heard a slurmd start
	# since now (to the second: Slurm's resolution)
	before=$(date +%s)
	if pid=$(pid_of "$f"); then stop_pids "$pid"; fi
	rm -f "$f"
	if [ "$secs" = 0 ]; then
		slurmd -N "$node"
	else
		unshare --time --monotonic "$secs" --fork slurmd -N "$node"
	fi
	for _ in $(seq $((WAIT * 10))); do
		if [ "$(started_at "$node")" -ge "$before" ] &&
			node_states | grep -qE "(^| )$node idle( |$)"; then
			say "$node idle, its clock $secs s ahead"
			return 0
		fi
		sleep 0.1
	done
	echo "slurm-local: $node not idle after ${WAIT}s" >&2
	sinfo -N >&2 || true
	exit 1
}

# restart_ctld SECONDS: slurmctld down that long, then up again
restart_ctld() {
	local secs=${1:-} pid
	case $secs in '' | *[!0-9]*) die "SECONDS must be a whole number" 2 ;; esac
	[ "$(id -u)" = 0 ] || die "must run as root"
	our_conf || die "$CONF was not written by this script; leaving it alone" 3
	pid=$(pid_of $CTLD_PID) || die "slurmctld is not running"
	stop_pids "$pid"
	say "slurmctld down for $secs s"
	sleep "$secs"
	slurmctld
	for _ in $(seq $((WAIT * 10))); do
		if scontrol ping >/dev/null 2>&1; then
			say "slurmctld up again"
			return 0
		fi
		sleep 0.1
	done
	die "slurmctld does not answer after ${WAIT}s"
}

case ${1:-} in
start) start ;;
stop) stop ;;
status) status ;;
skew) shift; skew "$@" ;;
restart-ctld) shift; restart_ctld "$@" ;;
*) echo "usage: $0 start|stop|status|skew NODE SECONDS|restart-ctld SECONDS" >&2; exit 2 ;;
esac
