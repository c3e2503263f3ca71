#!/bin/sh
# t0025: prereg pin --sign signs the pin commit with an SSH key in git's
# own format (git verify-commit accepts it); the audit's signature check
# holds it against --allowed-signers: a good signature grades the run
# signed, a key no allowed signer holds and a tampered commit fail the
# check, no allowed signers at all is a warning
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
if ! command -v ssh-keygen >/dev/null; then
	echo "1..0 # SKIP needs ssh-keygen (openssh-client)"
	exit 0
fi
ssh-keygen -q -t ed25519 -N '' -C test -f "$SCRATCH/key"
ssh-keygen -q -t ed25519 -N '' -C other -f "$SCRATCH/other"
echo "test@example.invalid namespaces=\"git\" $(cat "$SCRATCH/key.pub")" \
	>"$SCRATCH/allowed"
echo "other@example.invalid namespaces=\"git\" $(cat "$SCRATCH/other.pub")" \
	>"$SCRATCH/allowed-other"
export GIT_CONFIG_GLOBAL="$SCRATCH/gitconfig"
: >"$GIT_CONFIG_GLOBAL"
new_repo "$SCRATCH/repo"
"$PREREG" predict t-calib >/dev/null

# refused before anything is pinned: git's default format, then no key
expect_exit 2 "--sign with git's default gpg.format" \
	"$PREREG" pin t-calib --sign
expect_out "it says which config to set" "git config gpg.format ssh"
git config gpg.format ssh
expect_exit 2 "--sign without user.signingkey" "$PREREG" pin t-calib --sign
expect_out "it names user.signingkey" "no user.signingkey"
check "nothing was pinned" sh -c \
	'[ -z "$(git tag -l "prereg/pin/*")" ] &&
	 [ "$(git log --format=%s -1)" = "test experiments" ]'
git config user.signingkey "$SCRATCH/key"

expect_exit 0 "pin --sign" "$PREREG" pin t-calib --sign
expect_out "it says the pin is signed" "^signed [0-9a-f]{12} with "
check "git verify-commit accepts the pin commit" \
	git -c gpg.ssh.allowedSignersFile="$SCRATCH/allowed" verify-commit \
	"prereg/pin/t-calib/1^{commit}"
check "and refuses it against another key" sh -c \
	"! git -c gpg.ssh.allowedSignersFile='$SCRATCH/allowed-other' \
	 verify-commit 'prereg/pin/t-calib/1^{commit}' 2>/dev/null"
expect_exit 0 "--sign again: signed already" "$PREREG" pin t-calib --sign
expect_out "nothing new" "prereg/pin/t-calib/1 is signed already"

expect_exit 0 "the run" "$PREREG" run t-calib --launches 1 --reps 1
runA=$(ls runs/t-calib | grep -v ledger)
expect_exit 0 "the audit with the allowed signers" \
	"$PREREG" audit --allowed-signers "$SCRATCH/allowed"
cp "$SCRATCH/out" "$SCRATCH/audit"
check "the run is signed, every check passing" sh -c \
	"grep -qE '$runA +complete +signed +( P){9} - P -\$' '$SCRATCH/audit'"
check "the summary counts it" \
	grep -q "^1 runs: 1 signed, 0 anchored" "$SCRATCH/audit"
expect_exit 0 "--json" "$PREREG" audit --allowed-signers "$SCRATCH/allowed" \
	--json
cp "$SCRATCH/out" "$SCRATCH/json"
check "its summary counts it" grep -q '"signed": 1' "$SCRATCH/json"
check "the reason names the signer and its key" grep -q \
	"is signed by test@example.invalid (ED25519 key SHA256:" \
	"$SCRATCH/json"
expect_exit 0 "the audit with no allowed signers" "$PREREG" audit
cp "$SCRATCH/out" "$SCRATCH/audit"
check "is anchored, the signature a warning" sh -c \
	"grep -qE '$runA +complete +anchored +( P){9} - W -\$' '$SCRATCH/audit' &&
	 grep -q 'no allowed signers to hold the key against' '$SCRATCH/audit'"
expect_exit 1 "the audit with another signer's key" \
	"$PREREG" audit --allowed-signers "$SCRATCH/allowed-other"
expect_out "the signature check fails" \
	"signature: pin commit [0-9a-f]{12} is signed by ED25519 key .* no allowed signer"
git config gpg.ssh.allowedSignersFile "$SCRATCH/allowed"
expect_exit 0 "git's gpg.ssh.allowedSignersFile is the default" \
	"$PREREG" audit
expect_out "signed by it" "^1 runs: 1 signed"
expect_exit 2 "an unreadable --allowed-signers" \
	"$PREREG" audit --allowed-signers /nonexistent
git config --unset gpg.ssh.allowedSignersFile

# an allowed signer's valid-after/valid-before: ssh-keygen applies them
# at the time of the audit (prereg passes no -Overify-time), so a key
# whose window has closed no longer holds the pins it signed
window() {
	echo "test@example.invalid namespaces=\"git\",$1 $(cat "$SCRATCH/key.pub")" \
		>"$SCRATCH/allowed-window"
}
window 'valid-after="20200101",valid-before="20991231"'
expect_exit 0 "a window that holds today" \
	"$PREREG" audit --allowed-signers "$SCRATCH/allowed-window"
expect_out "the run is signed" "^1 runs: 1 signed"
window 'valid-before="20200101"'
expect_exit 1 "a window closed before today (and before the signing)" \
	"$PREREG" audit --allowed-signers "$SCRATCH/allowed-window"
