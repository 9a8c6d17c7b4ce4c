#!/bin/bash
# A single-node Slurm cluster on this machine, for the integration tests (npm run test:slurm) and for
# trying gtlab slurm by hand. Needs root; installs Debian's slurm-wlm and munge with apt-get if missing.
#
#   scripts/slurm-local.sh start [STATE_DIR]   prints "export SLURM_CONF=…" (source it, or eval it)
#   scripts/slurm-local.sh stop  [STATE_DIR]   stops only the daemons this script started (their pid files)
#
# STATE_DIR (default /tmp/gtlab-slurm) holds slurm.conf, the spool/state dirs, logs and pid files.
set -euo pipefail
cmd=${1:-}
state=${2:-${GTLAB_SLURM_DIR:-/tmp/gtlab-slurm}}
conf=$state/slurm.conf

die() { echo "slurm-local: $*" >&2; exit 1; }

stop_pidfile() {
  local f=$1
  [ -f "$f" ] || return 0
  local pid
  pid=$(cat "$f")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$f"
}

case "$cmd" in
  start)
    [ "$(id -u)" = 0 ] || die "needs root (to install slurm-wlm and munge and run slurmd); this is uid $(id -u)"
    if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
      command -v apt-get >/dev/null || die "slurmctld/munged are not installed and there is no apt-get to install slurm-wlm munge"
      echo "slurm-local: installing slurm-wlm munge with apt-get" >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge >&2 || { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge >&2; } \
        || die "apt-get install slurm-wlm munge failed"
    fi
    mkdir -p "$state"/{spool,state,log,munge}
    chmod 755 "$state"   # munged runs as the munge user and must reach its socket dir
    host=$(hostname -s)
    # munge: our own daemon on our own socket, with the system key.
    [ -f /etc/munge/munge.key ] || die "/etc/munge/munge.key is missing (reinstall munge)"
    chown munge:munge "$state/munge"
    if ! [ -f "$state/munged.pid" ] || ! kill -0 "$(cat "$state/munged.pid")" 2>/dev/null; then
      runuser -u munge -- munged --socket="$state/munge/munge.socket" --pid-file="$state/munge/munged.pid" \
        --log-file="$state/munge/munged.log" --seed-file="$state/munge/munged.seed" --force
      for _ in $(seq 50); do [ -f "$state/munge/munged.pid" ] && break; sleep 0.1; done
      cp "$state/munge/munged.pid" "$state/munged.pid"
    fi
    cat > "$conf" <<CONF
ClusterName=gtlab
SlurmctldHost=$host
AuthType=auth/munge
AuthInfo=socket=$state/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$state/state
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
SlurmctldPort=${GTLAB_SLURMCTLD_PORT:-6917}
SlurmdPort=${GTLAB_SLURMD_PORT:-6918}
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=1
MinJobAge=300
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
    if ! [ -f "$state/slurmctld.pid" ] || ! kill -0 "$(cat "$state/slurmctld.pid")" 2>/dev/null; then slurmctld -f "$conf"; fi
    if ! [ -f "$state/slurmd.pid" ] || ! kill -0 "$(cat "$state/slurmd.pid")" 2>/dev/null; then slurmd -f "$conf"; fi
    for _ in $(seq 100); do
      if SLURM_CONF=$conf sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
        echo "export SLURM_CONF=$conf"
        exit 0
      fi
      sleep 0.2
    done
    die "the node did not become idle within 20 s (see $state/log/)"
    ;;
  stop)
    stop_pidfile "$state/slurmd.pid"
    stop_pidfile "$state/slurmctld.pid"
    stop_pidfile "$state/munged.pid"
    rm -f "$state/munge/munged.pid"
    ;;
  *)
    echo "usage: scripts/slurm-local.sh start|stop [STATE_DIR]" >&2
    exit 2
    ;;
esac
