/* test_plancheck.c - unit tests of src/format/plancheck.c: every rule, on
 * both sides of its edge */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "format/plancheck.h"
#include "base/util.h"

/* A valid plan of each workload, as `prereg run` writes them. */
static json_t *plan(const char *workload)
{
	json_t *p = json_pack(
	    "{s:s, s:s, s:i, s:i, s:s, s:i, s:i, s:i, s:i, s:i, s:[], "
	    "s:[{s:s, s:i}], s:b, s:s, s:i, s:i}",
	    "experiment", "x", "workload", workload, "launch", 0, "config", 0,
	    "seed", "12345", "reps", 3, "warmup", 1, "rows", 8, "keys", 4, "d",
	    2, "sizes", "groups", "device", "cpu", "count", 4, "verify", 1,
	    "out", "runs/x/.tmp/l0c0", "threads_per_block", 256,
	    "rows_per_block", 1);

	if (!strcmp(workload, "pingpong") ||
	    !strcmp(workload, "pingpong-cold") ||
	    !strcmp(workload, "allreduce"))
		json_object_set_new(p, "sizes", json_pack("[i, i]", 8, 64));
	if (!strcmp(workload, "rows-sweep"))
		json_object_set_new(p, "rows_list", json_pack("[i, i]", 1, 8));
	if (!strcmp(workload, "arrival") || !strcmp(workload, "dp-step")) {
		json_object_set_new(p, "sizes", json_pack("[i]", 64));
		json_object_set_new(p, "algorithm", json_string("pap"));
		json_object_set_new(p, "pattern", json_string("uniform"));
		json_object_set_new(p, "delay_ns", json_integer(2000000));
		json_object_set_new(p, "late_rank", json_integer(3));
	}
	if (!strcmp(workload, "dp-step")) {
		json_object_set_new(p, "dp_compute", json_string("rows"));
		json_object_set_new(p, "rows_per_rank",
				    json_pack("[i, i, i, i]", 2, 2, 2, 6));
	}
	if (!strcmp(workload, "row-split"))
		json_object_set_new(p, "rows_per_rank",
				    json_pack("[i, i, i, i]", 2, 2, 4, 0));
	if (!strcmp(workload, "command"))
		json_object_set_new(p, "argv",
				    json_pack("[s, s]", "prog", "-n"));
	return p;
}

/* p with key set to the JSON text value ("-" deletes it); returns p. */
static json_t *with(json_t *p, const char *key, const char *value)
{
	json_error_t jerr;
	json_t *v;

	if (!strcmp(value, "-")) {
		json_object_del(p, key);
		return p;
	}
	v = json_loads(value, JSON_DECODE_ANY, &jerr);
	if (!v)
		fail_msg("bad test JSON '%s': %s", value, jerr.text);
	json_object_set_new(p, key, v);
	return p;
}

/* A JSON array of n copies of item. */
static char *repeat(const char *item, int n)
{
	char *s = pr_strdup("["), *t;
	int i;

	for (i = 0; i < n; i++) {
		t = pr_asprintf("%s%s%s", s, i ? ", " : "", item);
		free(s);
		s = t;
	}
	t = pr_asprintf("%s]", s);
	free(s);
	return t;
}

static void passes(json_t *p)
{
	char why[256];

	if (pr_plan_check(p, why, sizeof(why)) != PR_OK)
		fail_msg("unexpected: %s", why);
	assert_string_equal(why, "");
	json_decref(p);
}

static void fails(json_t *p, const char *message)
{
	char why[256];

	assert_int_equal(pr_plan_check(p, why, sizeof(why)), PR_EINPUT);
	assert_string_equal(why, message);
	json_decref(p);
}

static void test_valid_plans(void **state)
{
	(void)state;
	passes(plan("pingpong"));
	passes(plan("rows-sweep"));
	passes(plan("row-split"));
	passes(plan("kv-split"));
	passes(plan("pingpong-cold"));
	passes(plan("allreduce"));
}

