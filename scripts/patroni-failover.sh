#!/usr/bin/env bash
# Automatic failover as fleets run it: a two-node Patroni cluster with one etcd, all on 127.0.0.1,
# the leader node killed (SIGKILL to its Patroni, its postmaster and every backend) while a writer
# keeps running `walkthrough mark` through the multi-host URI; Patroni promotes the replica and the
# writes go on. At the end every acknowledged write (exit 0) must be in the store.
#
#   scripts/patroni-failover.sh [--writes N] [--kill-after K] [--binary PATH]
#
#   --writes N       marks to acknowledge in all (default 120)
#   --kill-after K   kill the leader after K acknowledged marks (default 40)
#   --binary PATH    the walkthrough binary (default .build/debug/walkthrough; swift build makes it)
#
# Needs Debian's patroni, etcd-server and postgresql (scripts/patroni-failover.sh says which is
# missing; exit 69). Replication is synchronous (Patroni's synchronous_mode): a commit is
# acknowledged only once the replica has it, which is what "nothing acknowledged is lost" needs
# across a failover. Run as root, every server runs as the unprivileged user nobody. Everything it
# starts is stopped and its temporary folder removed on every exit path. Exit 0 when the writes
# continued after the promotion and none was lost, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

writes=120
kill_after=40
binary=.build/debug/walkthrough
while [ $# -gt 0 ]; do
    case "$1" in
        --writes) writes="$2"; shift 2 ;;
        --kill-after) kill_after="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64 ;;
    esac
done

need() {
    command -v "$1" >/dev/null 2>&1 || {
        echo "patroni-failover: '$1' not found; install Debian's $2 (apt-get install $2)" >&2
        exit 69
    }
}
need patroni patroni
need etcd etcd-server
need curl curl
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
[ -n "$bin" ] && [ -x "$bin/initdb" ] || {
    echo "patroni-failover: no PostgreSQL server binaries; install Debian's postgresql" >&2
    exit 69
}
[ -x "$binary" ] || {
    echo "patroni-failover: no walkthrough binary at $binary; run swift build first" >&2
    exit 69
}
binary="$(readlink -f "$binary")"

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
    else
        "$@"
    fi
}

# shellcheck source=scripts/lib/free-ports.sh
. scripts/lib/free-ports.sh
now_ms() { date +%s%3N; }
say() { printf '[%6.1f s] %s\n' "$(($(now_ms) - start_ms))e-3" "$*"; }

