# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for tests and benchmarks.
# Usage: source scripts/lib/postgres.sh; start_throwaway_postgres DIR   (sets $pgurl, or leaves it empty)
#        stop_throwaway_postgres                                          (the caller's EXIT trap)
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
pgdata=""
pgurl=""
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

start_throwaway_postgres() {
  [ -n "$pgbin" ] && [ -x "$pgbin/initdb" ] || return 0
  local dir=$1 port
  pgdata="$dir/pgdata"; mkdir -p "$pgdata"
  [ "$(id -u)" -eq 0 ] && chown postgres "$dir" "$pgdata"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  as_postgres "$pgbin/initdb" -D "$pgdata" -U kindred --auth=trust --locale=C.UTF-8 -E UTF8 >/dev/null
  # Durability is off: the cluster is thrown away, and tests should not wait on fsync.
  as_postgres "$pgbin/pg_ctl" -D "$pgdata" -l "$pgdata/server.log" -w \
    -o "-h 127.0.0.1 -p $port -k $pgdata -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1000" start >/dev/null
  pgurl="postgres://kindred@127.0.0.1:$port/postgres"
}

stop_throwaway_postgres() {
  if [ -n "$pgdata" ] && [ -f "$pgdata/postmaster.pid" ]; then
    as_postgres "$pgbin/pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true
  fi
}
