#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (browser downloads are not possible here).
# Installs it with apt when it is missing; needs root, as on the project's machines.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium for the end-to-end tests…"
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing and this user cannot install it: run 'sudo apt-get install chromium'" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-liberation >/dev/null
