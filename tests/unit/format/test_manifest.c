/* test_manifest.c - the manifest's sections, its bytes and its reader */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/manifest.h"
#include "helpers/scratch.h"

#define SPEC                                                                   \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = pingpong\n"                                                \
	"[shape]\n"                                                            \
	"min_bytes = 8\n"                                                      \
	"max_bytes = 64\n"                                                     \
	"[ranks]\n"                                                            \
	"group = cpu*2\n"                                                      \
	"[factors]\n"                                                          \
	"transport = vader, tcp\n"

/* The scratch directory of this run, and manifest.json in it. */
static char *dir, *path;

static int setup(void **state)
{
	(void)state;
	dir = pr_scratch_dir("test-manifest");
	path = pr_asprintf("%s/manifest.json", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(path);
	pr_scratch_remove(dir);
	free(dir);
	return 0;
}

/* A manifest made of every section, written and read back. */
static void test_round_trip(void **state)
{
	pr_pin pin = {.commit = "c0ffee",
		      .tag = "prereg/pin/pp/2",
		      .k = 2,
		      .commit_time = 86400,
		      .spec_blob = "5bec",
		      .pred_blob = "bred"};
	pr_archive_info ai = {
	    .sha256 = "ab12", .bytes = 1000, .gz_bytes = 300, .rows = 9};
	json_t *launches = json_pack("[{s:i, s:i}]", "launch", 0, "config", 1);
	json_t *lost_pid = json_integer(42), *lost_host = json_string("h");
	pr_schedule sched;
	pr_spec *spec = NULL;
	pr_manifest_parts p = {.run_id = "R1",
			       .experiment = "pp",
			       .status = "failed",
			       .started = "2026-01-01T00:00:00Z",
			       .finished = "2026-01-01T00:01:00Z",
			       .version = "v1",
			       .reason = "launch 0 exited 1"};
	pr_manifest m;
	char *text = NULL, *again = NULL;

	(void)state;
	assert_int_equal(pr_spec_parse(&spec, SPEC, "experiment.ini", "pp"), 0);
	assert_int_equal(pr_schedule_build(&sched, 12345678901234567890ULL, 2,
					   pr_spec_nconfigs(spec)),
			 0);
	p.pin = pr_manifest_pin(&pin);
	p.schedule = pr_manifest_schedule(&sched, 2, 5, 1, 0);
	p.configs = pr_manifest_configs(spec);
	p.launches = launches;
	p.environment = pr_manifest_environment(json_object(), "mpirun");
	p.archive = pr_manifest_archive(&ai);
	p.ledger = pr_manifest_ledger("0123456789abcdef");
	p.workload = pr_manifest_workload(spec);
	p.recovered = pr_manifest_recovered("2026-01-02T00:00:00Z", lost_pid,
					    lost_host, 1);
	assert_int_equal(pr_manifest_dump(&text, &p), 0);
	assert_true(text[strlen(text) - 1] == '\n');
	/* sorted keys: "archive" first, "workload" last */
	assert_true(strstr(text, "\"archive\"") < strstr(text, "\"configs\""));
	assert_true(strstr(text, "\"status\"") < strstr(text, "\"workload\""));
	assert_int_equal(pr_write_file_atomic(path, text, strlen(text)), 0);

	assert_int_equal(pr_manifest_read(&m, path), 0);
	assert_string_equal(m.run_id, "R1");
	assert_string_equal(m.experiment, "pp");
	assert_string_equal(m.status, "failed");
	assert_string_equal(m.reason, "launch 0 exited 1");
	assert_string_equal(m.started, "2026-01-01T00:00:00Z");
	assert_string_equal(m.pin.commit, "c0ffee");
	assert_string_equal(m.pin.tag, "prereg/pin/pp/2");
	assert_true(m.pin.has_k && m.pin.k == 2);
	assert_true(m.pin.has_commit_time && m.pin.commit_time == 86400);
	assert_string_equal(m.pin.commit_time_utc, "1970-01-02T00:00:00Z");
	assert_string_equal(m.pin.spec_blob, "5bec");
	assert_string_equal(m.pin.prediction_blob, "bred");
	assert_string_equal(m.schedule.seed, "12345678901234567890");
	assert_int_equal(m.schedule.launches, 2);
	assert_int_equal(m.schedule.reps, 5);
	assert_int_equal(m.schedule.warmup, 1);
	assert_int_equal(json_array_size(m.schedule.order), 4);
	assert_int_equal(json_array_size(m.configs), 2);
	assert_string_equal(pr_manifest_config(&m, 1, "transport"), "tcp");
	assert_null(pr_manifest_config(&m, 2, "transport"));
	assert_int_equal(json_array_size(m.launches), 1);
	assert_string_equal(m.launcher, "mpirun");
	assert_string_equal(m.archive.file, "timings.csv.gz");
	assert_string_equal(m.archive.sha256, "ab12");
	assert_int_equal(m.archive.bytes, 1000);
	assert_int_equal(m.archive.gz_bytes, 300);
	assert_int_equal(m.archive.rows, 9);
	assert_string_equal(m.ledger.prev, "0123456789abcdef");
	assert_string_equal(m.workload.name, "pingpong");
	assert_true(m.workload.has_ranks && m.workload.ranks == 2);
	assert_int_equal(json_integer_value(json_object_get(
			     json_object_get(m.json, "recovered"), "lost_pid")),
			 42);
	/* the bytes of what was read are the bytes written */
	again = json_dumps(m.json, JSON_INDENT(2) | JSON_SORT_KEYS);
	assert_int_equal(strlen(again) + 1, strlen(text));
	assert_memory_equal(again, text, strlen(again));
	pr_manifest_free(&m);

	free(again);
	free(text);
	json_decref(p.pin);
	json_decref(p.schedule);
	json_decref(p.configs);
	json_decref(p.environment);
	json_decref(p.archive);
	json_decref(p.ledger);
	json_decref(p.workload);
	json_decref(p.recovered);
	json_decref(launches);
	json_decref(lost_pid);
	json_decref(lost_host);
	pr_schedule_free(&sched);
	pr_spec_free(spec);
}

/* A section missing, or holding another type, reads as absent. */
static void test_read_absent_and_mistyped(void **state)
{
	static const char text[] = "{\"run_id\": 7, \"pin\": {\"k\": \"2\", "
				   "\"tag\": \"t\"}, \"archive\": []}\n";
	pr_manifest m;

	(void)state;
	assert_int_equal(pr_write_file_atomic(path, text, strlen(text)), 0);
	assert_int_equal(pr_manifest_read(&m, path), 0);
	assert_null(m.run_id);
	assert_null(m.status);
	assert_string_equal(m.pin.tag, "t");
	assert_false(m.pin.has_k);
	assert_int_equal(m.pin.k, 0);
	assert_null(m.archive.sha256);
	assert_null(m.configs);
	assert_null(pr_manifest_config(&m, 0, "transport"));
	pr_manifest_free(&m);
	assert_int_equal(pr_write_file_atomic(path, "[1]", 3), 0);
	assert_int_equal(pr_manifest_read(&m, path), 0);
	assert_non_null(m.json);
	assert_null(m.run_id);
	pr_manifest_free(&m);
}

/* JSON that does not parse is an error naming the file; a missing one
 * too. */
static void test_read_errors(void **state)
{
	pr_manifest m;

	(void)state;
	assert_int_equal(pr_write_file_atomic(path, "{\"run_id\": ", 11), 0);
	assert_int_equal(pr_manifest_read(&m, path), PR_EFAIL);
	assert_null(m.json);
	assert_non_null(strstr(pr_last_error(), "cannot read '"));
	pr_manifest_free(&m);
	assert_int_equal(pr_manifest_read(&m, "/nonexistent/manifest.json"),
			 PR_EFAIL);
	pr_manifest_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_round_trip),
	    cmocka_unit_test(test_read_absent_and_mistyped),
	    cmocka_unit_test(test_read_errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
