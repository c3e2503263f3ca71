#!/usr/bin/env python3
"""check.py - every figure the docs quote about a shipped run, recomputed.

Usage: check.py ROOT PREREG FIGURES.tsv

With PREREG_ANALYSES set, `prereg analyze EXP --json` is read from
$PREREG_ANALYSES/EXP.json where it is there (made before, of ROOT as it
is), and not run again.

Each line of FIGURES.tsv (tab-separated; '#' lines and blank lines skipped)
declares one quoted number once:

    DOC  QUOTE  SOURCE  FORMAT

DOC is a file below ROOT (README.md, SCIENCE.md, experiments/X/README.md,
...). QUOTE is the text around the number as the doc has it, with {} where
the number goes; blanks are compared collapsed, so line breaks in the doc
do not matter. SOURCE says where the number comes from:

    cell:EXP:RUN:LABEL:PHASE:BYTES:REDUCE:FIELD
        the cell of `prereg analyze EXP --json` of run RUN whose
        config_label is LABEL, phase PHASE, bytes BYTES and reduce REDUCE
        (either '-': the cell has none; BYTES rows=N: the cell of N rows
        of a rows sweep, rows=N/rank=R its rank R's, rows=N/device=D its
        device kind D's), never a negative control;
        FIELD statistic_s (the measured median of per-launch medians),
        predicted_s, lo_s, hi_s or ratio (statistic over prediction),
        or a path below the cell (ci/lo_s: its launch-level interval)
    run:EXP:RUN:PATH
        the value at PATH (keys joined by '/') of run RUN's object in
        `prereg analyze EXP --json` (launch_ratio/measured, ...)
    arrival:EXP:RUN:LABEL:PHASE:PATH
        the value at PATH of run RUN's arrival row (config_label LABEL,
        phase PHASE): arrival_spread/statistic_s, spread_share, ...
    control:EXP:RUN:LABEL:BYTES:FIELD
        FIELD (to_right, to_wrong, margin) of run RUN's negative control
        of config label LABEL at BYTES, as the report's `controls` has it
    count:EXP:RUN:VERDICT
        how many of run RUN's cells have that verdict (PASS, FAIL, ...)
    ratios:EXP:RUN:VERDICT[:BYTES]
        how many of run RUN's pinned ratios (its `ratios`) have it (of
        those of BYTES, when given)
    ratio:EXP:RUN:BYTES:CONFIGS:FIELD:AGG
        the smallest (AGG min) or largest (max) FIELD (measured,
        predicted, lo, hi) of run RUN's pinned ratios of BYTES whose
        numerator config is one of CONFIGS (comma-separated; '*': any)
    gains:OUTCOME:EXP=RUN[,EXP=RUN...]
        how many comparisons of the PAP-aware Allreduce with the best
        built-in (arrival_patterns/gains) have that outcome (beat, lost,
        tied; '*' all of them), summed over the runs listed
    cv:PHASES:EXP=RUN[,EXP=RUN...]:AGG
        AGG (min or max) of the launch-to-launch CV of the rows of phase
        PHASES (a shell pattern) in the variability tables of the runs
        listed
    compare:EXP:RUN_A:RUN_B:VERDICT
        how many rows of `prereg compare RUN_A RUN_B --json` have that
        verdict (REPRODUCED, DIFFERENT, INCONCLUSIVE), or all of them
        with VERDICT '*'; VERDICT/CLASS counts the rows of that phase
        class only (INCONCLUSIVE/compute), VERDICT/phase=PHASE those of
        that phase only (REPRODUCED/phase=allreduce)
    rcv:EXP:RUN:WHERE:LABEL:PHASE:BYTES
        the robust launch-level CV (1.4826 MAD over the median of its
        per-launch medians, as `prereg pin` measures a pilot) of run RUN's
        one row of config label LABEL, phase PHASE and size BYTES (as
        cell: names it; '-' none) among its cells (WHERE cells, never a
        negative control) or its variability table's rows (WHERE
        variability)
    need:KIND:VALUE:RCV
        the launches `prereg pin` says a decisive verdict needs at the
        robust CV of RCV (an rcv: source without its 'rcv:'): KIND band,
        a PASS or FAIL inside a band whose half-width in log terms is
        ln(hi/lo)/2 of the narrowest band of PHASE in pin VALUE
        (EXP/K) of its experiment, (1.96 x 1.2533 x CV / h)^2; KIND
        repro, a REPRODUCED at tolerance VALUE, ((1.96 + 1.28) x 1.2533
        x sqrt 2 x CV / ln(1 + VALUE))^2; rounded up, at least 6
    cmpcell:EXP:RUN_A:RUN_B:LABEL:PHASE:BYTES:PATH
        the value at PATH of the row of `prereg compare RUN_A RUN_B
        --json` of config label LABEL, phase PHASE and bytes BYTES, or
        BYTES rows=N (rows=N/rank=R: its rank R's) for a rows row
        (a/max_over_min: how far apart RUN_A's launch medians are)
    cells:EXP:RUN:LABELS:PHASES:PATH:AGG
        AGG (min or max) of the value at PATH over run RUN's cells, never
        a negative control, whose config_label matches LABELS and phase
        PHASES (shell patterns: vader/spread/*, allreduce*); a cell
        without PATH is left out (a cell's causes are a FAIL's only),
        and none left fails. In a PATH a step KEY=VALUE takes the list's
        one element whose KEY is VALUE
        (causes/cause=clamp/clamped/0); several fail
    controls:EXP:RUN:PATH:AGG
        AGG (min or max) of the value at PATH over run RUN's negative
        controls' cells (statistic_s: what each measured)
    primitives:EXP:RUN:LABELS:PHASES:NUM/DEN:AGG[:MINBYTES[:MAXBYTES]]
        AGG (min or max) of NUM over DEN, two fields of each entry of run
        RUN's `primitives` (the primitives timed in the run's own
        launches, one entry per cell whatever its verdict:
        formula_s/predicted_s, measured_s/formula_s) whose config's label
        (its cells') matches LABELS and phase PHASES, never a negative
        control's, and with MINBYTES only those of MINBYTES bytes or more
        (with MAXBYTES too, and MAXBYTES or fewer: 1048576:1048576 is
        1 MiB alone); NUM may be missing_s (what the formula leaves out),
        DEN copy_n_s (the run's copy of the whole message), and DEN 1
        takes NUM itself
    needs:EXP:RUN:CLASS
        the reproduction tolerance run RUN compared with itself needs for
        every row of phase class CLASS (compute, comm) with 6 launches or
        more to be REPRODUCED: the greatest max(hi - 1, 1/lo - 1) over
        those rows' intervals in `prereg compare RUN RUN --json` (what
        `prereg pin` prints)
    wall:EXP:RUN
        how long run RUN's launches took: the sum of its manifest's
        launches[].wall_s (ROOT/runs/EXP/RUN/manifest.json)
    pmpi:EXP:RUN:AGG
        AGG (min or max) of the calls the profiling library timed per
        rank and launch in run RUN (launches[].ranks.pmpi[].calls of
        ROOT/runs/EXP/RUN/manifest.json)
    walls:EXP:PIN:AGG
        AGG (min or max) of wall over EXP's complete runs made under pin
        PIN ('*' any pin)
    launch:EXP:RUN:AGG
        AGG (min or max) of run RUN's launches' wall_s, one launch's time
    pin:EXP:K:PATH
        the value at PATH (keys joined by '/') of predictions/EXP.json as
        pin K committed it (git show prereg/pin/EXP/K:...)

FORMAT is a unit and a number of decimals: s3, ms1, us0, x2 (no scale),
nsms2 (a value in nanoseconds shown in ms), pct0 (times 100), pctd0 (a ratio r as the percent difference it makes,
(r - 1) times 100: 1.163 is 16, 0.9 is -10; a doc's "+16% [4.7%, 24%]"
is "({}% [" with +pctd0, then pctd1 and pctd0 for the bounds);
a leading '+' writes the sign of a positive number too. The figure holds
when QUOTE with the formatted number is in DOC. Prints TAP, one line per
figure; exits 1 when one does not hold.
"""
import fnmatch
import json
import math
import os
import re
import statistics
import subprocess
import sys

