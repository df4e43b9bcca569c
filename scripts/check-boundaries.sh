#!/usr/bin/env bash
# Module boundaries: a module imports platform, modules/bible and other
# modules' *api packages only; platform imports no module.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
while read -r pkg imports; do
  rel=${pkg#lamplight/}
  for imp in $imports; do
    case "$imp" in lamplight/modules/*) ;; *) continue ;; esac
    target=${imp#lamplight/modules/}
    case "$rel" in
      platform/*)
        echo "$pkg imports $imp: platform must not import modules"; bad=1 ;;
      modules/*)
        own=$(echo "$rel" | cut -d/ -f2)
        [ "$own" = "projections" ] && own="projections/$(echo "$rel" | cut -d/ -f3)"
        case "$target" in "$own"|"$own"/*|bible|bible/*) continue ;; esac
        case "${target##*/}" in *api) continue ;; esac
        echo "$pkg imports $imp: use that module's *api package"; bad=1 ;;
    esac
  done
done < <(go list -f '{{.ImportPath}} {{join .Imports " "}}' ./... )
if [ "$bad" != 0 ]; then
  exit 1
fi
echo "module boundaries ok"
