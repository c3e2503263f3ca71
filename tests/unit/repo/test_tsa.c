/* test_tsa.c - unit tests of src/repo/tsa.c against the test time-stamping
 * authorities of tests/tsa/tsa.sh (skipped when openssl or python3 are
 * missing) and their failing paths, responses made here (statuses without
 * a token; tokens signed with authority a's key, with other names and
 * times), and the time of one fetch (a figure, not an assertion) */
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
#include <openssl/ess.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs7.h>
#include <openssl/ts.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include "base/child.h"
#include "base/util.h"
#include "helpers/scratch.h"
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

static int setup(void **state)
{
	char *bin = NULL;

	(void)state;
	if (!pr_scratch_have("openssl") || !pr_scratch_have("python3")) {
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
	tsa.dir = pr_scratch_dir("test-tsa");
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
		pr_scratch_remove(tsa.dir);
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
	/* no commit at all, and a bad spec blob between two good ids */
	assert_int_equal(pr_tsa_statement(&s, "kv", 1, NULL, SPEC, PRED),
			 PR_EINPUT);
	assert_null(s);
	assert_int_equal(pr_tsa_statement(&s, "kv", 1, COMMIT, SPEC "0", PRED),
			 PR_EINPUT);
	assert_null(s);
	assert_string_equal(pr_last_error(),
			    "statement of 'kv': an id is not 40 lower-case hex "
			    "digits");
	assert_int_equal(pr_tsa_statement(&s, "kv", -2, COMMIT, SPEC, PRED),
			 PR_EINPUT);
	assert_string_equal(pr_last_error(),
			    "pin number -2 of 'kv' is not positive");
	assert_null(s);
}

/* Each check has its name; "" for none and for a value out of the enum. */
static void test_check_name(void **state)
{
	(void)state;
	assert_string_equal(pr_tsa_check_name(PR_TSA_CHECK_PARSE), "parse");
	assert_string_equal(pr_tsa_check_name(PR_TSA_CHECK_SIGNATURE),
			    "signature");
	assert_string_equal(pr_tsa_check_name(PR_TSA_CHECK_IMPRINT), "imprint");
	assert_string_equal(pr_tsa_check_name(PR_TSA_CHECK_NONCE), "nonce");
	assert_string_equal(pr_tsa_check_name(PR_TSA_CHECK_NONE), "");
	assert_string_equal(pr_tsa_check_name((pr_tsa_check)99), "");
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

	assert_int_equal(pr_tsa_verify(&info, t->der, t->len, s, nonce, ca),
			 PR_EREFUSED);
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

/* pr_tsa_verify of len bytes at der is refused by the parse check with a
 * message holding want; nothing is returned. */
static void parse_refused(const void *der, size_t len, const char *want)
{
	char *s = statement("kv");
	pr_tsa_info info;

	assert_int_equal(pr_tsa_verify(&info, der, len, s, NULL, tsa.ca_a),
			 PR_EREFUSED);
	assert_int_equal(info.failed, PR_TSA_CHECK_PARSE);
	assert_null(info.tsa_name);
	assert_true(info.gen_time == 0);
	assert_non_null(strstr(pr_last_error(), want));
	pr_tsa_info_clear(&info);
	free(s);
}

/*
 * A TimeStampResp of status st with the texts t1 and t2 (NULL: fewer) and
 * no token, as DER into buf (at least 64 bytes); its length.
 */
static size_t status_only(unsigned char *buf, int st, const char *t1,
			  const char *t2)
{
	const char *t[2] = {t1, t2};
	size_t n = 0, texts = 0, i, l;

	for (i = 0; i < 2; i++)
		texts += t[i] ? 2 + strlen(t[i]) : 0;
	assert_true(texts <= 40);
	buf[n++] = 0x30; /* TimeStampResp */
	buf[n++] = (unsigned char)(2 + 3 + (texts ? 2 + texts : 0));
	buf[n++] = 0x30; /* PKIStatusInfo */
	buf[n++] = (unsigned char)(3 + (texts ? 2 + texts : 0));
	buf[n++] = 0x02; /* status INTEGER */
	buf[n++] = 0x01;
	buf[n++] = (unsigned char)(st & 0xff);
	if (!texts)
		return n;
	buf[n++] = 0x30; /* statusString, SEQUENCE OF UTF8String */
	buf[n++] = (unsigned char)texts;
	for (i = 0; i < 2 && t[i]; i++) {
		l = strlen(t[i]);
		buf[n++] = 0x0c;
		buf[n++] = (unsigned char)l;
		memcpy(buf + n, t[i], l);
		n += l;
	}
	return n;
}

/* A response without a token is named by its status and all its texts;
 * a status outside RFC 3161's is "unknown status"; a granted status
 * without a token is no response at all. */
static void test_verify_status(void **state)
{
	unsigned char der[64];
	size_t n;

	(void)state;
	n = status_only(der, 2, "bad alg", "try sha512");
	parse_refused(der, n,
		      "time-stamp token fails the parse check: a "
		      "response without a token (rejection: bad alg; "
		      "try sha512)");
	n = status_only(der, 3, NULL, NULL);
	parse_refused(der, n, "without a token (waiting)");
	n = status_only(der, 7, "later", NULL);
	parse_refused(der, n, "without a token (unknown status: later)");
	n = status_only(der, -1, NULL, NULL);
	parse_refused(der, n, "without a token (unknown status)");
	n = status_only(der, 0, NULL, NULL);
	parse_refused(der, n, "not a DER time-stamp response");
}

/* The bytes around a good token: absent, followed by more bytes, beyond
 * the largest answer prereg reads; its status changed outside the
 * signature: grantedWithMods still verifies, rejection is no response. */
static void test_verify_bytes(void **state)
{
	static const unsigned char granted[] = {0x30, 0x03, 0x02, 0x01, 0x00};
	char *s = statement("kv");
	unsigned char *copy, *st;
	pr_tsa_token t;
	pr_tsa_info info;

	(void)state;
	need_tsa();
	assert_int_equal(pr_tsa_fetch(&t, tsa.url_a, s), PR_OK);
	parse_refused(NULL, 0, "not a DER time-stamp response");
	parse_refused(NULL, t.len, "not a DER time-stamp response");
	copy = pr_calloc(1024 * 1024 + 1, 1);
	memcpy(copy, t.der, t.len);
	parse_refused(copy, t.len + 1, "not a DER time-stamp response");
	parse_refused(copy, 1024 * 1024 + 1, "not a DER time-stamp response");
	/* as it came, from a buffer of the largest size: good */
	assert_int_equal(
	    pr_tsa_verify(&info, copy, t.len, s, &t.nonce, tsa.ca_a), PR_OK);
	pr_tsa_info_clear(&info);

	/* the status is outside the signed token: the PKIStatusInfo of a
	 * granted answer, right after the outer SEQUENCE's header */
	assert_non_null(st = memmem(copy, 16, granted, sizeof(granted)));
	st[4] = 1; /* grantedWithMods */
	assert_int_equal(
	    pr_tsa_verify(&info, copy, t.len, s, &t.nonce, tsa.ca_a), PR_OK);
	assert_int_equal(info.failed, PR_TSA_CHECK_NONE);
	pr_tsa_info_clear(&info);
	st[4] = 2; /* rejection, with a token: OpenSSL reads no response */
	parse_refused(copy, t.len, "not a DER time-stamp response");
	free(copy);
	pr_tsa_token_clear(&t);
	free(s);
}

/* The PEM object of authority a's file (tsa.pem, tsa.key) by read. */
static void *pem_of(const char *file,
		    void *(*read)(FILE *, void **, pem_password_cb *, void *))
{
	char *path = pr_asprintf("%s/a/%s", tsa.dir, file);
	FILE *f = fopen(path, "r");
	void *x;

	assert_non_null(f);
	x = read(f, NULL, NULL, NULL);
	assert_non_null(x);
	fclose(f);
	free(path);
	return x;
}

static void *read_x509(FILE *f, void **x, pem_password_cb *cb, void *u)
{
	return PEM_read_X509(f, (X509 **)x, cb, u);
}

static void *read_key(FILE *f, void **x, pem_password_cb *cb, void *u)
{
	return PEM_read_PrivateKey(f, (EVP_PKEY **)x, cb, u);
}

/* The TSTInfo of a token over statement: SHA-256 imprint, genTime the
 * text gen_time as it is, the TSA's name tsa_name (NULL: none). */
static TS_TST_INFO *tst_info(const char *statement, const char *gen_time,
			     GENERAL_NAME *tsa_name)
{
	unsigned char md[32];
	TS_TST_INFO *tst = TS_TST_INFO_new();
	TS_MSG_IMPRINT *imprint = TS_MSG_IMPRINT_new();
	X509_ALGOR *alg = X509_ALGOR_new();
	ASN1_INTEGER *serial = ASN1_INTEGER_new();
	ASN1_GENERALIZEDTIME *t = ASN1_GENERALIZEDTIME_new();
	ASN1_OBJECT *policy = OBJ_txt2obj("1.3.6.1.4.1.99999.1", 1);

	assert_true(tst && imprint && alg && serial && t && policy);
	assert_int_equal(EVP_Digest(statement, strlen(statement), md, NULL,
				    EVP_sha256(), NULL),
			 1);
	assert_int_equal(
	    X509_ALGOR_set0(alg, OBJ_nid2obj(NID_sha256), V_ASN1_NULL, NULL),
	    1);
	/* ASN1_STRING_set, not ASN1_GENERALIZEDTIME_set_string: the text
	 * is not checked, as a faulty authority would not check it */
	assert_int_equal(ASN1_STRING_set(t, gen_time, -1), 1);
	assert_true(TS_MSG_IMPRINT_set_algo(imprint, alg) &&
		    TS_MSG_IMPRINT_set_msg(imprint, md, 32) &&
		    TS_TST_INFO_set_version(tst, 1) &&
		    TS_TST_INFO_set_policy_id(tst, policy) &&
		    TS_TST_INFO_set_msg_imprint(tst, imprint) &&
		    ASN1_INTEGER_set(serial, 1) &&
		    TS_TST_INFO_set_serial(tst, serial) &&
		    TS_TST_INFO_set_time(tst, t));
	if (tsa_name)
		assert_int_equal(TS_TST_INFO_set_tsa(tst, tsa_name), 1);
	ASN1_OBJECT_free(policy);
	ASN1_GENERALIZEDTIME_free(t);
	ASN1_INTEGER_free(serial);
	X509_ALGOR_free(alg);
	TS_MSG_IMPRINT_free(imprint);
	return tst;
}

/*
 * A granted TimeStampResp over statement signed with authority a's own
 * key and certificate, as `openssl ts -reply` signs one (SignedData of a
 * TSTInfo, the signing-certificate-v2 attribute), but with the genTime
 * and the TSA's name given: what an authority with a faulty clock or
 * another kind of name would answer. DER into *out (caller frees).
 */
static size_t signed_by_a(unsigned char **out, const char *statement,
			  const char *gen_time, GENERAL_NAME *tsa_name)
{
	X509 *cert = pem_of("tsa.pem", read_x509);
	EVP_PKEY *key = pem_of("tsa.key", read_key);
	TS_TST_INFO *tst = tst_info(statement, gen_time, tsa_name);
	PKCS7 *p7 = PKCS7_new(), *content = PKCS7_new();
	ESS_SIGNING_CERT_V2 *sc;
	ASN1_STRING *attr = ASN1_STRING_new();
	TS_STATUS_INFO *si = TS_STATUS_INFO_new();
	TS_RESP *resp = TS_RESP_new();
	PKCS7_SIGNER_INFO *signer;
	unsigned char *der = NULL, *p;
	BIO *bio;
	int len;

	assert_true(p7 && content && attr && si && resp);
	assert_true(PKCS7_set_type(p7, NID_pkcs7_signed) &&
		    ASN1_INTEGER_set(p7->d.sign->version, 3) &&
		    PKCS7_add_certificate(p7, cert));
	assert_non_null(signer =
			    PKCS7_add_signature(p7, cert, key, EVP_sha256()));
	assert_int_equal(PKCS7_add_signed_attribute(
			     signer, NID_pkcs9_contentType, V_ASN1_OBJECT,
			     OBJ_nid2obj(NID_id_smime_ct_TSTInfo)),
			 1);
	assert_non_null(sc = OSSL_ESS_signing_cert_v2_new_init(EVP_sha256(),
							       cert, NULL, 0));
	assert_true((len = i2d_ESS_SIGNING_CERT_V2(sc, &der)) > 0);
	assert_int_equal(ASN1_STRING_set(attr, der, len), 1);
	OPENSSL_free(der);
	ESS_SIGNING_CERT_V2_free(sc);
	assert_int_equal(PKCS7_add_signed_attribute(
			     signer, NID_id_smime_aa_signingCertificateV2,
			     V_ASN1_SEQUENCE, attr),
			 1);
	/* the content: a TSTInfo in an OCTET STRING */
	content->type = OBJ_nid2obj(NID_id_smime_ct_TSTInfo);
	assert_non_null(content->d.other = ASN1_TYPE_new());
	ASN1_TYPE_set(content->d.other, V_ASN1_OCTET_STRING,
		      ASN1_OCTET_STRING_new());
	assert_int_equal(PKCS7_set_content(p7, content), 1);
	assert_non_null(bio = PKCS7_dataInit(p7, NULL));
	assert_true(i2d_TS_TST_INFO_bio(bio, tst) && PKCS7_dataFinal(p7, bio));
	BIO_free_all(bio);
	assert_true(TS_STATUS_INFO_set_status(si, TS_STATUS_GRANTED) &&
		    TS_RESP_set_status_info(resp, si));
	TS_RESP_set_tst_info(resp, p7, tst); /* owns both */
	der = NULL;
	assert_true((len = i2d_TS_RESP(resp, &der)) > 0);
	*out = p = pr_malloc((size_t)len);
	memcpy(p, der, (size_t)len);
	OPENSSL_free(der);
	TS_RESP_free(resp);
	TS_STATUS_INFO_free(si);
	X509_free(cert);
	EVP_PKEY_free(key);
	return (size_t)len;
}

/* Tokens of the trusted authority's key with other contents: its name
 * as a URI, no name at all; the genTime as written (a fraction and
 * seconds dropped to Unix seconds). */
static void test_verify_names(void **state)
{
	char *s = statement("kv");
	GENERAL_NAME *uri = GENERAL_NAME_new();
	ASN1_IA5STRING *ia5 = ASN1_IA5STRING_new();
	unsigned char *der = NULL;
	pr_tsa_info info;
	size_t len;

	(void)state;
	need_tsa();
	assert_int_equal(ASN1_STRING_set(ia5, "https://tsa.example/", -1), 1);
	GENERAL_NAME_set0_value(uri, GEN_URI, ia5);
	len = signed_by_a(&der, s, "20260102030405.25Z", uri);
	assert_int_equal(pr_tsa_verify(&info, der, len, s, NULL, tsa.ca_a),
			 PR_OK);
	assert_string_equal(info.tsa_name, "URI:https://tsa.example/");
	assert_true(info.gen_time == 1767323045);
	assert_string_equal(info.gen_time_text, "2026-01-02T03:04:05Z");
	pr_tsa_info_clear(&info);
	/* the same key, another statement: the imprint check still holds */
	refused(&(pr_tsa_token){der, len, 0}, "other", NULL, tsa.ca_a,
		PR_TSA_CHECK_IMPRINT);
	free(der);

	len = signed_by_a(&der, s, "20260102030405Z", NULL);
	assert_int_equal(pr_tsa_verify(&info, der, len, s, NULL, tsa.ca_a),
			 PR_OK);
	assert_null(info.tsa_name);
	assert_true(info.gen_time == 1767323045);
	pr_tsa_info_clear(&info);
	refused(&(pr_tsa_token){der, len, 0}, s, NULL, tsa.ca_b,
		PR_TSA_CHECK_SIGNATURE);
	free(der);
	GENERAL_NAME_free(uri);
	free(s);
}

/* A token whose genTime does not read as a time (month 13) says nothing
 * about when: refused by the parse check, not passed with a time of 0
 * (1970, which the audit would hold to be before any run). */
static void test_verify_bad_time(void **state)
{
	char *s = statement("kv");
	unsigned char *der = NULL;
	pr_tsa_info info;
	size_t len;

	(void)state;
	need_tsa();
	len = signed_by_a(&der, s, "20261301000000Z", NULL);
	assert_int_equal(pr_tsa_verify(&info, der, len, s, NULL, tsa.ca_a),
			 PR_EREFUSED);
	assert_int_equal(info.failed, PR_TSA_CHECK_PARSE);
	assert_string_equal(pr_last_error(),
			    "time-stamp token fails the parse check: its time "
			    "(genTime) cannot be read");
	assert_string_equal(info.gen_time_text, "");
	pr_tsa_info_clear(&info);
	free(der);
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
	assert_int_equal(
	    pr_tsa_verify(&info, t.der, t.len, s, NULL, "/nonexistent/ca.pem"),
	    PR_EFAIL);
	assert_int_equal(info.failed, PR_TSA_CHECK_NONE);
	assert_non_null(strstr(pr_last_error(), "'/nonexistent/ca.pem'"));
	pr_tsa_token_clear(&t);
	free(s);
}

/* A CA file that holds no certificate (empty, or not PEM) is an error
 * too; a CA file that is the TSA's own certificate alone is no CA. */
static void test_verify_bad_ca(void **state)
{
	char *s = statement("kv"), *empty, *text, *tsa_pem;
	pr_tsa_token t;
	pr_tsa_info info;

	(void)state;
	need_tsa();
	empty = pr_asprintf("%s/empty.pem", tsa.dir);
	text = pr_asprintf("%s/text.pem", tsa.dir);
	tsa_pem = pr_asprintf("%s/a/tsa.pem", tsa.dir);
	assert_int_equal(pr_write_file_atomic(empty, "", 0), 0);
	assert_int_equal(pr_write_file_atomic(text, "not a certificate\n", 18),
			 0);
	assert_int_equal(pr_tsa_fetch(&t, tsa.url_a, s), PR_OK);
	assert_int_equal(pr_tsa_verify(&info, t.der, t.len, s, NULL, empty),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "cannot read the CA"));
	assert_non_null(strstr(pr_last_error(), "/empty.pem'"));
	assert_int_equal(info.failed, PR_TSA_CHECK_NONE);
	assert_int_equal(pr_tsa_verify(&info, t.der, t.len, s, NULL, text),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "/text.pem'"));
	assert_int_equal(info.failed, PR_TSA_CHECK_NONE);
	refused(&t, s, NULL, tsa_pem, PR_TSA_CHECK_SIGNATURE);
	pr_tsa_token_clear(&t);
	free(empty);
	free(text);
	free(tsa_pem);
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
	assert_int_equal(pr_tsa_fetch(&t, url, s), PR_EFAIL);
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
	assert_int_equal(pr_tsa_fetch(&t, url, s), PR_EFAIL);
	assert_null(t.der);
	assert_memory_equal(pr_last_error(), want, strlen(want));
	free(want);
	free(url);
	free(s);
}