static void test_shape_of_the_file(void **state)
{
	char why[64];

	(void)state;
	assert_int_equal(pr_plan_check(NULL, why, sizeof(why)), PR_EINPUT);
	assert_string_equal(why, "not a JSON object");
	fails(json_array(), "not a JSON object");
	fails(with(plan("kv-split"), "extra", "1"), "unknown key 'extra'");
	fails(with(plan("kv-split"), "experiment", "\"\""),
	      "'experiment' must be a non-empty string");
	passes(with(plan("kv-split"), "experiment", "\"e\""));
	fails(with(plan("kv-split"), "workload", "7"),
	      "'workload' must be a non-empty string");
	fails(with(plan("kv-split"), "out", "-"),
	      "'out' must be a non-empty string");
	fails(with(plan("kv-split"), "workload", "\"kv\""),
	      "unknown workload 'kv' (known: pingpong, pingpong-cold, "
	      "rows-sweep, row-split, kv-split, allreduce, arrival, "
	      "dp-step, command)");
	fails(with(plan("kv-split"), "verify", "\"yes\""),
	      "'verify' must be true or false");
	passes(with(plan("kv-split"), "verify", "false"));
	passes(with(plan("kv-split"), "verify", "-"));
}

static void test_seed(void **state)
{
	(void)state;
	passes(with(plan("kv-split"), "seed", "\"18446744073709551615\""));
	fails(with(plan("kv-split"), "seed", "\"18446744073709551616\""),
	      "'seed' 18446744073709551616 does not fit in 64 bits");
	passes(with(plan("kv-split"), "seed", "\"0\""));
	fails(with(plan("kv-split"), "seed", "\"-1\""),
	      "'seed' must be a decimal string, not '-1'");
	fails(with(plan("kv-split"), "seed", "\"\""),
	      "'seed' must be a decimal string");
	fails(with(plan("kv-split"), "seed", "12345"),
	      "'seed' must be a decimal string");
}

static void test_numbers(void **state)
{
	(void)state;
	passes(with(plan("kv-split"), "launch", "0"));
	fails(with(plan("kv-split"), "launch", "-1"),
	      "'launch' is -1, outside [0, 2147483647]");
	passes(with(plan("kv-split"), "config", "2147483647"));
	fails(with(plan("kv-split"), "config", "2147483648"),
	      "'config' is 2147483648, outside [0, 2147483647]");
	fails(with(plan("kv-split"), "config", "-"),
	      "'config' must be an integer");
	passes(with(plan("kv-split"), "reps", "1"));
	fails(with(plan("kv-split"), "reps", "0"),
	      "'reps' is 0, outside [1, 1000000]");
	passes(with(plan("kv-split"), "reps", "1000000"));
	fails(with(plan("kv-split"), "reps", "1000001"),
	      "'reps' is 1000001, outside [1, 1000000]");
	passes(with(plan("kv-split"), "warmup", "0"));
	fails(with(plan("kv-split"), "warmup", "-1"),
	      "'warmup' is -1, outside [0, 1000000]");
	fails(with(plan("kv-split"), "warmup", "1.5"),
	      "'warmup' must be an integer");
	passes(with(plan("pingpong"), "rows", "-"));
	fails(with(plan("pingpong"), "keys", "-1"),
	      "'keys' is -1, outside [0, 2147483647]");
	passes(with(plan("kv-split"), "threads_per_block", "1"));
	fails(with(plan("kv-split"), "threads_per_block", "0"),
	      "'threads_per_block' is 0, outside [1, 1024]");
	passes(with(plan("kv-split"), "rows_per_block", "1024"));
	fails(with(plan("kv-split"), "rows_per_block", "1025"),
	      "'rows_per_block' is 1025, outside [1, 1024]");
	passes(with(plan("kv-split"), "rows_per_block", "-"));
}

