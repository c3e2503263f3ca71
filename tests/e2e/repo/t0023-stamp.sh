#!/bin/sh
# t0023: prereg pin --tsa asks an RFC 3161 authority (a test one, made and
# served on 127.0.0.1 by tests/tsa/tsa.sh) for a token over the pin's
# statement and commits it beside the prediction; openssl verifies it
# against the test CA; an authority that cannot be reached leaves the pin
# standing, unanchored; --tsa on an existing pin adds its token
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
tsa=$TOP/tests/tsa/tsa.sh
if ! command -v openssl >/dev/null || ! command -v python3 >/dev/null; then
	echo "1..0 # SKIP needs openssl and python3 for the test authority"
	exit 0
fi
sh "$tsa" start "$SCRATCH/tsa" >"$SCRATCH/tsa-url" 2>"$SCRATCH/tsa-err" || {
	echo "not ok 1 - the test authority starts"
	sed 's/^/#   /' "$SCRATCH/tsa-err"
	echo "1..1"
	exit 0
}
trap 'sh "$tsa" stop "$SCRATCH/tsa" >/dev/null 2>&1; rm -rf "$SCRATCH"' EXIT
url=$(cat "$SCRATCH/tsa/url")
new_repo "$SCRATCH/repo"
vader_only || exit 1
"$PREREG" predict t-calib >/dev/null

expect_exit 0 "pin with --tsa" "$PREREG" pin t-calib --tsa "$url"
expect_out "it says the pin is time-stamped" \
	"time-stamped prereg/pin/t-calib/1: predictions/t-calib.pin-1.tsr"
check "the token is committed, alone, right after the pin" sh -c \
	"[ \"\$(git show --name-only --format=%s HEAD)\" = \"prereg stamp t-calib (1)

