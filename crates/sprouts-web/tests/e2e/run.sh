#!/usr/bin/env bash
# Runs the end-to-end browser test: builds the sprouts binary, installs
# playwright-core from the committed lock file when missing or stale, then
# runs e2e.test.mjs with node's test runner. Needs node, npm and Debian's
# chromium (.ci/run installs them). The screenshot goes to target/e2e/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"

for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "e2e: $tool is missing" >&2; exit 1; }
done
chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
[ -x "$chromium_bin" ] || { echo "e2e: no Chromium at $chromium_bin (apt-get install chromium)" >&2; exit 1; }

(cd "$root" && cargo build --quiet -p sprouts-cli --bin sprouts)

cd "$here"
# npm ci only when node_modules was not installed from this very lock file.
stamp="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat node_modules/.lock-stamp 2>/dev/null)" != "$stamp" ]; then
  # (.ci/run's retry, when it runs this: the registry is over the network.)
  if declare -F retry >/dev/null; then
    retry npm ci --no-audit --no-fund --loglevel=error
  else
    npm ci --no-audit --no-fund --loglevel=error
  fi
  echo "$stamp" > node_modules/.lock-stamp
fi
SPROUTS_BIN="${SPROUTS_BIN:-$root/target/debug/sprouts}" node --test e2e.test.mjs
