#!/usr/bin/env bash
# Runs a command on Node 24 with the workspace installed.
# Node 24 comes from the npm registry (package node@24) into .tools/ when the machine's
# Node is older; npm packages are installed when package-lock.json changed since the last
# install. Everything lands inside the checkout, so a second run reuses it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools/node24"

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(major node)" != "24" ]; then
  if [ ! -x "$tools/node_modules/.bin/node" ] || [ "$(major "$tools/node_modules/.bin/node")" != "24" ]; then
    echo "[node24] fetching Node 24 from the npm registry into .tools/node24" >&2
    mkdir -p "$tools"
    printf '{"name":"node24-tool","private":true,"allowScripts":{"node":true}}\n' > "$tools/package.json"
    (cd "$tools" && npm install --no-audit --no-fund --loglevel=error node@24 >&2)
  fi
  export PATH="$tools/node_modules/.bin:$PATH"
fi

stamp="$root/node_modules/.install-stamp"
if [ ! -f "$stamp" ] || [ "$root/package-lock.json" -nt "$stamp" ]; then
  echo "[node24] installing npm packages" >&2
  # npm install, not npm ci: this npm writes only this platform's optional binaries into the lock
  # file and then refuses it in `npm ci`. With the lock file present it installs exactly its versions.
  (cd "$root" && npm install --no-audit --no-fund --loglevel=error >&2)
  touch "$stamp"
fi

export PATH="$root/node_modules/.bin:$PATH"
exec "$@"