start_ms="$(now_ms)"
dir="$(mktemp -d "${TMPDIR:-/tmp}/walkthrough-patroni.XXXXXX")"
chmod 0755 "$dir"
groups=()
cleanup() {
    local group
    for group in "${groups[@]}"; do kill -KILL -- "-$group" 2>/dev/null || true; done
    local pidfile postmaster
    for pidfile in "$dir"/node*/data/postmaster.pid; do
        [ -f "$pidfile" ] || continue
        postmaster="$(head -n 1 "$pidfile")"
        kill -STOP "$postmaster" 2>/dev/null || continue
        pkill -KILL -P "$postmaster" 2>/dev/null || true
        kill -KILL "$postmaster" 2>/dev/null || true
    done
    # Backends whose postmaster was killed leave on their own; give them a bounded moment.
    for _ in $(seq 1 50); do
        pgrep -f "$dir" >/dev/null 2>&1 || break
        sleep 0.1
    done
    pkill -KILL -f "$dir" 2>/dev/null || true
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
replication_password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
mapfile -t ports < <(free_ports 6)
[ "${#ports[@]}" -eq 6 ] || { echo "patroni-failover: no 6 free ports on 127.0.0.1" >&2; exit 1; }
etcd_client="${ports[0]}"
etcd_peer="${ports[1]}"
declare -A pg_port api_port
for node in 1 2; do
    pg_port[$node]="${ports[node * 2]}"
    api_port[$node]="${ports[node * 2 + 1]}"
done

# Starts "$@" in its own process group (so one kill reaches it and all its children), as nobody.
spawn() {
    local log="$1"
    shift
    # From $dir, which the unprivileged user owns: PostgreSQL's programs refuse to run in a
    # current folder they cannot enter (a clone under a 0700 folder of root's), and Patroni
    # then waits at "bootstrap in progress" for ever.
    setsid bash -c 'cd -- "$1" && shift && exec "$@"' spawn "$dir" "$@" </dev/null >"$log" 2>&1 &
    groups+=("$!")
    disown "$!"
}

# Waits until "$@" succeeds, at most $1 seconds (a bounded wait, never a fixed sleep).
wait_for() {
    local seconds="$1" deadline
    shift
    deadline=$(($(now_ms) + seconds * 1000))
    until "$@" >/dev/null 2>&1; do
        [ "$(now_ms)" -lt "$deadline" ] || return 1
        sleep 0.2
    done
}

mkdir -p "$dir/etcd"
[ "$(id -u)" -eq 0 ] && chown -R 65534:65534 "$dir"
owner_prefix=()
[ "$(id -u)" -eq 0 ] && owner_prefix=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
spawn "$dir/etcd.log" "${owner_prefix[@]}" \
    etcd --name etcd1 --data-dir "$dir/etcd" \
    --listen-client-urls "http://127.0.0.1:$etcd_client" \
    --advertise-client-urls "http://127.0.0.1:$etcd_client" \
    --listen-peer-urls "http://127.0.0.1:$etcd_peer" \
    --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
    --initial-cluster "etcd1=http://127.0.0.1:$etcd_peer"
wait_for 30 curl -fsS "http://127.0.0.1:$etcd_client/health" || {
    echo "patroni-failover: etcd did not start; its log:" >&2
    cat "$dir/etcd.log" >&2
    exit 1
}
say "etcd up on 127.0.0.1:$etcd_client"

for node in 1 2; do
    mkdir -p "$dir/node$node"
    cat >"$dir/node$node/patroni.yml" <<EOF
scope: walkthrough-fleet
name: node$node
restapi:
  listen: 127.0.0.1:${api_port[$node]}
  connect_address: 127.0.0.1:${api_port[$node]}
etcd3:
  hosts: 127.0.0.1:$etcd_client
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 0
    synchronous_mode: true
    postgresql:
      use_pg_rewind: false
      parameters:
        max_connections: 100
        wal_level: replica
        hot_standby: 'on'
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - auth-host: scram-sha-256
    - auth-local: trust
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
postgresql:
  listen: 127.0.0.1:${pg_port[$node]}
  connect_address: 127.0.0.1:${pg_port[$node]}
  data_dir: $dir/node$node/data
  bin_dir: $bin
  pgpass: $dir/node$node/pgpass
  authentication:
    superuser:
      username: walkthrough_admin
      password: $password
    replication:
      username: replicator
      password: $replication_password
  parameters:
    unix_socket_directories: $dir/node$node
tags:
  nofailover: false
  noloadbalance: false
EOF
done
[ "$(id -u)" -eq 0 ] && chown -R 65534:65534 "$dir"
chmod 0600 "$dir"/node*/patroni.yml

is_leader() { curl -fsS "http://127.0.0.1:${api_port[$1]}/leader"; }
is_sync_replica() { curl -fsS "http://127.0.0.1:${api_port[$1]}/sync"; }

# What node $1's Patroni says of itself (its REST API's state and role), for a failure message.
patroni_state() {
    curl -sS --max-time 5 "http://127.0.0.1:${api_port[$1]}/patroni" 2>/dev/null |
        python3 -c 'import json, sys; d = json.load(sys.stdin)
print("state " + str(d.get("state", "?")) + ", role " + str(d.get("role", "?")))' 2>/dev/null ||
        echo "its REST API does not answer"
}

# Waits until "$@" succeeds as long as the node's log $2 keeps growing: a load-proof bound, since
# a slow machine makes Patroni slow but not silent. Gives up after $1 seconds without a new log
# line, or after $patroni_cap_s seconds in all, saying which in $gave_up.
patroni_cap_s=600
gave_up=""
wait_progressing() {
    local quiet_ms=$(($1 * 1000)) log="$2" size=-1 current now changed started
    shift 2
    now="$(now_ms)"
    started="$now"
    changed="$now"
    until "$@" >/dev/null 2>&1; do
        now="$(now_ms)"
        current="$(stat -c %s "$log" 2>/dev/null || echo 0)"
        [ "$current" = "$size" ] || { size="$current"; changed="$now"; }
        if [ $((now - changed)) -ge "$quiet_ms" ]; then
            gave_up="no new line in its log for $((quiet_ms / 1000)) s, $(((now - started) / 1000)) s after starting to wait"
            return 1
        fi
        if [ $((now - started)) -ge $((patroni_cap_s * 1000)) ]; then
            gave_up="still not there after $patroni_cap_s s, its log still growing"
            return 1
        fi
        sleep 0.2
    done
}

# What node $1's PostgreSQL itself shows, for a failure message: its processes and the end of
# any log in its data folder (a bootstrap that never finishes logs only "bootstrap in progress"
# in Patroni's own log).
postgres_state() {
    echo "its PostgreSQL processes:"
    ps -eo pid,stat,etime,args | grep -F -- "$dir/node$1/data" | grep -v grep || echo "  none"
    find "$dir/node$1/data" -maxdepth 2 -name '*.log' -newer "$dir/node$1/patroni.yml" \
        2>/dev/null | while read -r file; do
        echo "the end of $file:"
        tail -n 20 "$file"
    done
}

# node1 first, so that it bootstraps the cluster and leads.
spawn "$dir/node1/patroni.log" env HOME="$dir/node1" "${owner_prefix[@]}" \
    patroni "$dir/node1/patroni.yml"
node1_group="${groups[-1]}"
wait_progressing 180 "$dir/node1/patroni.log" is_leader 1 || {
    echo "patroni-failover: node1 never led: $gave_up ($(patroni_state 1)); its log:" >&2
    tail -n 40 "$dir/node1/patroni.log" >&2
    postgres_state 1 >&2
    exit 1
}
say "node1 leads (postgres on 127.0.0.1:${pg_port[1]})"
spawn "$dir/node2/patroni.log" env HOME="$dir/node2" "${owner_prefix[@]}" \
    patroni "$dir/node2/patroni.yml"
wait_progressing 180 "$dir/node2/patroni.log" is_sync_replica 2 || {
    echo "patroni-failover: node2 never became the synchronous replica: $gave_up ($(patroni_state 2)); its log:" >&2
    tail -n 40 "$dir/node2/patroni.log" >&2
    postgres_state 2 >&2
    exit 1
}
say "node2 is the synchronous replica (postgres on 127.0.0.1:${pg_port[2]})"
"$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir/node1" -p "${pg_port[1]}" -U walkthrough_admin \
    -d postgres -c 'CREATE DATABASE walkthrough' >/dev/null

url="postgresql://walkthrough_admin:$password@127.0.0.1:${pg_port[1]},127.0.0.1:${pg_port[2]}"
url="$url/walkthrough?target_session_attrs=read-write&connect_timeout=2"
definition="walkthroughs/foodpin.json"
acknowledged="$dir/acknowledged"
: >"$acknowledged"
failures=0
killed_ms=""
first_after_ms=""
say "writing $writes marks through the two-host URL (target_session_attrs=read-write)"
i=0
while [ "$(wc -l <"$acknowledged")" -lt "$writes" ]; do
    user="fleet-user-$i"
    if "$binary" mark "$definition" --user "$user" --db "$url" >"$dir/mark.out" 2>"$dir/mark.err"; then
        echo "$user" >>"$acknowledged"
        i=$((i + 1))
        if [ -n "$killed_ms" ] && [ -z "$first_after_ms" ]; then
            first_after_ms="$(now_ms)"
            say "writes continue: the first acknowledged mark after the kill, $((first_after_ms - killed_ms)) ms after it"
        fi
    else
        failures=$((failures + 1))
        # The same user again: a caller retries what was not acknowledged. Bounded.
        if [ "$failures" -gt 600 ]; then
            echo "patroni-failover: writes did not resume; the last error:" >&2
            cat "$dir/mark.err" >&2
            tail -n 20 "$dir/node2/patroni.log" >&2
            exit 1
        fi
        [ "$failures" -eq 1 ] && say "a mark failed (retrying it): $(cat "$dir/mark.err")"
        sleep 0.1
    fi
    if [ -z "$killed_ms" ] && [ "$(wc -l <"$acknowledged")" -ge "$kill_after" ]; then
        # Patroni's postmaster is not in Patroni's process group: stop it, kill its backends,
        # then it and Patroni, as a node's death would.
        postmaster="$(head -n 1 "$dir/node1/data/postmaster.pid")"
        kill -STOP "$postmaster"
        pkill -KILL -P "$postmaster" || true
        kill -KILL "$postmaster"
        kill -KILL -- "-$node1_group"
        killed_ms="$(now_ms)"
        say "killed the leader node1 (SIGKILL to Patroni, postmaster and backends) after $kill_after acknowledged marks"
    fi
done
wait_progressing 180 "$dir/node2/patroni.log" is_leader 2 || {
    echo "patroni-failover: node2 does not lead: $gave_up ($(patroni_state 2)); its log:" >&2
    tail -n 40 "$dir/node2/patroni.log" >&2
    postgres_state 2 >&2
    exit 1
}
say "node2 leads; $writes marks acknowledged, $failures attempts failed during the failover and were retried"

"$binary" export --db "$url" >"$dir/export.jsonl"
stored="$(grep -c '"walkthrough":"foodpin"' "$dir/export.jsonl" || true)"
lost=0
while read -r user; do
    grep -q "\"user\":\"$user\"" "$dir/export.jsonl" || { lost=$((lost + 1)); echo "lost: $user" >&2; }
done <"$acknowledged"
say "the store now holds $stored foodpin records; acknowledged but missing: $lost"
if grep -q "$password" "$dir/mark.err" "$dir/export.jsonl" 2>/dev/null; then
    echo "patroni-failover: the password appeared in the output" >&2
    exit 1
fi
[ "$lost" -eq 0 ] && [ -n "$first_after_ms" ] || exit 1
say "failover passed"
