#!/bin/sh
# tsa.sh - a test RFC 3161 time-stamping authority on 127.0.0.1: its own CA
# and TSA certificate (extendedKeyUsage critical timeStamping) made in DIR,
# `openssl ts -reply` served over HTTP by server.py. Nothing leaves the
# machine.
# Usage: tsa.sh start DIR   make DIR (a new authority with a new CA unless
#                           DIR holds one), start the server, print its URL
#        tsa.sh stop DIR    stop the server (DIR is kept)
#        tsa.sh url DIR     print the URL of the running server
# Paths other than / answer as a failing authority would: /http-CODE that
# HTTP status, /not-tsa 200 with bytes that are no response, /reject a
# rejection (only SHA-512 imprints accepted), /big 200 with 1 MiB + 1
# bytes (more than prereg reads), /replay the last token granted on / again
# (a token for another request; 409 before the first).
# Files in DIR: url (http://127.0.0.1:PORT/), ca.pem (the CA to verify
# with), pid, server.log. Two DIRs are two authorities of unrelated CAs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

die() {
	echo "tsa.sh: $*" >&2
	exit 1
}

# The CA, the TSA's key and certificate, openssl.cnf with [tsa].
make_authority() {
	d=$1
	cat >"$d/openssl.cnf" <<CNF
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ ca_ext ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ tsa_ext ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = $d
serial = \$dir/serial
crypto_device = builtin
signer_cert = \$dir/tsa.pem
certs = \$dir/ca.pem
signer_key = \$dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[ tsa_reject ]
dir = $d
serial = \$dir/serial
crypto_device = builtin
signer_cert = \$dir/tsa.pem
signer_key = \$dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha512
ess_cert_id_alg = sha256
CNF
	name=$(basename "$d")
	openssl req -config "$d/openssl.cnf" -x509 -newkey ec \
		-pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
		-subj "/O=prereg test/CN=test CA $name" -extensions ca_ext \
		-keyout "$d/ca.key" -out "$d/ca.pem" 2>/dev/null
	openssl req -config "$d/openssl.cnf" -new -newkey ec \
		-pkeyopt ec_paramgen_curve:P-256 -nodes \
		-subj "/O=prereg test/CN=test TSA $name" \
		-keyout "$d/tsa.key" -out "$d/tsa.csr" 2>/dev/null
	openssl x509 -req -in "$d/tsa.csr" -CA "$d/ca.pem" \
		-CAkey "$d/ca.key" -CAcreateserial -days 30 \
		-extfile "$d/openssl.cnf" -extensions tsa_ext \
		-out "$d/tsa.pem" 2>/dev/null
	echo 01 >"$d/serial"
}

start() {
	d=$1
	[ -f "$d/pid" ] && kill -0 "$(cat "$d/pid")" 2>/dev/null &&
		die "an authority already runs in '$d'"
	mkdir -p "$d"
	d=$(cd "$d" && pwd)
	[ -f "$d/tsa.pem" ] || make_authority "$d" ||
		die "cannot make the certificates in '$d'"
	rm -f "$d/url"
	python3 "$here/server.py" "$d" </dev/null >"$d/server.log" 2>&1 &
	echo $! >"$d/pid"
	i=0
	while [ ! -s "$d/url" ]; do
		kill -0 "$(cat "$d/pid")" 2>/dev/null ||
			die "the server did not start: $(cat "$d/server.log")"
		i=$((i + 1))
		[ $i -le 100 ] || die "the server did not start in 10 s"
		sleep 0.1
	done
	cat "$d/url"
}

stop() {
	d=$1
	[ -f "$d/pid" ] || return 0
	kill "$(cat "$d/pid")" 2>/dev/null || true
	rm -f "$d/pid" "$d/url"
}

[ $# = 2 ] || die "usage: tsa.sh start|stop|url DIR"
case $1 in
start) start "$2" ;;
stop) stop "$2" ;;
url) [ -s "$2/url" ] || die "no authority runs in '$2'"; cat "$2/url" ;;
*) die "usage: tsa.sh start|stop|url DIR" ;;
esac
