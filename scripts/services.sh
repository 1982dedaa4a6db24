#!/usr/bin/env bash
# services.sh — project-local PostgreSQL and Redis for `make run` and `make test`.
#
#   scripts/services.sh start NAME   start (or reuse) the cluster .data/NAME and print `export` lines
#   scripts/services.sh stop NAME    stop it (and its S3 server)
#   scripts/services.sh s3 NAME      start (or reuse) an S3-compatible server (s3rver, from npm)
#                                    under .data/NAME/s3 and print its S3_* `export` lines
#
# When DATABASE_URL and REDIS_URL are both set, nothing is started: they are echoed back.
# PostgreSQL refuses to run as root, so as root it runs as the `postgres` user. Redis is
# installed with apt when it is missing and we are root. Ports are picked free at first start
# and kept in .data/NAME/ports. SERVICES_FAST=1 turns fsync off (tests only).
set -euo pipefail

cmd=${1:-}
name=${2:-run}
root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/.data/$name"
# The newest PostgreSQL installed (Debian 12 ships 15; later releases ship newer ones).
pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
pgbin=${pgbin:-/usr/lib/postgresql/15/bin}

log() { printf 'services: %s\n' "$*" >&2; }

# PostgreSQL runs as the postgres user, which must be able to reach its data directory; a
# checkout under a private home (/root is mode 700) keeps the cluster in /var/tmp instead.
mkdir -p "$root/.data"
pgdata="$dir/pg"
if [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$root/.data" 2>/dev/null; then
  pgdata="/var/tmp/drape-$(printf '%s' "$dir" | cksum | cut -d' ' -f1)/pg"
fi

# A port is free when no TCP socket of this machine uses it: our ports sit inside Linux's
# ephemeral range, so a client's outgoing connection can hold one that nothing listens on
# (which a test connection would call free, and the server's bind would then refuse). Without
# ss, a port nothing answers on counts as free.
port_free() {
  if command -v ss >/dev/null 2>&1; then
    [ -z "$(ss -Htan "sport = :$1" 2>/dev/null)" ]
  else
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
  fi
}

pick_port() {
  local p=$1
  while ! port_free "$p"; do p=$((p + 1)); done
  echo "$p"
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ensure_redis() {
  command -v redis-server >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing redis-server with apt"
    (apt-get install -y -qq redis-server >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq redis-server; }) >&2
  fi
  command -v redis-server >/dev/null 2>&1 || { log "redis-server is missing: install it (apt-get install redis-server) or set REDIS_URL"; exit 1; }
}

ensure_postgres() {
  [ -x "$pgbin/initdb" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing postgresql with apt"
    (apt-get install -y -qq postgresql >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq postgresql; }) >&2
  fi
  [ -x "$pgbin/initdb" ] || { log "PostgreSQL 15 binaries not found in $pgbin: install postgresql or set DATABASE_URL"; exit 1; }
}

pg_running() { [ -f "$pgdata/postmaster.pid" ] && as_pg "$pgbin/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; }

redis_running() { [ -f "$dir/redis.pid" ] && kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null; }

start() {
  if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then
    echo "export DATABASE_URL='$DATABASE_URL'"
    echo "export REDIS_URL='$REDIS_URL'"
    return 0
  fi
  ensure_postgres
  ensure_redis
  mkdir -p "$dir"
  # One start at a time per cluster: test binaries may all ask at once.
  exec 9>"$dir.lock"
  flock 9
  if [ ! -f "$dir/ports" ]; then
    local pg redis
    pg=$(pick_port 54320)
    redis=$(pick_port $((pg + 1000)))
    printf 'PG_PORT=%s\nREDIS_PORT=%s\n' "$pg" "$redis" >"$dir/ports"
  fi
  # shellcheck disable=SC1091
  . "$dir/ports"
  # The socket directory must stay under 107 bytes, so it lives in /tmp.
  local sock="/tmp/drape-pg-$PG_PORT"
  mkdir -p "$sock"
  if [ "$(id -u)" = 0 ]; then chown postgres "$sock"; fi

  if ! pg_running; then
    if [ ! -f "$pgdata/PG_VERSION" ]; then
      mkdir -p "$pgdata"
      if [ "$(id -u)" = 0 ]; then chown postgres "$pgdata"; fi
      as_pg "$pgbin/initdb" -D "$pgdata" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! port_free "$PG_PORT"; then
      PG_PORT=$(pick_port "$PG_PORT")
      sed -i "s/^PG_PORT=.*/PG_PORT=$PG_PORT/" "$dir/ports"
      sock="/tmp/drape-pg-$PG_PORT"
      mkdir -p "$sock"
      if [ "$(id -u)" = 0 ]; then chown postgres "$sock"; fi
    fi
    local opts="-p $PG_PORT -k $sock -c listen_addresses=127.0.0.1 -c max_connections=300"
    if [ "${SERVICES_FAST:-}" = 1 ]; then opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
    # Benchmarks measure the shop as it would be deployed: PostgreSQL's memory set as its tuning
    # guide suggests for a dedicated machine (the default 128 MB holds less than the big shop's
    # orders and their lines, so every search would measure page cache churn).
    if [ "$name" = bench ]; then opts="$opts -c shared_buffers=1GB -c effective_cache_size=4GB -c work_mem=16MB"; fi
    # 9>&- : the server must not inherit (and so hold forever) the start lock.
    as_pg "$pgbin/pg_ctl" -D "$pgdata" -l "$pgdata/server.log" -w -t 60 -o "$opts" start >/dev/null 9>&-
    log "postgres on 127.0.0.1:$PG_PORT ($pgdata)"
  fi
  as_pg "$pgbin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'drape'" | grep -q 1 ||
    as_pg "$pgbin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres drape

  if ! redis_running; then
    mkdir -p "$dir/redis"
    if ! port_free "$REDIS_PORT"; then
      REDIS_PORT=$(pick_port "$REDIS_PORT")
      sed -i "s/^REDIS_PORT=.*/REDIS_PORT=$REDIS_PORT/" "$dir/ports"
    fi
    # A port taken between the check and the bind makes redis exit: try the next one.
    for _ in 1 2 3 4 5; do
      redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --dir "$dir/redis" \
        --pidfile "$dir/redis.pid" --logfile "$dir/redis/redis.log" --save "" --appendonly no --databases 1024 >/dev/null 9>&-
      for _ in $(seq 1 50); do redis_running && (exec 3<>"/dev/tcp/127.0.0.1/$REDIS_PORT") 2>/dev/null && break; sleep 0.1; done
      redis_running && break
      REDIS_PORT=$(pick_port $((REDIS_PORT + 1)))
      sed -i "s/^REDIS_PORT=.*/REDIS_PORT=$REDIS_PORT/" "$dir/ports"
    done
    redis_running || { log "redis did not start: see $dir/redis/redis.log"; exit 1; }
    log "redis on 127.0.0.1:$REDIS_PORT"
  fi
  echo "export DATABASE_URL='postgres://postgres@127.0.0.1:$PG_PORT/drape?sslmode=disable'"
  echo "export REDIS_URL='redis://127.0.0.1:$REDIS_PORT/0'"
}

# The S3-compatible object store for tests and `make run` with S3: s3rver, a standalone S3
# server from npm, pinned with its lock file in scripts/s3server/ and installed once per
# machine (about 25 s) into S3SERVER_CACHE. SeaweedFS (the issue's first choice) is served by
# the Go module proxy, but its cold build had not finished after 60 minutes on this machine's
# two shared cores, far past the 6-minute budget: see README "Running at scale". Any S3 server does: set S3_ENDPOINT and the
# keys, and nothing is started.
s3server_src="$root/scripts/s3server"
s3server_cache=${S3SERVER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/drape-tools}
s3server_dir="$s3server_cache/s3server-$(cat "$s3server_src/package-lock.json" | cksum | cut -d' ' -f1)"

ensure_s3server() {
  [ -x "$s3server_dir/node_modules/.bin/s3rver" ] && return 0
  command -v npm >/dev/null 2>&1 || { log "npm is missing: install nodejs and npm, or set S3_ENDPOINT"; exit 1; }
  mkdir -p "$s3server_cache"
  exec 8>"$s3server_cache/s3server.lock"
  flock 8
  if [ ! -x "$s3server_dir/node_modules/.bin/s3rver" ]; then
    log "installing s3rver (npm ci, once per machine)"
    rm -rf "$s3server_dir.tmp"
    mkdir -p "$s3server_dir.tmp"
    cp "$s3server_src/package.json" "$s3server_src/package-lock.json" "$s3server_dir.tmp/"
    (cd "$s3server_dir.tmp" && npm ci --no-audit --no-fund --loglevel=error) >&2
    rm -rf "$s3server_dir"
    mv "$s3server_dir.tmp" "$s3server_dir"
  fi
  flock -u 8
}

s3_running() { [ -f "$dir/s3.pid" ] && kill -0 "$(cat "$dir/s3.pid")" 2>/dev/null; }

# s3 starts the S3 server on a free port, its objects under .data/NAME/s3, and prints the S3_*
# variables that reach it (s3rver takes one fixed key pair, S3RVER).
s3() {
  ensure_s3server
  mkdir -p "$dir/s3/data"
  exec 9>"$dir.s3.lock"
  flock 9
  local port=8400
  [ -f "$dir/s3.port" ] && port=$(cat "$dir/s3.port")
  if ! s3_running; then
    for _ in 1 2 3 4 5; do
      port=$(pick_port "$port")
      setsid node "$s3server_dir/node_modules/.bin/s3rver" -d "$dir/s3/data" -a 127.0.0.1 -p "$port" -s \
        >"$dir/s3/s3.log" 2>&1 8>&- 9>&- &
      echo $! >"$dir/s3.pid"
      for _ in $(seq 1 100); do
        s3_running || break
        curl -s -o /dev/null "http://127.0.0.1:$port/" && break
        sleep 0.1
      done
      s3_running && curl -s -o /dev/null "http://127.0.0.1:$port/" && break
      port=$((port + 1))
    done
    s3_running || { log "the S3 server did not start: see $dir/s3/s3.log"; exit 1; }
    echo "$port" >"$dir/s3.port"
    log "S3 (s3rver) on 127.0.0.1:$port"
  fi
  echo "export S3_ENDPOINT='127.0.0.1:$port'"
  echo "export S3_ACCESS_KEY='S3RVER'"
  echo "export S3_SECRET_KEY='S3RVER'"
  echo "export S3_REGION='us-east-1'"
  echo "export S3_USE_SSL='false'"
}

stop() {
  [ -d "$dir" ] || return 0
  if s3_running; then
    kill "$(cat "$dir/s3.pid")" 2>/dev/null || true
    for _ in $(seq 1 50); do s3_running || break; sleep 0.1; done
  fi
  exec 9>"$dir.lock"
  flock 9
  if redis_running; then kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; fi
  if pg_running; then as_pg "$pgbin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null || true; fi
  log "stopped $name"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  s3) s3 ;;
  *) echo "usage: $0 start|stop|s3 [NAME]" >&2; exit 2 ;;
esac
