#!/bin/sh
# deps.sh - install the Debian packages prereg needs (make deps).
# As root: apt-get installs what is missing. Otherwise: print the command.
set -eu
# one dpkg-query for all (each call reads dpkg's database: 0.2 s apiece)
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null |
	sed -n 's/^\([^ ]*\) install ok installed$/\1/p')
missing=""
for p in "$@"; do
	printf '%s\n' "$installed" | grep -qxF "$p" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "prereg: missing Debian packages:$missing" >&2
	echo "prereg: run as root: apt-get update && apt-get install -y$missing" >&2
	exit 1
fi
echo "prereg: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
