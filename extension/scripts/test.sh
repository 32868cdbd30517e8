#!/usr/bin/env bash
# Type-checks, lints, unit-tests, integration-tests and packages the VS Code
# extension; fails on the first failure. Called by the repository's
# scripts/test; needs only Node 20+ and npm (everything else comes from
# `npm ci`). Prints the .vsix path and its file list at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n[extension] %s\n' "$*"; }

# Install (again) when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm ci"
  npm ci --no-audit --no-fund
fi

say "type check and lint"
npm run --silent check

say "icon matches its source"
node scripts/make-icon.mjs --check

say "unit tests"
npm run --silent test:unit

say "integration test (real language server; skips with a reason if it is not available)"
# The language server runs real evaluations; the timeout only guards against a hang.
timeout 1800 npm run --silent test:integration

say "package"
npm run --silent package
node scripts/check-package.mjs
