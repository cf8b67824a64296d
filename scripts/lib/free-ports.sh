# Sourced by the scripts that start servers on 127.0.0.1 (scripts/patroni-failover.sh,
# scripts/postgres-test-server.sh); not run on its own.
#
# free_ports N prints N distinct TCP ports, one per line, that 127.0.0.1 can bind right now. They
# are drawn from below the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range), so
# no outgoing connection holds one as its local port and none can be handed to one later: a port
# that only "nothing listens on" can still be some client's local port, and a server binding it
# then fails with "address already in use". The check is a real bind, without SO_REUSEADDR, so a
# port in TIME_WAIT counts as taken. Exit 1 when N such ports cannot be found.
free_ports() {
    python3 - "$1" <<'PY'
import random, socket, sys

wanted = int(sys.argv[1])
try:
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        ephemeral_low = int(f.read().split()[0])
except (OSError, ValueError, IndexError):
    ephemeral_low = 32768
low, high = 10000, max(10001, ephemeral_low - 1)
chosen = []
for port in random.sample(range(low, high + 1), high - low + 1):
    if len(chosen) == wanted:
        break
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        probe.close()
    chosen.append(port)
if len(chosen) < wanted:
    sys.exit(f"free_ports: only {len(chosen)} of {wanted} ports below {ephemeral_low} are free")
print("\n".join(map(str, chosen)))
PY
}
