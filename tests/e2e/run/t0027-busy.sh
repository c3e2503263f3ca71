#!/bin/sh
# t0027: a busy machine is recorded and flagged (DESIGN 7): with two CPU
# hogs running, prereg run warns before it starts, every launch record's
# machine carries other_cores above the rule's threshold, the report and
# analyze --json mark the busy launches, --wait-idle waits and still runs,
# repro ends with its run's busy launches (below the audit);
# without the hogs the fields are there and are numbers >= 0 (this machine
# may be busy with other work, so nothing asserts that it is quiet); a
# manifest without them reads as "not recorded"
# prereg-test: alone (it runs CPU hogs and asserts the load it measures)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
# one config (vader): this test runs alone, and each launch is serial time
vader_only || exit 1
hogs=""
stop_hogs() {
	for p in $hogs; do kill "$p" 2>/dev/null; done
	hogs=""
}
trap 'stop_hogs; rm -rf "$SCRATCH"' EXIT

expect_exit 0 "predict t-calib" "$PREREG" predict t-calib
expect_exit 0 "pin t-calib" "$PREREG" pin t-calib

for i in 1 2; do
	sh -c 'while :; do :; done' &
	hogs="$hogs $!"
done

expect_exit 0 "run beside two CPU hogs" "$PREREG" run t-calib --quick --progress
cp "$SCRATCH/out" "$SCRATCH/busy.out"
expect_out "run warns that the machine is busy, with the figures" \
	'warning: the machine is busy: [0-9.]+ of [0-9]+ CPUs used by other processes .*load average [0-9.]+; timings may be disturbed \(--wait-idle SECONDS'
check "the warning comes before the first launch" sh -c '
	w=$(grep -n "the machine is busy" "$1" | head -n 1 | cut -d: -f1)
	l=$(grep -n "\[1/2\] launch" "$1" | head -n 1 | cut -d: -f1)
	[ -n "$w" ] && [ -n "$l" ] && [ "$w" -lt "$l" ]' sh "$SCRATCH/busy.out"
busy_run=$(ls runs/t-calib | grep -v ledger | head -n 1)
check "each launch record's machine: other_cores above 0.25 x rank_cpus" \
	python3 - "runs/t-calib/$busy_run/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
assert len(m["launches"]) == 2, m["launches"]
for l in m["launches"]:
    x = l["machine"]
    assert x["rank_cpus"] >= 1, x
    assert x["other_cores"] > 0.25 * x["rank_cpus"], x
    assert abs(x["other_cores"] * x["wall_s"] - x["other_cpu_s"]) < 1e-6, x
    assert x["cpu_s"] >= x["other_cpu_s"] and x["run_cpu_s"] > 0, x
    assert x["load_start"] >= 0 and x["load_end"] >= 0, x
s = m["busy_at_start"]
assert s["busy"] is True and s["other_cores"] > 0.25 * s["rank_cpus"], s
assert s["wait_idle_s"] == 0 and s["waited_s"] == 0, s
PY

expect_exit 0 "analyze" "$PREREG" analyze t-calib
check "the report counts the busy launches" \
	grep -qE '^- \*\*[12] of 2 launches ran on a busy machine\*\* \(other processes above 0.25 x' \
	analysis/t-calib/report.md
check "the report lists them with config, other cores and load" \
	grep -qE '^  - launch [01], config 0 \(vader/spread\): [0-9.]+ other cores \(ranks on 2 CPUs\), load average [0-9.]+ to [0-9.]+$' \
	analysis/t-calib/report.md
check "the report says the machine was busy when the run started" \
	grep -q '^- \*\*the machine was busy when the run started\*\*' \
	analysis/t-calib/report.md
expect_exit 0 "analyze --json" "$PREREG" analyze t-calib --json
cp "$SCRATCH/out" "$SCRATCH/json.out"
check "--json carries the busy launches" \
	python3 - "$SCRATCH/json.out" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