predictions/t-calib.pin-1.tsr\" ] &&
	 git rev-parse -q --verify HEAD^ >/dev/null &&
	 [ \"\$(git rev-parse HEAD^)\" = \"\$(git rev-parse prereg/pin/t-calib/1^{commit})\" ]"
check "the stamp commit records the authority and the nonce" sh -c \
	"git log -1 --format=%B | grep -q '^authority: $url\$' &&
	 git log -1 --format=%B | grep -qE '^nonce: [0-9]+\$'"
check "the work tree is clean" sh -c '[ -z "$(git status --porcelain)" ]'
# the statement of DESIGN (repo/tsa.h), verified with openssl alone
commit=$(git rev-parse prereg/pin/t-calib/1^{commit})
printf 'prereg pin\nexperiment t-calib\nk 1\ncommit %s\nspec %s\nprediction %s\n' \
	"$commit" "$(git rev-parse "$commit:experiments/t-calib/experiment.ini")" \
	"$(git rev-parse "$commit:predictions/t-calib.json")" >"$SCRATCH/statement"
check "openssl verifies the token against the test CA" \
	openssl ts -verify -in predictions/t-calib.pin-1.tsr \
	-data "$SCRATCH/statement" -CAfile "$SCRATCH/tsa/ca.pem"
echo tampered >>"$SCRATCH/statement"
check "and refuses it for another statement" sh -c \
	"! openssl ts -verify -in predictions/t-calib.pin-1.tsr \
	-data '$SCRATCH/statement' -CAfile '$SCRATCH/tsa/ca.pem' 2>/dev/null"
expect_exit 0 "--tsa again: already stamped" "$PREREG" pin t-calib --tsa "$url"
expect_out "nothing asked" "already time-stamped: prereg/pin/t-calib/1"
check "no second stamp commit" sh -c \
	"[ \$(git log --format=%s | grep -c '^prereg stamp') = 1 ]"
expect_exit 0 "the run is not refused by the stamp commit" \
	"$PREREG" run t-calib --launches 1 --reps 1
runA=$(ls runs/t-calib | grep -v ledger)
ca="$SCRATCH/tsa/ca.pem"
expect_exit 0 "the audit trusting the test CA" "$PREREG" audit --tsa-ca "$ca"
cp "$SCRATCH/out" "$SCRATCH/audit"
check "the run is time-anchored, its timestamp check passing" sh -c \
	"grep -qE '$runA +complete +time-anchored +( P){10} - -\$' '$SCRATCH/audit'"
check "the summary counts it" \
	grep -q "^1 runs: 1 time-anchored, 0 anchored" "$SCRATCH/audit"
expect_exit 0 "--json says why" "$PREREG" audit --tsa-ca "$ca" --json
expect_out "the authority's clock and the run host's are named" \
	"the authority's clock.*before the run's start.*the run host's clock"
expect_exit 1 "the audit with the system's CAs only" "$PREREG" audit
expect_out "the token fails the signature check" \
	"timestamp: predictions/t-calib.pin-1.tsr fails the signature check"
sh "$tsa" start "$SCRATCH/other" >/dev/null 2>&1
expect_exit 1 "the audit trusting another authority's CA" \
	"$PREREG" audit --tsa-ca "$SCRATCH/other/ca.pem"
expect_out "fails the signature check too" "fails the signature check"
sh "$tsa" stop "$SCRATCH/other" >/dev/null 2>&1
expect_exit 2 "an unreadable --tsa-ca" "$PREREG" audit --tsa-ca /nonexistent

# a valid token, but a manifest without its start time: forged in a copy
# as a careful forger does (the ledger line holds the edited manifest's
# hash, the run commit rewritten in place), so the token has nothing to
# be held against; the timestamp check says so (the dates check fails
# too: it has no start either)
cp -a "$SCRATCH/repo" "$SCRATCH/nostart"
(
	cd "$SCRATCH/nostart" || exit 1
	python3 - "runs/t-calib/$runA/manifest.json" runs/t-calib/ledger.jsonl \
		"$runA" <<'PY'
import hashlib, json, sys
path, ledger, run = sys.argv[1:4]
m = json.load(open(path))
del m["started"]
text = json.dumps(m, indent=2, sort_keys=True) + "\n"
open(path, "w").write(text)
out = []
for l in open(ledger).read().splitlines():
    j = json.loads(l)
    if j["run_id"] == run:
        j["manifest_sha256"] = hashlib.sha256(text.encode()).hexdigest()
        l = json.dumps(j, separators=(",", ":"))
    out.append(l)
open(ledger, "w").write("\n".join(out) + "\n")
PY
	git add -A runs && git commit -q --amend --no-edit
)
cd "$SCRATCH/nostart" || exit 1
expect_exit 1 "the audit of a stamped run whose manifest has no start" \
	"$PREREG" audit --tsa-ca "$ca"
cp "$SCRATCH/out" "$SCRATCH/audit-nostart"
expect_out "the timestamp check: the token is valid, but no start to hold it against" \
	"$runA timestamp: predictions/t-calib.pin-1.tsr is valid \(.*\), but the manifest has no start time to hold it against"
check "the run is broken by dates and timestamp alone" sh -c \
	"grep -qE '$runA +complete +broken ' '$SCRATCH/audit-nostart' &&
	 [ \"\$(grep -oE '^ *$runA [a-z]+:' '$SCRATCH/audit-nostart' |
	        awk '{print \$2}' | sort | tr '\n' ' ')\" = 'dates: timestamp: ' ]"
cd "$SCRATCH/repo" || exit 1

# an authority that cannot be reached: the pin stands, unanchored
sed 's/^reps = 5/reps = 4/' experiments/t-calib/experiment.ini >x &&
	mv x experiments/t-calib/experiment.ini
git commit -q -am "t-calib: 4 reps"
"$PREREG" predict t-calib >/dev/null
head=$(git rev-parse HEAD)
expect_exit 1 "pin with an unreachable authority" \
	"$PREREG" pin t-calib --tsa "http://127.0.0.1:9/"
expect_out "it names the authority" \
	"cannot reach time-stamping authority 'http://127.0.0.1:9/'"
expect_out "and says the pin stands, unanchored" \
	"prereg/pin/t-calib/2 stands, unanchored"
check "the pin is made" git rev-parse -q --verify prereg/pin/t-calib/2
check "no token file, no stamp commit" sh -c \
	"[ ! -e predictions/t-calib.pin-2.tsr ] &&
	 [ \"\$(git rev-parse HEAD^)\" = '$head' ]"
# a run under pin 2 before its token exists: the token comes too late
"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
runB=$(ls runs/t-calib | grep -v ledger | grep -v "$runA")
# libcurl is loaded only to fetch a token (src/repo/tsa.c): where it
# cannot be (hidden here by /dev/null, bound over it in a mount namespace
# of the command's own), any other command runs, and the fetch fails
# naming it, the pin standing unanchored
curl_so=$(ldconfig -p |
	sed -n 's/^[[:space:]]*libcurl\.so\.4 (libc6,x86-64) => //p' | head -n 1)
hide="mount --bind /dev/null '$(readlink -f "$curl_so")'"
if [ "$(id -u)" = 0 ] && [ -n "$curl_so" ] &&
	unshare -m sh -c "$hide" 2>/dev/null; then
	expect_exit 0 "without libcurl, prereg list runs" \
		unshare -m sh -c "$hide && exec \"\$0\" list" "$PREREG"
	expect_exit 1 "without libcurl, --tsa fails" unshare -m sh -c \
		"$hide && exec \"\$0\" pin t-calib --tsa \"\$1\"" "$PREREG" "$url"
	expect_out "naming libcurl and its package" \
		"cannot reach time-stamping authority '$url': libcurl cannot be loaded \(.*\); it is Debian's libcurl4"
	check "no token file" test ! -e predictions/t-calib.pin-2.tsr
else
	ok "# SKIP libcurl hidden: needs root, unshare -m, a bind mount and libcurl.so.4"
fi
# the token of the next pin must come in a second after the run's start
wait_second_after "$(sed -n 's/^  "started": "\(.*\)",*$/\1/p' \
	"runs/t-calib/$runB/manifest.json")"
expect_exit 0 "--tsa later adds the token to the existing pin" \
	"$PREREG" pin t-calib --tsa "$url"
expect_out "the existing pin, stamped" \
	"time-stamped prereg/pin/t-calib/2: predictions/t-calib.pin-2.tsr"
# [pin] tsa in the spec: a new pin is stamped without the option
printf '[pin]\ntsa = %s\n' "$url" >>experiments/t-calib/experiment.ini
git commit -q -am "t-calib: [pin] tsa"
"$PREREG" predict t-calib >/dev/null
expect_exit 0 "pin with [pin] tsa in the spec" "$PREREG" pin t-calib
expect_out "stamped from the spec's authority" \
	"time-stamped prereg/pin/t-calib/3"
expect_exit 1 "the audit of a run older than its pin's token" \
	"$PREREG" audit --tsa-ca "$ca"
expect_out "the token's time is after the run's start" \
	"timestamp: predictions/t-calib.pin-2.tsr: the authority's time .* is after the run's start"
cp "$SCRATCH/out" "$SCRATCH/audit"
check "that run is broken, the first still time-anchored" sh -c \
	"grep -qE '$runB +complete +broken' '$SCRATCH/audit' &&
	 grep -qE '$runA +complete +time-anchored' '$SCRATCH/audit'"
# a token of another pin put in place of pin 3's
cp predictions/t-calib.pin-1.tsr predictions/t-calib.pin-3.tsr
git commit -q -am "swap pin 3's token"
"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
expect_exit 1 "the audit of a run whose pin holds another pin's token" \
	"$PREREG" audit --tsa-ca "$ca"
expect_out "the token fails the imprint check" \
	"predictions/t-calib.pin-3.tsr fails the imprint check"
# .prereg.ini's [pin] tsa: the repository's default authority
sed '/^\[pin\]/,$d' experiments/t-calib/experiment.ini >x &&
	mv x experiments/t-calib/experiment.ini
printf '[pin]\ntsa = %s\n' "$url" >.prereg.ini
git add .prereg.ini && git commit -q -am "t-calib: no [pin]; .prereg.ini"
"$PREREG" predict t-calib >/dev/null
expect_exit 0 "pin with tsa in .prereg.ini only" "$PREREG" pin t-calib
expect_out "stamped from the repository's authority" \
	"time-stamped prereg/pin/t-calib/4: predictions/t-calib.pin-4.tsr"
# a second token of pin 4 over the same statement, committed with the
# message (and nonce) of the first: only the nonce tells them apart
commit4=$(git rev-parse prereg/pin/t-calib/4^{commit})
printf 'prereg pin\nexperiment t-calib\nk 4\ncommit %s\nspec %s\nprediction %s\n' \
	"$commit4" "$(git rev-parse "$commit4:experiments/t-calib/experiment.ini")" \
	"$(git rev-parse "$commit4:predictions/t-calib.json")" >"$SCRATCH/statement4"
openssl ts -query -data "$SCRATCH/statement4" -sha256 -cert \
	-out "$SCRATCH/query4" 2>/dev/null
python3 -c 'import sys, urllib.request as u
r = u.Request(sys.argv[1], data=open(sys.argv[2], "rb").read(),
              headers={"Content-Type": "application/timestamp-query"})
sys.stdout.buffer.write(u.urlopen(r).read())' "$url" "$SCRATCH/query4" \
	>predictions/t-calib.pin-4.tsr
git log -1 --format=%B HEAD >"$SCRATCH/stamp4-message"
git commit -q -a -F "$SCRATCH/stamp4-message"
check "the second token is valid for pin 4's statement" \
	openssl ts -verify -in predictions/t-calib.pin-4.tsr \
	-data "$SCRATCH/statement4" -CAfile "$ca"
"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
expect_exit 1 "the audit of a run whose token's nonce is not the recorded" \
	"$PREREG" audit --tsa-ca "$ca"
expect_out "the token fails the nonce check" \
	"predictions/t-calib.pin-4.tsr fails the nonce check"
printf '[pin]\ntsa = %s\nretries = 3\n' "$url" >.prereg.ini
sed 's/^reps = .*/reps = 5/' experiments/t-calib/experiment.ini >x &&
	mv x experiments/t-calib/experiment.ini
git commit -q -am "t-calib: 5 reps; a bad .prereg.ini"
"$PREREG" predict t-calib >/dev/null
head=$(git rev-parse HEAD)
expect_exit 2 "an unknown key in .prereg.ini" "$PREREG" pin t-calib
expect_out "named, with the keys known" \
	".prereg.ini: unknown key 'retries' in \\[pin\\] \\(known: tsa in \\[pin\\]\\)"
check "nothing pinned" sh -c "[ \"\$(git rev-parse HEAD)\" = '$head' ] &&
	! git rev-parse -q --verify prereg/pin/t-calib/5"
printf '[pin]\ntsa = gopher://x\n' >.prereg.ini
expect_exit 2 "a .prereg.ini tsa that is no http URL" "$PREREG" pin t-calib
expect_out "is refused" ".prereg.ini: 'tsa' must be an http:// or https:// URL"
rm .prereg.ini
git commit -q -am "no .prereg.ini"
expect_exit 2 "a spec's tsa that is no http URL is refused" sh -c \
	"printf '[pin]\\ntsa = ftp://x\\n' >>experiments/t-calib/experiment.ini &&
	 '$PREREG' predict t-calib"
expect_out "naming the key" "'tsa' must be an http:// or https:// URL"
echo "1..$n"
