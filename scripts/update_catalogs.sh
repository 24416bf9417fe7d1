#!/usr/bin/env bash
# Re-extract the template strings and merge them into every catalog.
# After running it, translate the new or fuzzy entries in locales/*/LC_MESSAGES/messages.po.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel extract -F locales/babel.cfg -o locales/messages.pot --no-location --sort-output \
  --project="Sacred Wire 28" --version=0.9.0-beta --copyright-holder=LuisMars --msgid-bugs-address="" .
pybabel update -i locales/messages.pot -d locales --ignore-obsolete --no-wrap
