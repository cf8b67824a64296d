#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests (and for trying the fleet store by hand).
#
#   scripts/postgres-test-server.sh start [--watch PID] [--durable]
#                                                         start one; prints its folder
#   scripts/postgres-test-server.sh url DIR               the server's URL (with its password)
#   scripts/postgres-test-server.sh restart DIR [fast|immediate]   pg_ctl restart (a server restart test)
#   scripts/postgres-test-server.sh standby DIR [--watch PID]
#                                                         a streaming standby of DIR's server
#                                                         (pg_basebackup -R); prints its folder
#   scripts/postgres-test-server.sh promote DIR           pg_ctl promote: the standby takes writes
#   scripts/postgres-test-server.sh halt DIR [fast|immediate]
#                                                         stop the server, keep DIR (a failover)
#   scripts/postgres-test-server.sh pgbouncer DIR [--watch PID] [--pool-size N]
#                                                         pgbouncer in transaction mode in front
#                                                         of DIR's server; prints its folder
#   scripts/postgres-test-server.sh stop DIR              stop it and remove DIR
#   scripts/postgres-test-server.sh run COMMAND [ARG...]  start one, run COMMAND with
#                                                         WALKTHROUGH_TEST_POSTGRES_URL set, stop
#
# `start` runs initdb in a new folder under $TMPDIR (or /tmp) and starts the server on
# 127.0.0.1 at a free port, with its Unix socket in a private folder inside DIR (never
# /var/run/postgresql). TCP connections need a password (scram-sha-256); the superuser role
# `walkthrough_admin` has a random password, and the database `walkthrough` is created. Run as
# root, the cluster belongs to the unprivileged user nobody (uid 65534): PostgreSQL refuses to
# run as root. The URL is also written to DIR/url.
#
# `pgbouncer` starts Debian's pgbouncer (1.18: no protocol-level prepared statements) on
# 127.0.0.1 at a free port, as the cluster's owner, in transaction pooling mode with a pool of
# N server connections per database and role (default 4), every database name passed through
# to DIR's server, and SCRAM for the superuser; its URL (the superuser's, database `walkthrough`)
# is in its folder's url. pgbouncer refuses the `options` startup parameter: a test through it
# takes a database of its own, not a search path.
#
# With --watch PID, a watchdog (detached from the terminal's signals) stops the server and
# removes DIR when process PID ends, however it ends: a test run that is killed leaves no
# `postgres` behind. `run` stops the server on every exit path of COMMAND (an error, Ctrl-C,
# SIGTERM). A `start` that fails part-way removes what it made.
#
# The binaries come from $POSTGRES_BIN, else /usr/lib/postgresql/15/bin, else the newest
# /usr/lib/postgresql/*/bin (Debian's postgresql package). Exit 69 when there are none.
set -euo pipefail

