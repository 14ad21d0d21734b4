#!/usr/bin/env bash
# Makes sure what the test suite needs is on this machine: Chromium for the browser tests, and the local
# PostgreSQL, MariaDB and Redis servers (started when they are down). Runs before `npm test`.
set -uo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }

if [ ! -x /usr/bin/chromium ]; then
  echo "[prepare-test-env] installing Debian chromium for the browser tests"
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
    || echo "[prepare-test-env] could not install chromium: the browser tests will fail" >&2
fi

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if ! port_open 5432 && [ -d /etc/postgresql ]; then
  echo "[prepare-test-env] starting PostgreSQL"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi
if ! port_open 6379 && command -v redis-server >/dev/null; then
  echo "[prepare-test-env] starting Redis"
  as_root redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no || true
fi
if ! port_open 3306 && [ -x /usr/sbin/mariadbd ]; then
  echo "[prepare-test-env] starting MariaDB"
  as_root start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
fi
exit 0