SCALE = {"s": 1.0, "ms": 1e3, "us": 1e6, "x": 1.0, "pct": 100.0,
         "pctd": 100.0, "nsms": 1e-6}
OFFSET = {"pctd": 1.0}


def analyze(prereg, exp, cache):
    saved = os.environ.get("PREREG_ANALYSES")
    if exp not in cache and saved:
        # an analysis made before, of this ROOT as it is (the shipped
        # fixture of the end-to-end tests): EXP.json, EXP.failed if it
        # failed
        if os.path.exists("%s/%s.json" % (saved, exp)):
            with open("%s/%s.json" % (saved, exp), encoding="utf-8") as f:
                cache[exp] = json.load(f)
        elif os.path.exists("%s/%s.failed" % (saved, exp)):
            cache[exp] = None
    if exp not in cache:
        out = subprocess.run([prereg, "analyze", exp, "--json"],
                             capture_output=True, text=True, check=False)
        cache[exp] = json.loads(out.stdout) if out.returncode == 0 else None
    return cache[exp]


def run_of(prereg, exp, run, cache):
    """Run RUN's object in `prereg analyze EXP --json`."""
    a = analyze(prereg, exp, cache)
    if a is None:
        raise ValueError("prereg analyze %s failed" % exp)
    runs = [r for r in a["runs"] if r["run_id"] == run]
    if not runs:
        raise ValueError("no run %s of %s" % (run, exp))
    return runs[0]