static void test_groups(void **state)
{
	char *g16 = repeat("{\"device\": \"cpu\", \"count\": 1}", 16);
	char *g17 = repeat("{\"device\": \"cpu\", \"count\": 1}", 17);

	(void)state;
	passes(with(plan("pingpong"), "groups", g16));
	fails(with(plan("pingpong"), "groups", g17),
	      "'groups' must be an array of 1 to 16 groups");
	fails(with(plan("pingpong"), "groups", "[]"),
	      "'groups' must be an array of 1 to 16 groups");
	passes(with(plan("pingpong"), "groups",
		    "[{\"device\": \"1234567890123456789012345678901\", "
		    "\"count\": 2}]"));
	fails(with(plan("pingpong"), "groups",
		   "[{\"device\": \"12345678901234567890123456789012\", "
		   "\"count\": 2}]"),
	      "'groups'[0].device must be a name of 1 to 31 characters");
	fails(with(plan("pingpong"), "groups",
		   "[{\"device\": \"\", \"count\": 2}]"),
	      "'groups'[0].device must be a name of 1 to 31 characters");
	fails(with(plan("pingpong"), "groups",
		   "[{\"device\": \"cpu\", \"count\": 2}, "
		   "{\"device\": \"cpu\", \"count\": 0}]"),
	      "'groups'[1].count must be an integer in [1, 1024]");
	passes(with(plan("pingpong"), "groups",
		    "[{\"device\": \"cpu\", \"count\": 1024}]"));
	fails(with(plan("pingpong"), "groups",
		   "[{\"device\": \"cpu\", \"count\": 1025}]"),
	      "'groups'[0].count must be an integer in [1, 1024]");
	fails(with(plan("pingpong"), "groups",
		   "[{\"device\": \"cpu\", \"count\": 1024}, "
		   "{\"device\": \"cpu\", \"count\": 1}]"),
	      "the groups hold 1025 ranks, more than 1024");
	free(g16);
	free(g17);
}

static void test_lists(void **state)
{
	char *s64 = repeat("8", 64), *s65 = repeat("8", 65);

	(void)state;
	passes(with(plan("pingpong"), "sizes", s64));
	fails(with(plan("pingpong"), "sizes", s65),
	      "'sizes' must be an array of at most 64 integers");
	fails(with(plan("pingpong"), "sizes", "8"),
	      "'sizes' must be an array of at most 64 integers");
	passes(with(plan("pingpong"), "sizes", "[1, 2147483647]"));
	fails(with(plan("pingpong"), "sizes", "[8, 0]"),
	      "'sizes'[1] must be an integer in [1, 2147483647]");
	fails(with(plan("pingpong"), "sizes", "[2147483648]"),
	      "'sizes'[0] must be an integer in [1, 2147483647]");
	passes(with(plan("rows-sweep"), "rows_list", s64));
	fails(with(plan("rows-sweep"), "rows_list", s65),
	      "'rows_list' must be an array of at most 64 integers");
	fails(with(plan("rows-sweep"), "rows_list", "[]"),
	      "'rows_list' must not be empty");
	passes(with(plan("rows-sweep"), "rows_list", "[1, 16777216]"));
	fails(with(plan("rows-sweep"), "rows_list", "[0]"),
	      "'rows_list'[0] must be an integer in [1, 16777216]");
	fails(with(plan("rows-sweep"), "rows_list", "[16777217]"),
	      "'rows_list'[0] must be an integer in [1, 16777216]");
	free(s64);
	free(s65);
}

/* One count per rank of the groups, each >= 0; on any workload. */
static void test_rows_per_rank(void **state)
{
	(void)state;
	fails(with(plan("row-split"), "rows_per_rank", "[8]"),
	      "'rows_per_rank' has 1 counts, the groups hold 4 ranks");
	fails(with(plan("row-split"), "rows_per_rank", "[2, 2, 2, 1, 1]"),
	      "'rows_per_rank' has 5 counts, the groups hold 4 ranks");
	fails(with(plan("kv-split"), "rows_per_rank", "[8]"),
	      "'rows_per_rank' has 1 counts, the groups hold 4 ranks");
	passes(with(plan("row-split"), "rows_per_rank", "[0, 0, 0, 8]"));
	fails(with(plan("row-split"), "rows_per_rank", "[-1, 1, 0, 8]"),
	      "'rows_per_rank'[0] must be an integer in [0, 2147483647]");
}