expect_out "the key is no allowed signer's now" \
	"signature: pin commit [0-9a-f]{12} is signed by ED25519 key .* no allowed signer"
window 'valid-after="20991231"'
expect_exit 1 "a window that opens after today" \
	"$PREREG" audit --allowed-signers "$SCRATCH/allowed-window"
expect_out "the key is no allowed signer's yet" \
	"signature: pin commit [0-9a-f]{12} is signed by ED25519 key .* no allowed signer"

# a forger edits a signed pin commit and keeps its signature: the pin's
# tree, tag and run are all consistent, only the signature tells
sed 's/^reps = 5/reps = 4/' experiments/t-calib/experiment.ini >x &&
	mv x experiments/t-calib/experiment.ini
git commit -q -am "t-calib: 4 reps"
"$PREREG" predict t-calib >/dev/null
expect_exit 0 "a second signed pin" "$PREREG" pin t-calib --sign
pin2=$(git rev-parse prereg/pin/t-calib/2^{commit})
git cat-file commit "$pin2" >"$SCRATCH/commit"
printf 'edited after signing\n' >>"$SCRATCH/commit"
forged=$(git hash-object -t commit -w "$SCRATCH/commit")
git update-ref refs/heads/main "$forged" "$pin2"
git tag -d prereg/pin/t-calib/2 >/dev/null
check "its tag restored on the forged commit" "$PREREG" pin --restore-tags
check "git verify-commit refuses the forged commit" sh -c \
	"! git -c gpg.ssh.allowedSignersFile='$SCRATCH/allowed' \
	 verify-commit $forged 2>/dev/null"
expect_exit 0 "a run under the forged pin" "$PREREG" run t-calib --launches 1 --reps 1
runB=$(ls runs/t-calib | grep -v ledger | grep -v "$runA")
expect_exit 1 "the audit" "$PREREG" audit --allowed-signers "$SCRATCH/allowed"
cp "$SCRATCH/out" "$SCRATCH/audit"
check "the forged pin's run is broken by its signature check alone" sh -c \
	"grep -qE '$runB +complete +broken +( P){9} - F -\$' '$SCRATCH/audit'"
check "which says the signature does not verify" grep -q \
	"$runB signature: the signature of pin commit ${forged%${forged#????????????}} does not verify" \
	"$SCRATCH/audit"
check "the first run stays signed" sh -c \
	"grep -qE '$runA +complete +signed ' '$SCRATCH/audit'"

# a pin commit signed with OpenPGP (git's default format, gpg): prereg
# checks SSH signatures only, so the check is a warning naming git
# verify-commit, the run anchored, not signed and not broken
if command -v gpg >/dev/null && command -v gpgconf >/dev/null; then
	GNUPGHOME="$SCRATCH/g"
	export GNUPGHOME
	mkdir -m 700 "$GNUPGHOME"
	gpg --batch --passphrase '' --quick-gen-key \
		'pgp <pgp@example.invalid>' ed25519 sign never >/dev/null 2>&1
	fpr=$(gpg --list-secret-keys --with-colons 2>/dev/null |
		awk -F: '/^fpr/ { print $10; exit }')
	sed 's/^reps = 4/reps = 3/' experiments/t-calib/experiment.ini >x &&
		mv x experiments/t-calib/experiment.ini
	git commit -q -am "t-calib: 3 reps"
	"$PREREG" predict t-calib >/dev/null
	"$PREREG" pin t-calib >/dev/null
	pin3=$(git rev-parse prereg/pin/t-calib/3^{commit})
	check "the pin commit is HEAD, re-signed with OpenPGP by git" sh -c \
		"[ \"\$(git rev-parse HEAD)\" = '$pin3' ] &&
		 git -c gpg.format=openpgp -c user.signingkey='$fpr' \
		 commit -q --amend --no-edit -S"
	pgp=$(git rev-parse HEAD)
	git tag -d prereg/pin/t-calib/3 >/dev/null
	check "its tag restored on the OpenPGP-signed commit" \
		"$PREREG" pin --restore-tags
	check "git verify-commit accepts it with gpg" sh -c \
		"git verify-commit $pgp 2>&1 | grep -q 'Good signature'"
	expect_exit 0 "a run under the OpenPGP-signed pin" \
		"$PREREG" run t-calib --launches 1 --reps 1
	runC=$(ls runs/t-calib | grep -v ledger | grep -v "$runA" |
		grep -v "$runB")
	expect_exit 1 "the audit (the forged pin's run still broken)" \
		"$PREREG" audit --allowed-signers "$SCRATCH/allowed"
	cp "$SCRATCH/out" "$SCRATCH/audit"
	check "the OpenPGP-signed pin's run is anchored, its signature a warning" \
		sh -c "grep -qE '$runC +complete +anchored +( P){9} - W -\$' \
		'$SCRATCH/audit'"
	check "which names OpenPGP and git verify-commit" grep -q \
		"$runC signature: pin commit ${pgp%${pgp#????????????}} is signed with OpenPGP or X.509; prereg checks SSH signatures only ('git verify-commit ${pgp%${pgp#????????????}}' checks it)" \
		"$SCRATCH/audit"
	gpgconf --kill gpg-agent >/dev/null 2>&1
else
	echo "# gpg not installed (make deps): the OpenPGP case is not run"
fi
echo "1..$n"
