#!/usr/bin/env bash
# Installs the Debian packages the test suite needs, only those that are missing.
set -euo pipefail
need=()
command -v zbarimg >/dev/null || need+=(zbar-tools)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
command -v chromium >/dev/null || need+=(chromium)
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing Debian packages: ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
