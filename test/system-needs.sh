#!/usr/bin/env bash
# What the test suite needs from the machine beyond npm: Debian's Chromium (browser tests), nginx
# (the replicas test), python3 with pandas and requests (the notebook guide), and PostgreSQL and
# Redis answering on 127.0.0.1. Run by `npm test` (test/run.sh), and so by CI.
#
#   system-needs.sh services   starts a stopped PostgreSQL or Redis; fails when one does not answer
#   system-needs.sh check      lists the missing packages; when some are missing and we are not root,
#                              prints the exact install command and fails (a suite that needs a tool
#                              never skips silently)
#   system-needs.sh install    installs the missing packages (root)
#   system-needs.sh            all three, in that order
set -uo pipefail

missing_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  /usr/bin/python3 -c 'import pandas' 2>/dev/null || missing+=(python3-pandas)
  /usr/bin/python3 -c 'import requests' 2>/dev/null || missing+=(python3-requests)
  echo "${missing[*]:-}"
}

check() {
  local missing
  missing=$(missing_packages)
  if [ -n "$missing" ] && [ "$(id -u)" -ne 0 ]; then
    echo "The tests need Debian packages that are not installed. Run: sudo apt-get update && sudo apt-get install -y --no-install-recommends $missing" >&2
    return 1
  fi
  return 0
}

install() {
  local missing
  missing=$(missing_packages)
  [ -z "$missing" ] && return 0
  local cmd="apt-get install -y --no-install-recommends $missing"
  echo "Installing what the tests need: $missing" >&2
  # apt's package lists may be absent or stale on a new machine; one retry covers a mirror hiccup.
  # shellcheck disable=SC2086
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive $cmd -qq; } >/dev/null ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive $cmd -qq; } >/dev/null ||
    { echo "Could not install $missing: run $cmd and see its output." >&2; return 1; }
  missing=$(missing_packages)
  [ -z "$missing" ] || { echo "Still missing after $cmd: $missing" >&2; return 1; }
}

services() {
  pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
  redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
  if ! pg_up; then
    if [ "$(id -u)" -eq 0 ] && [ -d /etc/postgresql ]; then
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start >/dev/null 2>&1
    fi
    for _ in $(seq 1 50); do pg_up && break; sleep 0.2; done
    pg_up || { echo "PostgreSQL is not answering on 127.0.0.1:5432 (trust auth, database test); start it and run again." >&2; return 1; }
  fi
  if ! redis_up; then
    command -v redis-server >/dev/null &&
      redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null 2>&1
    for _ in $(seq 1 50); do redis_up && break; sleep 0.2; done
    redis_up || { echo "Redis is not answering on 127.0.0.1:6379; start it and run again." >&2; return 1; }
  fi
}

case "${1:-all}" in
  services) services ;;
  check) check ;;
  install) install ;;
  all) services && check && install ;;
  *) echo "usage: $0 [services|check|install]" >&2; exit 2 ;;
esac