static void test_fetch_fails(void **state)
{
	char *s = statement("kv");
	pr_tsa_token t;

	(void)state;
	need_tsa();
	fetch_fails("http-503",
		    "time-stamping authority '%s' answered HTTP 503");
	fetch_fails("http-500",
		    "time-stamping authority '%s' answered HTTP 500");
	fetch_fails("http-404",
		    "time-stamping authority '%s' answered HTTP 404");
	fetch_fails("not-tsa", "time-stamping authority '%s' did not "
			       "answer a time-stamp response");
	fetch_fails("reject", "time-stamping authority '%s' refused the "
			      "request: rejection: ");
	fetch_fails("big", "time-stamping authority '%s' answered more than "
			   "1048576 bytes");
	/* a good token, granted on /, answered again for a new request */
	assert_int_equal(pr_tsa_fetch(&t, tsa.url_a, s), PR_OK);
	pr_tsa_token_clear(&t);
	fetch_fails("replay", "time-stamping authority '%s' answered for "
			      "another request (imprint or nonce)");
	free(s);
}

/* URLs that are no http or https authority are refused before anything
 * is sent: one that does not parse, another protocol (file:// would read
 * a token from the disk) */
static void test_fetch_bad_url(void **state)
{
	static const char *const urls[] = {
	    "http://127.0.0.1:99999/",
	    "file:///dev/null",
	    "",
	};
	char *s = statement("kv"), *want;
	pr_tsa_token t;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(urls) / sizeof(urls[0]); i++) {
		assert_int_equal(pr_tsa_fetch(&t, urls[i], s), PR_EFAIL);
		assert_null(t.der);
		assert_int_equal(t.len, 0);
		want = pr_asprintf("cannot reach time-stamping authority "
				   "'%s': ",
				   urls[i]);
		assert_memory_equal(pr_last_error(), want, strlen(want));
		assert_true(strlen(pr_last_error()) > strlen(want));
		free(want);
	}
	free(s);
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
	    cmocka_unit_test(test_check_name),
	    cmocka_unit_test(test_request),
	    cmocka_unit_test(test_verify_good),
	    cmocka_unit_test(test_verify_refused),
	    cmocka_unit_test(test_verify_status),
	    cmocka_unit_test(test_verify_bytes),
	    cmocka_unit_test(test_verify_names),
	    cmocka_unit_test(test_verify_bad_time),
	    cmocka_unit_test(test_verify_no_ca),
	    cmocka_unit_test(test_verify_bad_ca),
	    cmocka_unit_test(test_fetch_unreachable),
	    cmocka_unit_test(test_fetch_fails),
	    cmocka_unit_test(test_fetch_bad_url),
	    cmocka_unit_test(test_fetch_time),
	};

	/* The test authorities are on 127.0.0.1, never behind a proxy. */
	setenv("no_proxy", "127.0.0.1", 1);
	return cmocka_run_group_tests(tests, setup, teardown);
}
