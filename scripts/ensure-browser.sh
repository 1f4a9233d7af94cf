#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser); CJK fonts render the
# Chinese lessons. Installs both when missing.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium fonts-noto-cjk