usage() {
    sed -n '3,20p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

find_binaries() {
    local candidate
    for candidate in "${POSTGRES_BIN:-}" /usr/lib/postgresql/15/bin; do
        if [ -n "$candidate" ] && [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then
            echo "$candidate"
            return
        fi
    done
    candidate="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [ -n "$candidate" ] && [ -x "$candidate/initdb" ]; then
        echo "$candidate"
        return
    fi
    echo "postgres-test-server: no PostgreSQL server binaries (initdb, pg_ctl) in" \
        "/usr/lib/postgresql/*/bin; install Debian's postgresql package, or set POSTGRES_BIN" >&2
    exit 69
}

# Runs a command as the cluster's owner: nobody when we are root, else ourselves.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
    else
        "$@"
    fi
}

# shellcheck source=scripts/lib/free-ports.sh
. "$(dirname "$0")/lib/free-ports.sh"

# Whether something accepts TCP connections on 127.0.0.1:$1.
port_in_use() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Stops the server of folder $1 (if running) and removes the folder.
stop_dir() {
    local dir="$1" bin pid attempt
    [ -d "$dir" ] || return 0
    if [ -f "$dir/pgbouncer.ini" ]; then
        pid="$(cat "$dir/pgbouncer.pid" 2>/dev/null || true)"
        if [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null; then
            for attempt in $(seq 1 100); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.1
            done
            kill -KILL "$pid" 2>/dev/null || true
        fi
        rm -rf "$dir"
        return 0
    fi
    [ -f "$dir/bin" ] && bin="$(cat "$dir/bin")" || bin="$(find_binaries)"
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" stop -D "$dir/data" -m immediate -w -t 60 >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}

# Starts the cluster of folder $1 on 127.0.0.1 at a free port (fsync off unless $2 is
# "durable"), waits until it answers, and writes DIR/port and DIR/flags. Exit 1 on failure.
launch() {
    local dir="$1" durability="${2:-}" bin port attempt started="" flags
    bin="$(cat "$dir/bin")"
    flags="-c listen_addresses=127.0.0.1 -k $dir/socket -c max_connections=300"
    flags="$flags -c password_encryption=scram-sha-256"
    # fsync off: a throwaway server; nothing here needs to survive a power loss.
    [ "$durability" = durable ] || flags="$flags -c fsync=off -c full_page_writes=off"
    echo "$flags" >"$dir/flags"
    for attempt in $(seq 1 20); do
        port="$(free_ports 1)" || continue
        # A loaded machine starts a server slowly: 180 s before pg_ctl gives up on it.
        if as_owner "$bin/pg_ctl" start -D "$dir/data" -w -t 180 -l "$dir/server.log" \
            -o "-p $port $flags" >/dev/null 2>&1; then
            started=yes
            break
        fi
        # Most likely another process took the port meanwhile: try another one.
    done
    if [ -z "$started" ]; then
        echo "postgres-test-server: the server did not start within 180 s (20 ports tried); its log:" >&2
        cat "$dir/server.log" >&2 || true
        exit 1
    fi
    echo "$port" >"$dir/port"
    # pg_ctl -w has waited for the server to accept connections; check once more, bounded.
    for attempt in $(seq 1 100); do
        "$bin/pg_isready" -q -h "$dir/socket" -p "$port" -U walkthrough_admin && break
        [ "$attempt" -eq 100 ] && { echo "postgres-test-server: not ready" >&2; exit 1; }
        sleep 0.1
    done
}

# The watchdog for folder $1: stops its server and removes it when process $2 ends.
watch_for() {
    # In its own session, so Ctrl-C in the terminal does not end it first; a watchdog told to
    # end (SIGTERM, as `pkill -f` of the checkout sends) stops its server on the way out.
    setsid bash -c '
        trap "" INT HUP
        trap "\"\$3\" stop \"\$2\"; exit 143" TERM
        while kill -0 "$1" 2>/dev/null && [ -d "$2" ]; do sleep 1; done
        "$3" stop "$2"
    ' watchdog "$2" "$1" "$(readlink -f "$0")" </dev/null >/dev/null 2>&1 &
}

# A new folder for a server, owned by the cluster's owner; prints its path.
new_dir() {
    local dir
    dir="$(mktemp -d "${TMPDIR:-/tmp}/walkthrough-postgres.XXXXXX")"
    chmod 0755 "$dir"
    echo "$dir"
}

start() {
    local watch="" durability=""
    while [ $# -gt 0 ]; do
        case "$1" in
            --watch) [ $# -ge 2 ] || usage; watch="$2"; shift 2 ;;
            --durable) durability=durable; shift ;;
            *) usage ;;
        esac
    done
    local bin dir password port
    bin="$(find_binaries)"
    dir="$(new_dir)"
    # Until the server is up and handed over, any failure removes what was made.
    trap 'stop_dir "$dir"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    echo "$bin" >"$dir/bin"
    mkdir -m 0700 "$dir/socket"
    password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s\n' "$password" >"$dir/password"
    chmod 0600 "$dir/password"
    if [ "$(id -u)" -eq 0 ]; then
        chown -R 65534:65534 "$dir"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U walkthrough_admin --pwfile="$dir/password" \
        --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 --no-sync \
        >"$dir/initdb.log" 2>&1 || {
        echo "postgres-test-server: initdb failed:" >&2
        cat "$dir/initdb.log" >&2
        exit 1
    }
    launch "$dir" "$durability"
    port="$(cat "$dir/port")"
    "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir/socket" -p "$port" -U walkthrough_admin \
        -d postgres -c 'CREATE DATABASE walkthrough' >/dev/null
    (umask 077 && echo "postgresql://walkthrough_admin:$password@127.0.0.1:$port/walkthrough" \
        >"$dir/url")
    [ -n "$watch" ] && watch_for "$dir" "$watch"
    trap - EXIT INT TERM
    echo "$dir"
}

standby() {
    [ $# -ge 1 ] && [ -f "${1:-}/port" ] || usage
    local primary="$1" watch="" bin dir password port
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            --watch) [ $# -ge 2 ] || usage; watch="$2"; shift 2 ;;
            *) usage ;;
        esac
    done
    bin="$(cat "$primary/bin")"
    dir="$(new_dir)"
    trap 'stop_dir "$dir"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    echo "$bin" >"$dir/bin"
    mkdir -m 0700 "$dir/socket"
    cp "$primary/password" "$dir/password"
    chmod 0600 "$dir/password"
    [ "$(id -u)" -eq 0 ] && chown -R 65534:65534 "$dir"
    # -R writes standby.signal and primary_conninfo (the primary's socket and port).
    as_owner "$bin/pg_basebackup" -D "$dir/data" -h "$primary/socket" \
        -p "$(cat "$primary/port")" -U walkthrough_admin -R -X stream --checkpoint=fast --no-sync \
        >"$dir/basebackup.log" 2>&1 || {
        echo "postgres-test-server: pg_basebackup failed:" >&2
        cat "$dir/basebackup.log" >&2
        exit 1
    }
    if grep -q 'fsync=off' "$primary/flags"; then launch "$dir"; else launch "$dir" durable; fi
    port="$(cat "$dir/port")"
    password="$(cat "$dir/password")"
    (umask 077 && echo "postgresql://walkthrough_admin:$password@127.0.0.1:$port/walkthrough" \
        >"$dir/url")
    [ -n "$watch" ] && watch_for "$dir" "$watch"
    trap - EXIT INT TERM
    echo "$dir"
}

find_pgbouncer() {
    local candidate
    for candidate in "${PGBOUNCER:-}" "$(command -v pgbouncer 2>/dev/null || true)" \
        /usr/sbin/pgbouncer; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then
            echo "$candidate"
            return
        fi
    done
    echo "postgres-test-server: no pgbouncer; install Debian's pgbouncer package, or set" \
        "PGBOUNCER" >&2
    exit 69
}

pgbouncer() {
    [ $# -ge 1 ] && [ -f "${1:-}/port" ] || usage
    local server="$1" watch="" pool=4 binary dir password port attempt started=""
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            --watch) [ $# -ge 2 ] || usage; watch="$2"; shift 2 ;;
            --pool-size) [ $# -ge 2 ] || usage; pool="$2"; shift 2 ;;
            *) usage ;;
        esac
    done
    binary="$(find_pgbouncer)"
    dir="$(new_dir)"
    trap 'stop_dir "$dir"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    password="$(cat "$server/password")"
    (umask 077 && printf '"walkthrough_admin" "%s"\n' "$password" >"$dir/userlist.txt")
    [ "$(id -u)" -eq 0 ] && chown -R 65534:65534 "$dir"
    for attempt in $(seq 1 20); do
        port="$(free_ports 1)" || continue
        cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$(cat "$server/port")

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/userlist.txt
pool_mode = transaction
server_idle_timeout = 5
default_pool_size = $pool
max_client_conn = 1000
ignore_startup_parameters = extra_float_digits
pidfile = $dir/pgbouncer.pid
logfile = $dir/pgbouncer.log
INI
        rm -f "$dir/pgbouncer.pid"
        if as_owner "$binary" -d -q "$dir/pgbouncer.ini" >>"$dir/start.log" 2>&1; then
            # Listening within 60 s, however loaded the machine (it is at once when idle).
            for attempt in $(seq 1 600); do
                port_in_use "$port" && { started=yes; break; }
                sleep 0.1
            done
            [ -n "$started" ] && break
            stop_pooler_only "$dir"
        fi
    done
    if [ -z "$started" ]; then
        echo "postgres-test-server: pgbouncer did not start listening on 127.0.0.1 (60 s on each of the ports tried); its log:" >&2
        cat "$dir/start.log" "$dir/pgbouncer.log" >&2 2>/dev/null || true
        exit 1
    fi
    echo "$port" >"$dir/port"
    (umask 077 && echo "postgresql://walkthrough_admin:$password@127.0.0.1:$port/walkthrough" \
        >"$dir/url")
    [ -n "$watch" ] && watch_for "$dir" "$watch"
    trap - EXIT INT TERM
    echo "$dir"
}

# Stops the pgbouncer of folder $1, keeping the folder (a start that did not listen).
stop_pooler_only() {
    local pid
    pid="$(cat "$1/pgbouncer.pid" 2>/dev/null || true)"
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
}

promote() {
    [ $# -eq 1 ] && [ -f "$1/port" ] || usage
    as_owner "$(cat "$1/bin")/pg_ctl" promote -D "$1/data" -w -t 180 >/dev/null
}

halt() {
    [ $# -ge 1 ] && [ $# -le 2 ] && [ -f "$1/port" ] || usage
    local mode="${2:-fast}"
    case "$mode" in fast | immediate) ;; *) usage ;; esac
    as_owner "$(cat "$1/bin")/pg_ctl" stop -D "$1/data" -m "$mode" -w -t 60 >/dev/null
}

url() {
    [ $# -eq 1 ] && [ -f "$1/url" ] || {
        echo "postgres-test-server: ${1:-DIR} is not a running test server's folder" >&2
        exit 64
    }
    cat "$1/url"
}

restart() {
    [ $# -ge 1 ] && [ $# -le 2 ] && [ -f "$1/port" ] || usage
    local dir="$1" mode="${2:-fast}" bin
    case "$mode" in fast | immediate) ;; *) usage ;; esac
    bin="$(cat "$dir/bin")"
    as_owner "$bin/pg_ctl" restart -D "$dir/data" -m "$mode" -w -t 180 -l "$dir/server.log" \
        >/dev/null
}

run() {
    [ $# -ge 1 ] || usage
    local dir status=0
    dir="$(start --watch $$)"
    trap 'stop_dir "$dir"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    WALKTHROUGH_TEST_POSTGRES_URL="$(cat "$dir/url")" "$@" || status=$?
    exit "$status"
}

[ $# -ge 1 ] || usage
command="$1"
shift
case "$command" in
    start) start "$@" ;;
    url) url "$@" ;;
    restart) restart "$@" ;;
    standby) standby "$@" ;;
    promote) promote "$@" ;;
    halt) halt "$@" ;;
    pgbouncer) pgbouncer "$@" ;;
    stop) [ $# -eq 1 ] || usage; stop_dir "$1" ;;
    run) run "$@" ;;
    *) usage ;;
esac
