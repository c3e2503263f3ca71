/* test_tsa.c - unit tests of src/repo/tsa.c against the test time-stamping
 * authorities of tests/tsa/tsa.sh (skipped when openssl or python3 are
 * missing), and the time of one fetch (a figure, not an assertion) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cmocka.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/ts.h>
#include <openssl/x509.h>

#include "base/child.h"
#include "base/util.h"
#include "repo/tsa.h"

#define COMMIT "0123456789abcdef0123456789abcdef01234567"
#define SPEC "89abcdef0123456789abcdef0123456789abcdef"
#define PRED "fedcba9876543210fedcba9876543210fedcba98"

/* Two authorities of unrelated CAs: "a" (trusted) and "b" (the other). */
static struct {
	char *dir, *script, *url_a, *url_b, *ca_a, *ca_b;
	const char *why_not; /* set when the authorities are unavailable */
} tsa;

static char *statement(const char *name)
{
	char *s = NULL;

	assert_int_equal(pr_tsa_statement(&s, name, 3, COMMIT, SPEC, PRED),
			 PR_OK);
	return s;
}

/* tsa.sh start|stop DIR/name; the URL it prints (caller frees) or NULL. */
static char *tsa_sh(const char *verb, const char *name)
{
	pr_argv a = {0};
	char *out = NULL;
	int status = -1;

	pr_argv_push(&a, "sh");
	pr_argv_push(&a, tsa.script);
	pr_argv_push(&a, verb);
	pr_argv_pushf(&a, "%s/%s", tsa.dir, name);
	if (pr_child_capture(&out, &status, a.v) < 0 || status != 0) {
		free(out);
		out = NULL;
	} else {
		out[strcspn(out, "\n")] = '\0';
	}
	pr_argv_free(&a);
	return out;
}

static int have(const char *prog)
{
	char *argv[] = {"sh", "-c", "command -v \"$0\"", (char *)prog, NULL};
	char *out = NULL;
	int status = -1;

	pr_child_capture(&out, &status, argv);
	free(out);
	return status == 0;
}