j = json.loads(text[text.index("{"):])
b = j["runs"][0]["machine"]
assert b["launches"] == 2 and b["recorded"] == 2, b
assert b["busy"] == len(b["busy_launches"]) >= 1, b
assert b["busy_share"] == 0.25 and b["not_recorded_reason"] is None, b
assert b["busy_at_start"]["busy"] is True, b
for x in b["busy_launches"]:
    assert x["other_cores"] > 0.25 * x["rank_cpus"], x
PY

expect_exit 0 "run with --wait-idle 2 beside the hogs" \
	"$PREREG" run t-calib --launches 1 --reps 1 --wait-idle 2 --progress
expect_out "it says it waits, with the figures" \
	'waiting for the machine to be quiet: [0-9.]+ of [0-9]+ CPUs used by other processes'
expect_out "then starts anyway and says so" \
	'warning: the machine is still busy after waiting [0-9]+ s: .*starting anyway'
expect_out "and the run happens" 'run [0-9T]+Z-[0-9a-f]+: complete'
wait_run=$(ls runs/t-calib | grep -v ledger | sed -n 2p)
check "busy_at_start records the wait" \
	python3 - "runs/t-calib/$wait_run/manifest.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["busy_at_start"]
assert s["busy"] is True and s["wait_idle_s"] == 2, s
assert s["waited_s"] >= 1, s
PY

"$PREREG" repro t-calib --launches 1 --reps 1 >"$SCRATCH/repro.out" 2>&1
repro_run=$(ls runs/t-calib | grep -v ledger | sed -n 3p)
check "repro beside the hogs ends with the busy launches of its run" sh -c \
	"tail -n 1 '$SCRATCH/repro.out' | grep -qE '^prereg: warning: 1 of 1 launches of run $repro_run ran on a busy machine \\(other processes above 0.25 x the CPUs their ranks used\\).*analysis/t-calib/report.md lists them\\)\$'"
check "below the audit's table" sh -c \
	"a=\$(grep -n 'anchored' '$SCRATCH/repro.out' | tail -n 1 | cut -d: -f1);
	 w=\$(grep -n 'ran on a busy machine' '$SCRATCH/repro.out' | tail -n 1 | cut -d: -f1);
	 [ -n \"\$a\" ] && [ -n \"\$w\" ] && [ \$a -lt \$w ]"

stop_hogs
expect_exit 0 "run without the hogs" \
	"$PREREG" run t-calib --launches 1 --reps 1
quiet_run=$(ls runs/t-calib | grep -v ledger | sed -n 4p)
check "the quiet run's records are there, numbers >= 0" \
	python3 - "runs/t-calib/$quiet_run/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
num = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
for l in m["launches"]:
    x = l["machine"]
    for k in ("load_start", "load_end", "cpu_s", "run_cpu_s", "other_cpu_s",
              "wall_s", "other_cores", "cpus", "rank_cpus"):
        assert num(x[k]), (k, x)
s = m["busy_at_start"]
for k in ("other_cpu_s", "wall_s", "other_cores", "cpus", "load",
          "rank_cpus", "waited_s"):
    assert num(s[k]), (k, s)
assert isinstance(s["busy"], bool), s
e = m["environment"]
assert e["online_cpus"] >= 1, e
g = e["governors"]
assert len(g) == e["online_cpus"] and all(isinstance(v, str) and v for v in g.values()), g
assert ("unknown" in g.values()) == ("governors_note" in e), e
PY
expect_exit 0 "the audit passes on the new runs" "$PREREG" audit t-calib

# A manifest from before the record: its launches read as not recorded.
python3 - "runs/t-calib/$quiet_run/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
for l in m["launches"]:
    del l["machine"]
del m["busy_at_start"]
json.dump(m, open(sys.argv[1], "w"), indent=2, sort_keys=True)
PY
expect_exit 0 "analyze the run without records" \
	"$PREREG" analyze t-calib "$quiet_run"
check "its launches are not recorded, not idle" \
	grep -q '^- machine load not recorded (1 launch: the manifest predates the record)$' \
	analysis/t-calib/report.md
check "nor counted as quiet" sh -c \
	'! grep -q "launches ran on a busy machine" analysis/t-calib/report.md'
git checkout -q -- runs
