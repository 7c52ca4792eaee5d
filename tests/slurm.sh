# A one-node Slurm cluster for a test, from Debian's slurmctld, slurmd and
# munge, all of it under one directory of the test: configuration, state,
# logs, a munge key and socket of its own.  Sourced by the tests that
# submit jobs; needs root (slurmd runs job steps as their user).
#
#   slurm_prereq          sets the SLURM prereq when it can work here
#   slurm_up              starts munged, slurmctld and slurmd in a new
#                         directory SLURM_DIR under /tmp (its paths must
#                         have no space, unlike sharness's trash
#                         directory); exports SLURM_CONF; fails when the
#                         node does not come up
#   slurm_down            stops them and removes SLURM_DIR (idempotent)

slurm_prereq() {
	if test "$(id -u)" != 0; then
		say "not root: the Slurm tests are skipped (slurmd runs jobs as their user)"
	elif ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
	    ! command -v munged >/dev/null || ! command -v sbatch >/dev/null; then
		say "no Slurm (Debian packages slurmctld slurmd slurm-client munge; make check installs them): the Slurm tests are skipped"
	else
		test_set_prereq SLURM
	fi
}

slurm_up() {
	SLURM_DIR=$(mktemp -d /tmp/dk-slurm.XXXXXX) || return 1
	_d=$SLURM_DIR
	mkdir -p "$_d/state" "$_d/spool" "$_d/munge" &&
	chmod 700 "$_d/munge" &&
	dd if=/dev/urandom of="$_d/munge/key" bs=1024 count=1 2>/dev/null &&
	chmod 400 "$_d/munge/key" &&
	munged -f --key-file="$_d/munge/key" --socket="$_d/munge/sock" \
		--pid-file="$_d/munge/pid" --log-file="$_d/munge/log" \
		--seed-file="$_d/munge/seed" || return 1
	# ports of their own, away from a running cluster's 6817 and 6818
	_port=$((20000 + $$ % 20000 * 2))
	_host=$(hostname -s)
	cat >"$_d/slurm.conf" <<-CONF
	ClusterName=dktest
	SlurmctldHost=$_host(127.0.0.1)
	SlurmUser=root
	SlurmdUser=root
	AuthType=auth/munge
	AuthInfo=socket=$_d/munge/sock
	CredType=cred/munge
	SlurmctldPort=$_port
	SlurmdPort=$((_port + 1))
	StateSaveLocation=$_d/state
	SlurmdSpoolDir=$_d/spool
	SlurmctldPidFile=$_d/ctld.pid
	SlurmdPidFile=$_d/slurmd.pid
	SlurmctldLogFile=$_d/ctld.log
	SlurmdLogFile=$_d/slurmd.log
	ProctrackType=proctrack/linuxproc
	TaskPlugin=task/none
	JobAcctGatherType=jobacct_gather/none
	AccountingStorageType=accounting_storage/none
	SelectType=select/cons_tres
	SelectTypeParameters=CR_Core
	ReturnToService=2
	MpiDefault=none
	PlugStackConfig=$_d/plugstack.conf
	NodeName=$_host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
	PartitionName=dk Nodes=$_host Default=YES MaxTime=60 State=UP
	CONF
	: >"$_d/plugstack.conf"
	SLURM_CONF=$_d/slurm.conf
	export SLURM_CONF
	slurmctld -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF" || return 1
	# the node is idle once slurmd has registered
	for _i in $(seq 50); do
		sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
		sleep 0.2
	done
	echo >&2 "slurm_up: the node did not come up; the logs:"
	cat >&2 "$_d/ctld.log" "$_d/slurmd.log"
	return 1
}

slurm_down() {
	_d=${SLURM_DIR:-}
	test -n "$_d" && test -d "$_d" || return 0
	# each pid file read once, quietly: a daemon that is still starting
	# or already gone may have none
	_pids=
	for _p in "$_d/slurmd.pid" "$_d/ctld.pid" "$_d/munge/pid"; do
		_pid=$(cat "$_p" 2>/dev/null) || continue
		case $_pid in '' | *[!0-9]*) continue ;; esac
		_pids="$_pids $_pid"
	done
	for _pid in $_pids; do
		kill "$_pid" 2>/dev/null
	done
	# wait for them to go, so the test directory can be removed
	for _i in $(seq 50); do
		_alive=
		for _pid in $_pids; do
			kill -0 "$_pid" 2>/dev/null && _alive=1
		done
		test -z "$_alive" && break
		sleep 0.1
	done
	rm -rf "$_d"
	SLURM_DIR=
}