static int setup(void **state)
{
	char *bin = NULL;

	(void)state;
	if (!have("openssl") || !have("python3")) {
		tsa.why_not = "openssl or python3 is not installed";
		return 0;
	}
	if (pr_exe_dir(&bin) < 0)
		return -1;
	/* BIN/tests/test_tsa of the source tree, or run from its root */
	tsa.script = pr_asprintf("%s/../../tests/tsa/tsa.sh", bin);
	free(bin);
	if (access(tsa.script, R_OK) != 0) {
		free(tsa.script);
		tsa.script = pr_strdup("tests/tsa/tsa.sh");
	}
	if (access(tsa.script, R_OK) != 0) {
		tsa.why_not = "tests/tsa/tsa.sh is not found";
		return 0;
	}
	if (pr_mkdtemp(&tsa.dir, "/tmp/prereg-tsa.") < 0)
		return -1;
	tsa.url_a = tsa_sh("start", "a");
	tsa.url_b = tsa_sh("start", "b");
	if (!tsa.url_a || !tsa.url_b) {
		tsa.why_not = "tests/tsa/tsa.sh start failed";
		return 0;
	}
	tsa.ca_a = pr_asprintf("%s/a/ca.pem", tsa.dir);
	tsa.ca_b = pr_asprintf("%s/b/ca.pem", tsa.dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (tsa.dir) {
		free(tsa_sh("stop", "a"));
		free(tsa_sh("stop", "b"));
		pr_remove_tree(tsa.dir);
	}
	free(tsa.dir);
	free(tsa.script);
	free(tsa.url_a);
	free(tsa.url_b);
	free(tsa.ca_a);
	free(tsa.ca_b);
	return 0;
}

static void need_tsa(void)
{
	if (tsa.why_not) {
		print_message("# skipped: %s\n", tsa.why_not);
		skip();
	}
}

static void test_statement(void **state)
{
	char *s = NULL;

	(void)state;
	s = statement("kv-allreduce");
	assert_string_equal(s, "prereg pin\nexperiment kv-allreduce\nk 3\n"
			       "commit " COMMIT "\nspec " SPEC
			       "\nprediction " PRED "\n");
	free(s);
	pr_set_quiet(1);
	assert_int_equal(pr_tsa_statement(&s, "kv", 0, COMMIT, SPEC, PRED),
			 PR_EINPUT);
	assert_null(s);
	assert_int_equal(pr_tsa_statement(&s, "../x", 1, COMMIT, SPEC, PRED),
			 PR_EINPUT);
	assert_int_equal(pr_tsa_statement(&s, "kv", 1, "0123", SPEC, PRED),
			 PR_EINPUT);
	assert_int_equal(pr_tsa_statement(&s, "kv", 1, COMMIT, SPEC,
					  "FEDCBA9876543210FEDCBA9876543210"
					  "FEDCBA98"),
			 PR_EINPUT);
	pr_set_quiet(0);
}

/* The DER request parses back: version 1, SHA-256 of the statement,
 * certReq, the nonce returned; two requests draw two nonces. */
static void test_request(void **state)
{
	unsigned char *der = NULL, md[32];
	const unsigned char *p;
	char *s = statement("kv");
	uint64_t nonce = 0, nonce2 = 0, got = 0;
	size_t len = 0;
	TS_REQ *req;
	TS_MSG_IMPRINT *imprint;
	const ASN1_OBJECT *alg = NULL;
	ASN1_OCTET_STRING *msg;

	(void)state;
	assert_int_equal(pr_tsa_request(&der, &len, &nonce, s), PR_OK);
	p = der;
	assert_non_null(req = d2i_TS_REQ(NULL, &p, (long)len));
	assert_ptr_equal(p, der + len);
	assert_int_equal(TS_REQ_get_version(req), 1);
	assert_int_equal(TS_REQ_get_cert_req(req), 1);
	assert_int_equal(ASN1_INTEGER_get_uint64(&got, TS_REQ_get_nonce(req)),
			 1);
	assert_true(got == nonce);
	imprint = TS_REQ_get_msg_imprint(req);
	X509_ALGOR_get0(&alg, NULL, NULL, TS_MSG_IMPRINT_get_algo(imprint));
	assert_int_equal(OBJ_obj2nid(alg), NID_sha256);
	msg = TS_MSG_IMPRINT_get_msg(imprint);
	assert_int_equal(EVP_Digest(s, strlen(s), md, NULL, EVP_sha256(), NULL),
			 1);
	assert_int_equal(ASN1_STRING_length(msg), 32);
	assert_memory_equal(ASN1_STRING_get0_data(msg), md, 32);
	TS_REQ_free(req);
	free(der);
	assert_int_equal(pr_tsa_request(&der, &len, &nonce2, s), PR_OK);
	assert_true(nonce2 != nonce);
	free(der);
	free(s);
}

/* A token from the trusted authority verifies, with and without the
 * nonce; genTime is now, the TSA's name is the certificate's. */
static void test_verify_good(void **state)
{
	char *s = statement("kv");
	pr_tsa_token t;
	pr_tsa_info info;
	int64_t now = pr_now_unix();

	(void)state;
	need_tsa();
	assert_int_equal(pr_tsa_fetch(&t, tsa.url_a, s), PR_OK);
	assert_int_equal(
	    pr_tsa_verify(&info, t.der, t.len, s, &t.nonce, tsa.ca_a), PR_OK);
	assert_int_equal(info.failed, PR_TSA_CHECK_NONE);
	assert_true(info.gen_time >= now - 60 && info.gen_time <= now + 60);
	assert_int_equal(strlen(info.gen_time_text), 20);
	assert_non_null(info.tsa_name);
	assert_non_null(strstr(info.tsa_name, "CN=test TSA a"));
	pr_tsa_info_clear(&info);
	assert_int_equal(pr_tsa_verify(&info, t.der, t.len, s, NULL, tsa.ca_a),
			 PR_OK);
	pr_tsa_info_clear(&info);
	pr_tsa_token_clear(&t);
	free(s);
}

static void refused(const pr_tsa_token *t, const char *s, const uint64_t *nonce,
		    const char *ca, pr_tsa_check check)
{
	pr_tsa_info info;
	char *want;

	pr_set_quiet(1);
	assert_int_equal(pr_tsa_verify(&info, t->der, t->len, s, nonce, ca),
			 PR_EREFUSED);
	pr_set_quiet(0);
	assert_int_equal(info.failed, check);
	want = pr_asprintf("time-stamp token fails the %s check: ",
			   pr_tsa_check_name(check));
	assert_memory_equal(pr_last_error(), want, strlen(want));
	free(want);
	pr_tsa_info_clear(&info);
}

/* Each failed check is named: another statement (imprint), the other CA
 * (signature, both ways), another nonce, bytes that are no response. */
static void test_verify_refused(void **state)
{
	char *s = statement("kv"), *other = statement("kv2");
	pr_tsa_token t, tb;
	pr_tsa_token garbage = {(unsigned char *)"\x30\x03\x02\x01", 4, 0};
	uint64_t wrong;

	(void)state;
	need_tsa();
	assert_int_equal(pr_tsa_fetch(&t, tsa.url_a, s), PR_OK);
	assert_int_equal(pr_tsa_fetch(&tb, tsa.url_b, s), PR_OK);
	wrong = t.nonce + 1;
	refused(&t, other, &t.nonce, tsa.ca_a, PR_TSA_CHECK_IMPRINT);
	refused(&t, s, &t.nonce, tsa.ca_b, PR_TSA_CHECK_SIGNATURE);
	refused(&tb, s, &tb.nonce, tsa.ca_a, PR_TSA_CHECK_SIGNATURE);
	refused(&t, s, &wrong, tsa.ca_a, PR_TSA_CHECK_NONCE);
	refused(&garbage, s, NULL, tsa.ca_a, PR_TSA_CHECK_PARSE);
	garbage.der = t.der;
	garbage.len = t.len - 1;
	refused(&garbage, s, NULL, tsa.ca_a, PR_TSA_CHECK_PARSE);
	garbage.len = 0;
	refused(&garbage, s, NULL, tsa.ca_a, PR_TSA_CHECK_PARSE);
	pr_tsa_token_clear(&t);
	pr_tsa_token_clear(&tb);
	free(other);
	free(s);
}

/* An unreadable CA file is an error, not a failed check. */
static void test_verify_no_ca(void **state)
{
	char *s = statement("kv");
	pr_tsa_token t;
	pr_tsa_info info;

	(void)state;
	need_tsa();
	assert_int_equal(pr_tsa_fetch(&t, tsa.url_a, s), PR_OK);
	pr_set_quiet(1);
	assert_int_equal(
	    pr_tsa_verify(&info, t.der, t.len, s, NULL, "/nonexistent/ca.pem"),
	    PR_EFAIL);
	pr_set_quiet(0);
	assert_int_equal(info.failed, PR_TSA_CHECK_NONE);
	assert_non_null(strstr(pr_last_error(), "'/nonexistent/ca.pem'"));
	pr_tsa_token_clear(&t);
	free(s);
}

/* A port nobody listens on: the authority cannot be reached. */
static void test_fetch_unreachable(void **state)
{
	struct sockaddr_in sa;
	socklen_t sl = sizeof(sa);
	pr_tsa_token t;
	char *s = statement("kv"), *url, *want;
	int fd;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_true((fd = socket(AF_INET, SOCK_STREAM, 0)) >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &sl), 0);
	close(fd);
	url = pr_asprintf("http://127.0.0.1:%d/", ntohs(sa.sin_port));
	pr_set_quiet(1);
	assert_int_equal(pr_tsa_fetch(&t, url, s), PR_EFAIL);
	pr_set_quiet(0);
	assert_null(t.der);
	want = pr_asprintf("cannot reach time-stamping authority '%s': ", url);
	assert_memory_equal(pr_last_error(), want, strlen(want));
	free(want);
	free(url);
	free(s);
}