static void test_pingpong(void **state)
{
	(void)state;
	passes(with(plan("pingpong"), "groups",
		    "[{\"device\": \"cpu\", \"count\": 2}]"));
	fails(with(plan("pingpong"), "groups",
		   "[{\"device\": \"cpu\", \"count\": 1}]"),
	      "pingpong needs 2 ranks or more, the groups hold 1");
	passes(with(plan("pingpong"), "sizes", "[8]"));
	fails(with(plan("pingpong"), "sizes", "[]"),
	      "pingpong needs message sizes, 'sizes' has none");
	fails(with(plan("pingpong"), "sizes", "-"),
	      "pingpong needs message sizes, 'sizes' has none");
}

/* pingpong-cold and allreduce need what pingpong needs. */
static void test_pingpong_cold_allreduce(void **state)
{
	(void)state;
	passes(with(plan("pingpong-cold"), "groups",
		    "[{\"device\": \"cpu\", \"count\": 2}]"));
	fails(with(plan("pingpong-cold"), "groups",
		   "[{\"device\": \"cpu\", \"count\": 1}]"),
	      "pingpong-cold needs 2 ranks or more, the groups hold 1");
	fails(with(plan("pingpong-cold"), "sizes", "[]"),
	      "pingpong-cold needs message sizes, 'sizes' has none");
	passes(with(plan("allreduce"), "groups",
		    "[{\"device\": \"cpu\", \"count\": 2}]"));
	fails(with(plan("allreduce"), "groups",
		   "[{\"device\": \"cpu\", \"count\": 1}]"),
	      "allreduce needs 2 ranks or more, the groups hold 1");
	passes(with(plan("allreduce"), "sizes", "[1]"));
	fails(with(plan("allreduce"), "sizes", "-"),
	      "allreduce needs message sizes, 'sizes' has none");
}

/* inner: optional, in [0, 100000]; sync: optional, "none" or
 * "barrier"; both on any workload. */
static void test_inner_sync(void **state)
{
	(void)state;
	passes(with(plan("pingpong"), "inner", "-"));
	passes(with(plan("pingpong"), "inner", "0"));
	fails(with(plan("pingpong"), "inner", "-1"),
	      "'inner' is -1, outside [0, 100000]");
	passes(with(plan("pingpong"), "inner", "100000"));
	fails(with(plan("pingpong"), "inner", "100001"),
	      "'inner' is 100001, outside [0, 100000]");
	fails(with(plan("pingpong"), "inner", "\"8\""),
	      "'inner' must be an integer");
	passes(with(plan("kv-split"), "inner", "8"));
	passes(with(plan("kv-split"), "sync", "-"));
	passes(with(plan("kv-split"), "sync", "\"none\""));
	passes(with(plan("row-split"), "sync", "\"barrier\""));
	fails(with(plan("kv-split"), "sync", "\"Barrier\""),
	      "'sync' must be \"none\" or \"barrier\"");
	fails(with(plan("kv-split"), "sync", "\"\""),
	      "'sync' must be \"none\" or \"barrier\"");
	fails(with(plan("kv-split"), "sync", "true"),
	      "'sync' must be \"none\" or \"barrier\"");
	passes(with(plan("kv-split"), "interleave", "-"));
	passes(with(plan("kv-split"), "interleave", "\"none\""));
	passes(with(plan("kv-split"), "interleave", "\"primitives\""));
	fails(with(plan("kv-split"), "interleave", "\"yes\""),
	      "'interleave' must be \"none\" or \"primitives\"");
	fails(with(plan("kv-split"), "interleave", "true"),
	      "'interleave' must be \"none\" or \"primitives\"");
}

