/* test_record.c - the profiling library's record: the operations list,
 * the call buffer's bound, the table of posted requests, the files */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/util.h"
#include "helpers/scratch.h"
#include "pmpi/record.h"

#define ALL ((1u << PR_PMPI_NOPS) - 1)

static void test_ops_parse(void **state)
{
	unsigned mask = 0;
	char bad[16];

	(void)state;
	assert_int_equal(pr_pmpi_ops_parse(&mask, NULL, bad, sizeof(bad)), 0);
	assert_int_equal(mask, ALL);
	assert_int_equal(pr_pmpi_ops_parse(&mask, "", bad, sizeof(bad)), 0);
	assert_int_equal(mask, ALL);
	assert_int_equal(pr_pmpi_ops_parse(&mask, "all", bad, sizeof(bad)), 0);
	assert_int_equal(mask, ALL);
	assert_int_equal(
	    pr_pmpi_ops_parse(&mask, "allreduce,ibarrier", bad, sizeof(bad)),
	    0);
	assert_int_equal(mask,
			 (1u << PR_PMPI_ALLREDUCE) | (1u << PR_PMPI_IBARRIER));
	/* a prefix of a name is no name; nor is an empty item */
	assert_int_equal(
	    pr_pmpi_ops_parse(&mask, "allreduce,allred", bad, sizeof(bad)), -1);
	assert_string_equal(bad, "allred");
	assert_int_equal(
	    pr_pmpi_ops_parse(&mask, "bcast,,reduce", bad, sizeof(bad)), -1);
	assert_string_equal(bad, "");
	assert_int_equal(pr_pmpi_ops_parse(&mask, "bcast,", bad, sizeof(bad)),
			 -1);
	/* the bad name is cut to the room given */
	assert_int_equal(
	    pr_pmpi_ops_parse(&mask, "averyveryverylongname", bad, sizeof(bad)),
	    -1);
	assert_string_equal(bad, "averyveryverylo");
}

static void test_op_names(void **state)
{
	int op;

	(void)state;
	for (op = 0; op < PR_PMPI_NOPS; op++)
		assert_non_null(pr_pmpi_op_name(op));
	assert_null(pr_pmpi_op_name(-1));
	assert_null(pr_pmpi_op_name(PR_PMPI_NOPS));
	assert_string_equal(pr_pmpi_op_name(PR_PMPI_IGATHERV), "igatherv");
	assert_true(pr_pmpi_op_collective(PR_PMPI_ALLREDUCE));
	assert_true(pr_pmpi_op_collective(PR_PMPI_IBARRIER));
	assert_false(pr_pmpi_op_collective(PR_PMPI_SENDRECV));
	assert_false(pr_pmpi_op_collective(PR_PMPI_IRECV));
	assert_false(pr_pmpi_op_collective(PR_PMPI_NOPS));
}

static pr_pmpi_call call_of(int op, int64_t bytes)
{
	pr_pmpi_call c;

	memset(&c, 0, sizeof(c));
	c.op = op;
	c.bytes = bytes;
	c.comm_size = 4;
	return c;
}

static void test_bounded(void **state)
{
	pr_pmpi_record r;
	pr_pmpi_call c = call_of(PR_PMPI_BCAST, 8);
	int i;

	(void)state;
	assert_int_equal(pr_pmpi_record_init(&r, 3, ALL), 0);
	for (i = 0; i < 5; i++) {
		c.t_start_ns = i;
		pr_pmpi_add(&r, &c);
	}
	assert_int_equal(r.n, 3);
	assert_int_equal(r.dropped, 2);
	assert_int_equal(r.calls[2].t_start_ns, 2);
	pr_pmpi_record_free(&r);
	assert_null(r.calls);
	pr_pmpi_record_free(&r); /* twice: a no-op */
}

static void test_comms(void **state)
{
	pr_pmpi_record r;
	int i, id = 0;

	(void)state;
	assert_int_equal(pr_pmpi_record_init(&r, 1, ALL), 0);
	assert_int_equal(pr_pmpi_comm_new(&r), 0);
	assert_int_equal(pr_pmpi_comm_new(&r), 1);
	assert_int_equal(pr_pmpi_comm_next(&r, 0), 0);
	assert_int_equal(pr_pmpi_comm_next(&r, 0), 1);
	assert_int_equal(pr_pmpi_comm_next(&r, 1), 0);
	for (i = 2; i < PR_PMPI_MAX_COMMS + 5; i++)
		id = pr_pmpi_comm_new(&r);
	/* past the limit every communicator shares the last id, unnumbered */
	assert_int_equal(id, PR_PMPI_MAX_COMMS - 1);
	assert_int_equal(pr_pmpi_comm_next(&r, PR_PMPI_MAX_COMMS - 2), 0);
	assert_int_equal(pr_pmpi_comm_next(&r, PR_PMPI_MAX_COMMS - 1), -1);
	assert_int_equal(pr_pmpi_comm_next(&r, -1), -1);
	pr_pmpi_record_free(&r);
}