def path_value(v, path):
    """The value at PATH (keys joined by '/', list indexes as numbers, a
    step KEY=VALUE the list's element whose KEY is VALUE, KEY=VALUE,...
    the one whose every KEY is its VALUE)."""
    for key in path.split("/"):
        if isinstance(v, list) and "=" in key:
            want = [c.partition("=")[::2] for c in key.split(",")]
            found = [x for x in v if isinstance(x, dict)
                     and all(str(x.get(k)) == w for k, w in want)]
            if len(found) != 1:
                raise ValueError("%d elements match %s" % (len(found), key))
            v = found[0]
        else:
            v = v[int(key)] if isinstance(v, list) else v[key]
    return float(v)


def key_of(cell):
    """The cell's size as a SOURCE names it: its bytes, rows=N for a cell
    of a rows sweep, or '-'."""
    if "bytes" in cell:
        return str(cell["bytes"])
    if "rows" in cell and "rank" in cell:
        return "rows=%d/rank=%d" % (cell["rows"], cell["rank"])
    if "rows" in cell:
        return "rows=%d" % cell["rows"]
    return "-"


def key_matches(cell, key):
    """Does KEY name the cell: its key_of, or rows=N/device=D for a cell
    of a rows sweep whose device kinds share one config (calib-rows)?"""
    if key == key_of(cell):
        return True
    return "rows" in cell and "device" in cell and "rank" not in cell \
        and key == "rows=%d/device=%s" % (cell["rows"], cell["device"])


def cell_value(prereg, src, cache):
    _, exp, run, label, phase, nbytes, reduce_, field = src.split(":")
    the_run = run_of(prereg, exp, run, cache)
    found = [c for c in the_run["cells"]
             if c.get("config_label") == label and c.get("phase") == phase
             and key_matches(c, nbytes)
             and (c.get("reduce") or "-") == reduce_
             and not c.get("control")]
    if len(found) != 1:
        raise ValueError("%d cells match %s" % (len(found), src))
    return path_value(found[0], field)


def cells_value(prereg, src, cache):
    _, exp, run, labels, phases, path, agg = src.split(":")
    values = []
    for c in run_of(prereg, exp, run, cache)["cells"]:
        if c.get("control") \
                or not fnmatch.fnmatchcase(c.get("config_label", ""), labels) \
                or not fnmatch.fnmatchcase(c.get("phase", ""), phases):
            continue
        try:
            values.append(path_value(c, path))
        except (KeyError, IndexError, TypeError):
            continue
    return aggregate(values, agg, src)


def controls_value(prereg, src, cache):
    _, exp, run, path, agg = src.split(":")
    values = [path_value(c, path)
              for c in run_of(prereg, exp, run, cache)["cells"]
              if c.get("control") == "negative"]
    return aggregate(values, agg, src)


def manifest(root, exp, run, cache):
    key = "manifest %s %s" % (exp, run)
    if key not in cache:
        with open("%s/runs/%s/%s/manifest.json" % (root, exp, run),
                  encoding="utf-8") as f:
            cache[key] = json.load(f)
    return cache[key]