static void test_rows_sweep(void **state)
{
	(void)state;
	fails(with(plan("rows-sweep"), "rows_list", "-"),
	      "rows-sweep needs 'rows_list', the plan has none");
	passes(with(with(plan("rows-sweep"), "keys", "1"), "d", "1"));
	passes(with(plan("rows-sweep"), "rows", "0")); /* rows_list says */
	fails(with(plan("rows-sweep"), "keys", "0"),
	      "rows-sweep needs keys and d of 1 or more, the plan has rows 8, "
	      "keys 0, d 2");
	fails(with(plan("rows-sweep"), "d", "-"),
	      "rows-sweep needs keys and d of 1 or more, the plan has rows 8, "
	      "keys 4, d 0");
}

static void test_row_split(void **state)
{
	char *rows;

	(void)state;
	fails(with(plan("row-split"), "rows_per_rank", "-"),
	      "row-split needs 'rows_per_rank', one count per rank, the plan "
	      "has none");
	fails(with(plan("row-split"), "rows_per_rank", "[2, 2, 3, 0]"),
	      "'rows_per_rank' adds up to 7 rows, 'rows' is 8");
	fails(with(plan("row-split"), "rows_per_rank", "[2, 2, 5, 0]"),
	      "'rows_per_rank' adds up to 9 rows, 'rows' is 8");
	fails(with(with(plan("row-split"), "rows", "0"), "rows_per_rank",
		   "[0, 0, 0, 0]"),
	      "row-split needs rows, keys and d of 1 or more, the plan has "
	      "rows 0, keys 4, d 2");
	passes(with(with(plan("row-split"), "rows", "1"), "rows_per_rank",
		    "[0, 0, 1, 0]"));
	/* rows * d within one MPI_Gatherv: INT_MAX / 2 rows of d 2 */
	rows = pr_asprintf("%d", INT_MAX / 2);
	passes(with(with(plan("row-split"), "rows", rows), "rows_per_rank",
		    "[1073741823, 0, 0, 0]"));
	free(rows);
	rows = pr_asprintf("%d", INT_MAX / 2 + 1);
	fails(with(with(plan("row-split"), "rows", rows), "rows_per_rank",
		   "[1073741824, 0, 0, 0]"),
	      "row-split's rows * d (1073741824 * 2) is more than one "
	      "MPI_Gatherv can carry");
	free(rows);
}

static void test_kv_split(void **state)
{
	(void)state;
	passes(with(plan("kv-split"), "keys", "4"));
	fails(with(plan("kv-split"), "keys", "3"),
	      "kv-split needs a key per rank at least: 3 keys, 4 ranks");
	fails(with(plan("kv-split"), "rows", "0"),
	      "kv-split needs rows, keys and d of 1 or more, the plan has rows "
	      "0, keys 4, d 2");
	fails(with(plan("kv-split"), "d", "0"),
	      "kv-split needs rows, keys and d of 1 or more, the plan has rows "
	      "8, keys 4, d 0");
	/* rows * (d + 1) within one MPI_Allreduce: d 2, INT_MAX / 3 rows */
	passes(with(plan("kv-split"), "rows", "715827882"));
	fails(with(plan("kv-split"), "rows", "715827883"),
	      "kv-split's rows * (d + 1) (715827883 * 3) is more than one "
	      "MPI_Allreduce can carry");
}

/* why is cut to its size and always terminated. */
/* arrival: the pair's needs, the algorithm, a known pattern, delay_ns,
 * late_rank a rank, replay_ns exactly with pattern replay. */