static void test_pending(void **state)
{
	pr_pmpi_record r;
	pr_pmpi_call x = call_of(PR_PMPI_IALLREDUCE, 64), got;
	int i;

	(void)state;
	assert_int_equal(pr_pmpi_record_init(&r, 1, ALL), 0);
	x.call = 7;
	x.comm = 2;
	pr_pmpi_post(&r, 0x5000, &x);
	x.bytes = 128;
	pr_pmpi_post(&r, 0x6000, &x);
	assert_int_equal(pr_pmpi_take(&r, 0x7000, &got), 0);
	assert_int_equal(pr_pmpi_take(&r, 0, &got), 0);
	assert_int_equal(pr_pmpi_take(&r, 0x5000, &got), 1);
	assert_int_equal(got.op, PR_PMPI_IALLREDUCE);
	assert_int_equal(got.bytes, 64);
	assert_int_equal(got.call, 7);
	assert_int_equal(got.comm, 2);
	assert_int_equal(pr_pmpi_take(&r, 0x5000, &got), 0); /* taken once */
	/* a post under a key still held replaces it */
	x.bytes = 256;
	pr_pmpi_post(&r, 0x6000, &x);
	assert_int_equal(pr_pmpi_take(&r, 0x6000, &got), 1);
	assert_int_equal(got.bytes, 256);
	assert_int_equal(pr_pmpi_take(&r, 0x6000, &got), 0);

	/* three quarters full, clusters are long: taking every other key
	 * leaves each remaining one found (the clusters close over the holes)
	 * and none taken */
	for (i = 1; i <= 3 * PR_PMPI_PENDING / 4; i++)
		pr_pmpi_post(&r, (uintptr_t)i * 48, &x);
	for (i = 1; i <= 3 * PR_PMPI_PENDING / 4; i += 2)
		assert_int_equal(pr_pmpi_take(&r, (uintptr_t)i * 48, &got), 1);
	for (i = 1; i <= 3 * PR_PMPI_PENDING / 4; i++)
		assert_int_equal(pr_pmpi_take(&r, (uintptr_t)i * 48, &got),
				 i % 2 == 0);

	/* a full table loses the next post, and counts it */
	for (i = 1; i <= PR_PMPI_PENDING; i++)
		pr_pmpi_post(&r, (uintptr_t)i * 16, &x);
	assert_int_equal(r.lost, 0);
	pr_pmpi_post(&r, (uintptr_t)(PR_PMPI_PENDING + 1) * 16, &x);
	assert_int_equal(r.lost, 1);
	for (i = 1; i <= PR_PMPI_PENDING; i++)
		assert_int_equal(pr_pmpi_take(&r, (uintptr_t)i * 16, &got), 1);
	pr_pmpi_record_free(&r);
}

static void test_maps(void **state)
{
	static const char maps[] =
	    "55d0-55d1 r--p 00000000 08:01 100   /usr/bin/prog\n"
	    "55d1-55d2 r-xp 00001000 08:01 100   /usr/bin/prog\n"
	    "7f00-7f01 rw-p 00000000 00:00 0 \n"
	    "7f01-7f02 r-xp 00002000 08:01 200   /usr/lib/libmpi.so.40\n"
	    "7f02-7f03 r-xp 00003000 08:01 200   /usr/lib/libmpi.so.40\n"
	    "7f03-7f04 r-xp 00000000 00:00 0     [vdso]\n"
	    "7f04-7f05 r-xp 00000000 08:01 300   /opt/a b/lib x.so (deleted)\n"
	    "7f05-7f06 r-xp 00000000 08:01 400   /usr/lib/cut";
	char **v = NULL;
	size_t n = 9, i;

	(void)state;
	assert_int_equal(pr_pmpi_maps_parse(&v, &n, maps), 0);
	/* each executable file once, in order; anonymous and [vdso] out; a
	 * path with spaces whole; a last line without its newline read */
	assert_int_equal(n, 4);
	assert_string_equal(v[0], "/usr/bin/prog");
	assert_string_equal(v[1], "/usr/lib/libmpi.so.40");
	assert_string_equal(v[2], "/opt/a b/lib x.so (deleted)");
	assert_string_equal(v[3], "/usr/lib/cut");
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
	assert_int_equal(pr_pmpi_maps_parse(&v, &n, ""), 0);
	assert_int_equal(n, 0);
	free(v);
	assert_int_equal(pr_pmpi_maps_parse(&v, &n, "garbage\nr-x\n"), 0);
	assert_int_equal(n, 0);
	free(v);
}