def wall_of(m):
    return sum(float(x["wall_s"]) for x in m["launches"])


def aggregate(values, agg, src):
    if agg not in ("min", "max"):
        raise ValueError("aggregate %r" % agg)
    if not values:
        raise ValueError("nothing to aggregate in %s" % src)
    return min(values) if agg == "min" else max(values)


def wall_value(root, src, cache):
    _, exp, run = src.split(":")
    return wall_of(manifest(root, exp, run, cache))


def walls_value(root, src, cache):
    _, exp, pin, agg = src.split(":")
    values = []
    for run in sorted(os.listdir("%s/runs/%s" % (root, exp))):
        if not os.path.isfile("%s/runs/%s/%s/manifest.json"
                              % (root, exp, run)):
            continue
        m = manifest(root, exp, run, cache)
        if m.get("status") == "complete" and \
                pin in ("*", str(m["pin"]["k"])):
            values.append(wall_of(m))
    return aggregate(values, agg, src)


def launch_value(root, src, cache):
    _, exp, run, agg = src.split(":")
    return aggregate([float(x["wall_s"])
                      for x in manifest(root, exp, run, cache)["launches"]],
                     agg, src)


def pmpi_value(root, src, cache):
    _, exp, run, agg = src.split(":")
    return aggregate([float(p["calls"])
                      for x in manifest(root, exp, run, cache)["launches"]
                      for p in x["ranks"]["pmpi"]], agg, src)


def primitives_value(prereg, src, cache):
    _, exp, run, labels, phases, ratio, agg, *least = src.split(":")
    num, den = ratio.split("/")
    most = int(least[1]) if len(least) > 1 else None
    least = int(least[0]) if least else 0
    the_run = run_of(prereg, exp, run, cache)
    label = {c["config"]: c.get("config_label", "")
             for c in the_run["cells"]}
    values = [float(x[num]) / (1.0 if den == "1" else float(x[den]))
              for x in the_run["primitives"]
              if fnmatch.fnmatchcase(label.get(x["config"], ""), labels)
              and fnmatch.fnmatchcase(x.get("phase", ""), phases)
              and not x.get("negative") and x.get("bytes", 0) >= least
              and (most is None or x.get("bytes", 0) <= most)]
    return aggregate(values, agg, src)


def run_value(prereg, src, cache):
    _, exp, run, path = src.split(":", 3)
    the_run = run_of(prereg, exp, run, cache)
    return path_value(the_run, path)


def arrival_value(prereg, src, cache):
    _, exp, run, label, phase, path = src.split(":", 5)
    the_run = run_of(prereg, exp, run, cache)
    rows = [x for x in the_run["arrivals"]
            if x.get("config_label") == label and x.get("phase") == phase]
    if len(rows) != 1:
        raise ValueError("%d arrival rows match %s" % (len(rows), src))
    return path_value(rows[0], path)


def control_value(prereg, src, cache):
    _, exp, run, label, nbytes, field = src.split(":")
    rows = [c for c in run_of(prereg, exp, run, cache)["controls"]
            if c.get("config_label") == label
            and str(c.get("bytes", "-")) == nbytes]
    if len(rows) != 1:
        raise ValueError("%d controls match %s" % (len(rows), src))
    return float(rows[0][field])


def count_value(prereg, src, cache):
    _, exp, run, verdict = src.split(":")
    the_run = run_of(prereg, exp, run, cache)
    return float(sum(c["verdict"] == verdict for c in the_run["cells"]))


def ratios_value(prereg, src, cache):
    _, exp, run, verdict, *size = src.split(":")
    the_run = run_of(prereg, exp, run, cache)
    return float(sum(x["verdict"] == verdict and
                     (not size or str(x["bytes"]) == size[0])
                     for x in the_run["ratios"]))


def ratio_value(prereg, src, cache):
    _, exp, run, size, configs, field, agg = src.split(":")
    the_run = run_of(prereg, exp, run, cache)
    return aggregate([float(x[field]) for x in the_run["ratios"]
                      if (size == "*" or str(x["bytes"]) == size) and
                      (configs == "*" or str(x["numerator_config"])
                       in configs.split(","))],
                     agg, src)


