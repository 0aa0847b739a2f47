#!/usr/bin/env bash
# Installs the Debian packages the test suite needs, only those that are missing: zbar (QR
# decoding), poppler (PDF to PNG), chromium (browser tests), URW's CFF fonts, postgresql (the
# storage tests run against a throwaway cluster too; tests/tracker/test_postgres.py starts it on
# loopback).
set -euo pipefail
need=()
command -v zbarimg >/dev/null || need+=(zbar-tools)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
command -v chromium >/dev/null || need+=(chromium)
# OpenType fonts with PostScript (CFF) outlines for `domekit cards --font X.otf` (tests/cards)
[ -d /usr/share/fonts/opentype/urw-base35 ] || need+=(fonts-urw-base35)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null \
    || need+=(postgresql)
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing Debian packages: ${need[*]}"
$SUDO apt-get update -qq
# Debian's postgresql package starts a system cluster on port 5432; the tests use their own.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