static void test_arrival(void **state)
{
	(void)state;
	passes(plan("arrival"));
	passes(with(with(plan("arrival"), "pattern", "\"replay\""), "replay_ns",
		    "[0, 5, 7]"));
	passes(with(plan("arrival"), "delay_ns", "0"));
	fails(with(plan("arrival"), "algorithm", "-"),
	      "'algorithm' must be a non-empty string");
	fails(with(plan("arrival"), "pattern", "\"early\""),
	      "arrival needs 'pattern', one of none, one-late, uniform, "
	      "linear, replay");
	fails(with(plan("arrival"), "delay_ns", "-1"),
	      "'delay_ns' is -1, outside [0, 10000000000]");
	fails(with(plan("arrival"), "delay_ns", "10000000001"),
	      "'delay_ns' is 10000000001, outside [0, 10000000000]");
	fails(with(plan("arrival"), "late_rank", "4"),
	      "'late_rank' is 4, outside [0, 3]");
	fails(with(plan("arrival"), "late_rank", "-"),
	      "'late_rank' must be an integer");
	fails(with(plan("arrival"), "pattern", "\"replay\""),
	      "pattern replay needs 'replay_ns', the replayed delays, the "
	      "plan has none");
	fails(with(plan("arrival"), "replay_ns", "[1]"),
	      "'replay_ns' is for pattern replay, not 'uniform'");
	fails(with(with(plan("arrival"), "pattern", "\"replay\""), "replay_ns",
		   "[-1]"),
	      "'replay_ns'[0] must be an integer in [0, 10000000000]");
	fails(with(plan("arrival"), "groups",
		   "[{\"device\": \"cpu\", \"count\": 1}]"),
	      "arrival needs 2 ranks or more, the groups hold 1");
	fails(with(plan("arrival"), "dp_compute", "\"rows\""),
	      "'dp_compute' is for dp-step, not arrival");
	/* the arrival keys belong to arrival and dp-step */
	fails(with(plan("allreduce"), "pattern", "\"none\""),
	      "'pattern' is for workloads arrival and dp-step, not allreduce");
	fails(with(plan("kv-split"), "algorithm", "\"pap\""),
	      "'algorithm' is for workloads arrival and dp-step, not kv-split");
}

/* dp-step: dp_compute rows with a row count >= 1 per rank and keys and
 * d, or pattern without rows_per_rank. */
static void test_dp_step(void **state)
{
	(void)state;
	passes(plan("dp-step"));
	passes(with(with(plan("dp-step"), "dp_compute", "\"pattern\""),
		    "rows_per_rank", "-"));
	fails(with(plan("dp-step"), "dp_compute", "-"),
	      "dp-step needs 'dp_compute', \"rows\" or \"pattern\"");
	fails(with(plan("dp-step"), "dp_compute", "\"sleep\""),
	      "dp-step needs 'dp_compute', \"rows\" or \"pattern\"");
	fails(with(plan("dp-step"), "rows_per_rank", "-"),
	      "dp-step with dp_compute \"rows\" needs 'rows_per_rank', one "
	      "count per rank");
	fails(with(plan("dp-step"), "rows_per_rank", "[1, 1, 0, 1]"),
	      "'rows_per_rank'[2] must be 1 or more for dp-step");
	fails(with(plan("dp-step"), "rows_per_rank", "[1, 1, 1]"),
	      "'rows_per_rank' has 3 counts, the groups hold 4 ranks");
	fails(with(plan("dp-step"), "dp_compute", "\"pattern\""),
	      "'rows_per_rank' is for dp_compute \"rows\", not "
	      "\"pattern\"");
	fails(with(plan("dp-step"), "keys", "0"),
	      "dp-step needs keys and d of 1 or more, the plan has rows 8, "
	      "keys 0, d 2");
	fails(with(plan("dp-step"), "late_rank", "9"),
	      "'late_rank' is 9, outside [0, 3]");
}

static void test_short_buffer(void **state)
{
	char why[8];
	json_t *p = with(plan("kv-split"), "extra", "1");

	(void)state;
	assert_int_equal(pr_plan_check(p, why, sizeof(why)), PR_EINPUT);
	assert_string_equal(why, "unknown");
	json_decref(p);
}

/* workload command: argv, 1 to 64 non-empty strings; ops a non-empty
 * string; max_calls 1 to 10^8; none of the three for other workloads. */