/* An authority that fails: each way has its message and no token. */
static void fetch_fails(const char *path, const char *want_fmt)
{
	char *s = statement("kv"), *url, *want;
	pr_tsa_token t;

	url = pr_asprintf("%s%s", tsa.url_a, path);
	want = pr_asprintf(want_fmt, url);
	pr_set_quiet(1);
	assert_int_equal(pr_tsa_fetch(&t, url, s), PR_EFAIL);
	pr_set_quiet(0);
	assert_null(t.der);
	assert_memory_equal(pr_last_error(), want, strlen(want));
	free(want);
	free(url);
	free(s);
}

static void test_fetch_fails(void **state)
{
	(void)state;
	need_tsa();
	fetch_fails("http-503",
		    "time-stamping authority '%s' answered HTTP 503");
	fetch_fails("not-tsa", "time-stamping authority '%s' did not "
			       "answer a time-stamp response");
	fetch_fails("reject", "time-stamping authority '%s' refused the "
			      "request: rejection: ");
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The time of one fetch from the test authority, median of 10. */
static void test_fetch_time(void **state)
{
	char *s = statement("kv");
	int64_t ns[10], t0;
	pr_tsa_token t;
	size_t i;

	(void)state;
	need_tsa();
	for (i = 0; i < 10; i++) {
		t0 = pr_mono_ns();
		assert_int_equal(pr_tsa_fetch(&t, tsa.url_a, s), PR_OK);
		ns[i] = pr_mono_ns() - t0;
		pr_tsa_token_clear(&t);
	}
	qsort(ns, 10, sizeof(ns[0]), cmp_i64);
	print_message("# fetch from the test TSA: median of 10 %.1f ms "
		      "(min %.1f, max %.1f)\n",
		      (double)(ns[4] + ns[5]) / 2e6, (double)ns[0] / 1e6,
		      (double)ns[9] / 1e6);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_statement),
	    cmocka_unit_test(test_request),
	    cmocka_unit_test(test_verify_good),
	    cmocka_unit_test(test_verify_refused),
	    cmocka_unit_test(test_verify_no_ca),
	    cmocka_unit_test(test_fetch_unreachable),
	    cmocka_unit_test(test_fetch_fails),
	    cmocka_unit_test(test_fetch_time),
	};

	/* The test authorities are on 127.0.0.1, never behind a proxy. */
	setenv("no_proxy", "127.0.0.1", 1);
	return cmocka_run_group_tests(tests, setup, teardown);
}