def cv_value(prereg, src, cache):
    _, phases, runs, agg = src.split(":")
    values = []
    for item in runs.split(","):
        exp, run = item.split("=")
        values += [v["cv"] for v in run_of(prereg, exp, run,
                                           cache)["variability"]
                   if fnmatch.fnmatchcase(v.get("phase", ""), phases)
                   and isinstance(v.get("cv"), (int, float))]
    return aggregate(values, agg, src)


def gains_value(prereg, src, cache):
    _, outcome, runs = src.split(":")
    total = 0
    for item in runs.split(","):
        exp, run = item.split("=")
        gains = run_of(prereg, exp, run, cache)["arrival_patterns"]["gains"]
        total += sum(outcome in ("*", g["outcome"]) for g in gains)
    return float(total)


def compared(prereg, run_a, run_b, cache):
    """`prereg compare RUN_A RUN_B --json`."""
    key = "compare %s %s" % (run_a, run_b)
    if key not in cache:
        out = subprocess.run([prereg, "compare", run_a, run_b, "--json"],
                             capture_output=True, text=True, check=False)
        if out.returncode != 0:
            raise ValueError("prereg compare %s %s: exit %d"
                             % (run_a, run_b, out.returncode))
        cache[key] = json.loads(out.stdout)
    return cache[key]


def needs_value(prereg, src, cache):
    _, _exp, run, klass = src.split(":")
    need = [max(c["ratio_ci"][1] - 1, 1 / c["ratio_ci"][0] - 1)
            for c in compared(prereg, run, run, cache)["cells"]
            if c.get("class") == klass and c.get("ratio_ci")
            and c["a"]["nlaunches"] >= 6
            and isinstance(c["ratio_ci"][0], (int, float))
            and isinstance(c["ratio_ci"][1], (int, float))
            and c["ratio_ci"][0] > 0 and math.isfinite(c["ratio_ci"][1])]
    return aggregate(need, "max", src)


def compare_value(prereg, src, cache):
    _, _exp, run_a, run_b, verdict = src.split(":")
    cells = compared(prereg, run_a, run_b, cache)["cells"]
    verdict, _, klass = verdict.partition("/")
    key, phase = ("phase", klass[6:]) if klass.startswith("phase=") \
        else ("class", klass)
    return float(sum(1 for c in cells
                     if (verdict == "*" or c.get("verdict") == verdict)
                     and (not phase or c.get(key) == phase)))


def cmp_row_is(c, nbytes):
    """Is compare row c the one of BYTES: bytes, or rows=N[/rank=R]."""
    if not nbytes.startswith("rows="):
        return str(c.get("bytes")) == nbytes
    want = dict(kv.split("=", 1) for kv in nbytes.split("/"))
    return (str(c.get("rows")) == want["rows"] and
            ("rank" not in want or str(c.get("rank")) == want["rank"]))


def cmpcell_value(prereg, src, cache):
    _, _exp, run_a, run_b, label, phase, nbytes, path = src.split(":")
    rows = [c for c in compared(prereg, run_a, run_b, cache)["cells"]
            if c.get("config_label") == label and c.get("phase") == phase
            and cmp_row_is(c, nbytes)]
    if len(rows) != 1:
        raise ValueError("%d compare rows match %s" % (len(rows), src))
    return path_value(rows[0], path)


def robust_cv(x):
    med = statistics.median(x)
    return 1.4826 * statistics.median([abs(v - med) for v in x]) / med


def rcv_value(prereg, src, cache):
    _, exp, run, where, label, phase, nbytes = src.split(":")
    if where not in ("cells", "variability"):
        raise ValueError("rcv: WHERE %r" % where)
    rows = [c for c in run_of(prereg, exp, run, cache)[where]
            if c.get("config_label") == label and c.get("phase") == phase
            and key_matches(c, nbytes) and not c.get("control")]
    if len(rows) != 1:
        raise ValueError("%d rows match %s" % (len(rows), src))
    return robust_cv(rows[0]["launch_medians_s"])