static void test_command(void **state)
{
	char *words;

	(void)state;
	passes(plan("command"));
	passes(with(plan("command"), "ops", "\"allreduce,bcast\""));
	passes(with(plan("command"), "max_calls", "1"));
	passes(with(plan("command"), "max_calls", "100000000"));
	fails(with(plan("command"), "max_calls", "0"),
	      "'max_calls' is 0, outside [1, 100000000]");
	fails(with(plan("command"), "max_calls", "100000001"),
	      "'max_calls' is 100000001, outside [1, 100000000]");
	fails(with(plan("command"), "argv", "-"),
	      "'argv' must be an array of 1 to 64 strings");
	fails(with(plan("command"), "argv", "[]"),
	      "'argv' must be an array of 1 to 64 strings");
	fails(with(plan("command"), "argv", "[\"p\", \"\"]"),
	      "'argv' must hold non-empty strings");
	fails(with(plan("command"), "argv", "[\"p\", 3]"),
	      "'argv' must hold non-empty strings");
	fails(with(plan("command"), "ops", "\"\""),
	      "'ops' must be a non-empty string");
	words = repeat("\"w\"", 64);
	passes(with(plan("command"), "argv", words));
	free(words);
	words = repeat("\"w\"", 65);
	fails(with(plan("command"), "argv", words),
	      "'argv' must be an array of 1 to 64 strings");
	free(words);
	passes(with(plan("command"), "pmpi", "false"));
	fails(with(plan("command"), "pmpi", "\"no\""),
	      "'pmpi' must be true or false");
	passes(with(plan("command"), "foms", "{\"t\": \"(?<value>1)\"}"));
	fails(with(plan("command"), "foms", "{}"),
	      "'foms' must be an object of 1 to 8 patterns");
	fails(with(plan("command"), "foms", "{\"t\": \"\"}"),
	      "'foms' must hold non-empty pattern strings");
	fails(with(plan("command"), "foms",
		   "{\"a\": \"x\", \"b\": \"x\", \"c\": \"x\", \"d\": "
		   "\"x\", \"e\": \"x\", \"f\": \"x\", \"g\": \"x\", \"h\": "
		   "\"x\", \"i\": \"x\"}"),
	      "'foms' must be an object of 1 to 8 patterns");
	passes(with(plan("command"), "inputs", "[\"a/b.txt\"]"));
	passes(with(plan("command"), "output", "\"out.txt\""));
	fails(with(plan("command"), "inputs", "[\"\"]"),
	      "'inputs' must hold non-empty strings");
	fails(with(plan("command"), "inputs", "\"a\""),
	      "'inputs' must be an array of at most 16 paths");
	fails(with(plan("command"), "output", "\"\""),
	      "'output' must be a non-empty string");
	fails(with(plan("kv-split"), "argv", "[\"p\"]"),
	      "'argv', 'ops', 'max_calls', 'pmpi', 'foms', 'inputs' and "
	      "'output' are for workload command");
	fails(with(plan("kv-split"), "ops", "\"bcast\""),
	      "'argv', 'ops', 'max_calls', 'pmpi', 'foms', 'inputs' and "
	      "'output' are for workload command");
	fails(with(plan("kv-split"), "output", "\"x\""),
	      "'argv', 'ops', 'max_calls', 'pmpi', 'foms', 'inputs' and "
	      "'output' are for workload command");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_valid_plans),
	    cmocka_unit_test(test_shape_of_the_file),
	    cmocka_unit_test(test_seed),
	    cmocka_unit_test(test_numbers),
	    cmocka_unit_test(test_groups),
	    cmocka_unit_test(test_lists),
	    cmocka_unit_test(test_rows_per_rank),
	    cmocka_unit_test(test_pingpong),
	    cmocka_unit_test(test_pingpong_cold_allreduce),
	    cmocka_unit_test(test_inner_sync),
	    cmocka_unit_test(test_rows_sweep),
	    cmocka_unit_test(test_row_split),
	    cmocka_unit_test(test_kv_split),
	    cmocka_unit_test(test_short_buffer),
	    cmocka_unit_test(test_arrival),
	    cmocka_unit_test(test_dp_step),
	    cmocka_unit_test(test_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