static void test_write(void **state)
{
	char *dir = pr_scratch_dir("pmpi"), *path, *text = NULL, why[256];
	pr_pmpi_record r;
	pr_pmpi_clock clk;
	pr_pmpi_call c = call_of(PR_PMPI_ALLREDUCE, 8);
	size_t len;

	(void)state;
	assert_int_equal(pr_pmpi_record_init(&r, 4,
					     (1u << PR_PMPI_ALLREDUCE) |
						 (1u << PR_PMPI_RECV)),
			 0);
	c.call = 0;
	c.t_start_ns = 1000;
	c.t_end_ns = 1500;
	pr_pmpi_add(&r, &c);
	c = call_of(PR_PMPI_RECV, 512);
	c.call = -1;
	c.comm = 1;
	c.comm_size = 2;
	c.t_start_ns = 2000;
	c.t_end_ns = 2600;
	pr_pmpi_add(&r, &c);
	memset(&clk, 0, sizeof(clk));
	clk.rank = 1;
	clk.nranks = 2;
	clk.offset_ns = 100;
	clk.min_rtt_ns = 900;
	snprintf(clk.host, sizeof(clk.host), "node\"1");
	snprintf(clk.boot_id, sizeof(clk.boot_id), "abc");
	assert_int_equal(pr_pmpi_maps_parse(&r.files, &r.nfiles,
					    "1000-2000 r-xp 0 08:01 7 "
					    "/usr/bin/a\"b\n"),
			 0);
	assert_int_equal(pr_pmpi_write(&r, &clk, dir, why, sizeof(why)), 0);
	path = pr_asprintf("%s/rank-1.csv", dir);
	assert_int_equal(pr_read_file(&text, &len, path, 1 << 20), 0);
	/* times on rank 0's clock: t - offset */
	assert_string_equal(
	    text, "rank,op,comm,call,comm_size,bytes,t_start_ns,t_end_ns\n"
		  "1,allreduce,0,0,4,8,900,1400\n"
		  "1,recv,1,-1,2,512,1900,2500\n");
	free(text);
	free(path);
	path = pr_asprintf("%s/rank-1.json", dir);
	assert_int_equal(pr_read_file(&text, &len, path, 1 << 20), 0);
	assert_string_equal(
	    text,
	    "{\"rank\": 1, \"nranks\": 2, \"host\": \"node\\\"1\", "
	    "\"boot_id\": \"abc\", \"clock_shared\": false, "
	    "\"clock_offset_ns\": 100, \"clock_min_rtt_ns\": 900, "
	    "\"calls\": 2, \"dropped\": 0, \"lost_posts\": 0, \"ops\": "
	    "[\"allreduce\", \"recv\"], \"files\": [\"/usr/bin/a\\\"b\"]}\n");
	free(text);
	free(path);
	/* no temporary file is left */
	path = pr_asprintf("%s/.rank-1.csv.tmp", dir);
	assert_int_equal(access(path, F_OK), -1);
	free(path);

	assert_int_equal(
	    pr_pmpi_write_error(3, "no \"memory\"", dir, why, sizeof(why)), 0);
	path = pr_asprintf("%s/rank-3.json", dir);
	assert_int_equal(pr_read_file(&text, &len, path, 1 << 20), 0);
	assert_string_equal(
	    text, "{\"rank\": 3, \"error\": \"no \\\"memory\\\"\"}\n");
	free(text);
	free(path);

	/* a directory that is not there: the file named, nothing written */
	path = pr_asprintf("%s/gone", dir);
	assert_int_equal(pr_pmpi_write(&r, &clk, path, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "cannot create"));
	assert_non_null(strstr(why, "/gone/.rank-1.csv.tmp"));
	free(path);
	pr_pmpi_record_free(&r);
	pr_scratch_remove(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ops_parse), cmocka_unit_test(test_op_names),
	    cmocka_unit_test(test_bounded),   cmocka_unit_test(test_comms),
	    cmocka_unit_test(test_pending),   cmocka_unit_test(test_maps),
	    cmocka_unit_test(test_write),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