def need_value(root, prereg, src, cache):
    _, kind, value, rest = src.split(":", 3)
    cv = rcv_value(prereg, "rcv:" + rest, cache)
    phase = rest.split(":")[4]
    if kind == "band":
        exp, k = value.split("/")
        h = min(math.log(c["hi_s"] / c["lo_s"]) / 2
                for c in pinned_prediction(root, exp, k)["cells"]
                if c.get("phase") == phase and c["lo_s"] > 0)
        k = 1.959963984540 * 1.2533141373155 * cv / h
    elif kind == "repro":
        k = ((1.959963984540 + 1.281551565545) * 1.2533141373155 *
             math.sqrt(2) * cv / math.log1p(float(value)))
    else:
        raise ValueError("need: KIND %r" % kind)
    return float(max(6, math.ceil(k * k - 1e-9)))


def pinned_prediction(root, exp, k):
    """predictions/EXP.json as pin K of EXP holds it."""
    text = subprocess.run(
        ["git", "-C", root, "show",
         "prereg/pin/%s/%s:predictions/%s.json" % (exp, k, exp)],
        capture_output=True, text=True, check=True).stdout
    return json.loads(text)


def pin_value(root, src):
    _, exp, k, path = src.split(":", 3)
    return path_value(pinned_prediction(root, exp, k), path)


def formatted(value, fmt):
    sign = fmt.startswith("+")
    m = re.fullmatch(r"\+?(s|nsms|ms|us|x|pctd|pct)([0-9])", fmt)
    if not m:
        raise ValueError("format %r" % fmt)
    unit = m.group(1)
    value = (value - OFFSET.get(unit, 0.0)) * SCALE[unit]
    text = "%.*f" % (int(m.group(2)), value)
    return "+" + text if sign and value > 0 else text


def collapse(text):
    return re.sub(r"\s+", " ", text)


def main():
    root, prereg, table = sys.argv[1:4]
    cache, docs, n, bad = {}, {}, 0, 0
    for line in open(table, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        n += 1
        doc, quote, src, fmt = line.split("\t")
        try:
            if doc not in docs:
                with open("%s/%s" % (root, doc), encoding="utf-8") as f:
                    docs[doc] = collapse(f.read())
            if src.startswith("cell:"):
                value = cell_value(prereg, src, cache)
            elif src.startswith("primitives:"):
                value = primitives_value(prereg, src, cache)
            elif src.startswith("cells:"):
                value = cells_value(prereg, src, cache)
            elif src.startswith("controls:"):
                value = controls_value(prereg, src, cache)
            elif src.startswith("arrival:"):
                value = arrival_value(prereg, src, cache)
            elif src.startswith("control:"):
                value = control_value(prereg, src, cache)
            elif src.startswith("count:"):
                value = count_value(prereg, src, cache)
            elif src.startswith("ratios:"):
                value = ratios_value(prereg, src, cache)
            elif src.startswith("ratio:"):
                value = ratio_value(prereg, src, cache)
            elif src.startswith("cv:"):
                value = cv_value(prereg, src, cache)
            elif src.startswith("gains:"):
                value = gains_value(prereg, src, cache)
            elif src.startswith("run:"):
                value = run_value(prereg, src, cache)
            elif src.startswith("compare:"):
                value = compare_value(prereg, src, cache)
            elif src.startswith("cmpcell:"):
                value = cmpcell_value(prereg, src, cache)
            elif src.startswith("rcv:"):
                value = rcv_value(prereg, src, cache)
            elif src.startswith("need:"):
                value = need_value(root, prereg, src, cache)
            elif src.startswith("needs:"):
                value = needs_value(prereg, src, cache)
            elif src.startswith("wall:"):
                value = wall_value(root, src, cache)
            elif src.startswith("walls:"):
                value = walls_value(root, src, cache)
            elif src.startswith("pmpi:"):
                value = pmpi_value(root, src, cache)
            elif src.startswith("launch:"):
                value = launch_value(root, src, cache)
            elif src.startswith("pin:"):
                value = pin_value(root, src)
            else:
                raise ValueError("source %r" % src)
            want = collapse(quote.replace("{}", formatted(value, fmt)))
            if want in docs[doc]:
                print("ok %d - %s: %s" % (n, doc, want))
            else:
                bad += 1
                print("not ok %d - %s does not say '%s' (%s)"
                      % (n, doc, want, src))
        except (ValueError, KeyError, IndexError, TypeError,
                ZeroDivisionError, OSError,
                subprocess.CalledProcessError) as e:
            bad += 1
            print("not ok %d - %s: %s: %s" % (n, doc, quote, e))
    print("1..%d" % n)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
