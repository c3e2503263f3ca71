/* tsa.c - RFC 3161 time-stamp requests (OpenSSL TS), their fetch (libcurl)
 * and the offline verification of the tokens */
#include "repo/tsa.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curl/curl.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/rand.h>
#include <openssl/ts.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include "base/util.h"

#define TSA_CONNECT_TIMEOUT_S 5L
#define TSA_TIMEOUT_S 10L
#define TSA_MAX_ANSWER (1024 * 1024)

static int is_hex40(const char *s)
{
	size_t i;

	if (!s || strlen(s) != 40)
		return 0;
	for (i = 0; i < 40; i++)
		if (!strchr("0123456789abcdef", s[i]))
			return 0;
	return 1;
}

int pr_tsa_statement(char **out, const char *name, int k, const char *commit,
		     const char *spec_blob, const char *prediction_blob)
{
	*out = NULL;
	if (pr_name_check(name) < 0)
		return PR_EINPUT;
	if (k < 1)
		return pr_error_code(PR_EINPUT,
				     "pin number %d of '%s' is not "
				     "positive",
				     k, name);
	if (!is_hex40(commit) || !is_hex40(spec_blob) ||
	    !is_hex40(prediction_blob))
		return pr_error_code(PR_EINPUT,
				     "statement of '%s': an id is not 40 "
				     "lower-case hex digits",
				     name);
	*out = pr_asprintf("prereg pin\nexperiment %s\nk %d\ncommit %s\n"
			   "spec %s\nprediction %s\n",
			   name, k, commit, spec_blob, prediction_blob);
	return PR_OK;
}

/* The last error of OpenSSL's queue, with its text, into buf; the queue
 * is emptied. */
static const char *ossl_why(char *buf, size_t n)
{
	const char *data = NULL, *reason;
	unsigned long e;
	int flags = 0;

	snprintf(buf, n, "unknown error");
	while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags))) {
		reason = ERR_reason_error_string(e);
		if (flags & ERR_TXT_STRING && data && *data)
			snprintf(buf, n, "%s (%s)", reason ? reason : "error",
				 data);
		else
			snprintf(buf, n, "%s", reason ? reason : "error");
	}
	return buf;
}

/* A TimeStampReq for the statement: version 1, SHA-256 imprint, certReq,
 * and the nonce when not NULL. NULL when OpenSSL fails. */
static TS_REQ *make_req(const char *statement, const uint64_t *nonce)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int md_len = 0;
	TS_REQ *req = TS_REQ_new();
	TS_MSG_IMPRINT *imprint = TS_MSG_IMPRINT_new();
	X509_ALGOR *alg = X509_ALGOR_new();
	ASN1_INTEGER *n = NULL;
	int ok;

	ok = req && imprint && alg &&
	     EVP_Digest(statement, strlen(statement), md, &md_len, EVP_sha256(),
			NULL) &&
	     X509_ALGOR_set0(alg, OBJ_nid2obj(NID_sha256), V_ASN1_NULL, NULL) &&
	     TS_MSG_IMPRINT_set_algo(imprint, alg) &&
	     TS_MSG_IMPRINT_set_msg(imprint, md, (int)md_len) &&
	     TS_REQ_set_version(req, 1) &&
	     TS_REQ_set_msg_imprint(req, imprint) &&
	     TS_REQ_set_cert_req(req, 1);
	if (ok && nonce)
		ok = (n = ASN1_INTEGER_new()) &&
		     ASN1_INTEGER_set_uint64(n, *nonce) &&
		     TS_REQ_set_nonce(req, n);
	ASN1_INTEGER_free(n);
	X509_ALGOR_free(alg);
	TS_MSG_IMPRINT_free(imprint);
	if (!ok) {
		TS_REQ_free(req);
		return NULL;
	}
	return req;
}

static int new_nonce(uint64_t *out)
{
	unsigned char b[8];
	size_t i;

	if (RAND_bytes(b, sizeof(b)) != 1)
		return pr_error("cannot draw a time-stamp nonce");
	*out = 0;
	for (i = 0; i < sizeof(b); i++)
		*out = *out << 8 | b[i];
	return PR_OK;
}

/* A new request with a new nonce, as TS_REQ and as DER. */
static int request(TS_REQ **req_out, unsigned char **out, size_t *out_len,
		   uint64_t *nonce, const char *statement)
{
	char why[256];
	TS_REQ *req = NULL;
	unsigned char *der = NULL;
	int len, error;

	*out = NULL;
	*out_len = 0;
	if ((error = new_nonce(nonce)) < 0)
		return error;
	if (!(req = make_req(statement, nonce)) ||
	    (len = i2d_TS_REQ(req, &der)) <= 0) {
		TS_REQ_free(req);
		return pr_error("cannot make a time-stamp request: %s",
				ossl_why(why, sizeof(why)));
	}
	*out = pr_malloc((size_t)len);
	memcpy(*out, der, (size_t)len);
	*out_len = (size_t)len;
	OPENSSL_free(der);
	if (req_out)
		*req_out = req;
	else
		TS_REQ_free(req);
	return PR_OK;
}

int pr_tsa_request(unsigned char **out, size_t *out_len, uint64_t *nonce,
		   const char *statement)
{
	return request(NULL, out, out_len, nonce, statement);
}

/* The response's status as "rejection: TEXT" (caller frees). */
static char *status_text(TS_RESP *resp)
{
	static const char *const names[] = {
	    "granted", "grantedWithMods",   "rejection",
	    "waiting", "revocationWarning", "revocationNotification"};
	TS_STATUS_INFO *si = TS_RESP_get_status_info(resp);
	const STACK_OF(ASN1_UTF8STRING) *text = TS_STATUS_INFO_get0_text(si);
	long status = ASN1_INTEGER_get(TS_STATUS_INFO_get0_status(si));
	const ASN1_UTF8STRING *s;
	char *out, *t;
	int i;

	out = pr_strdup(status >= 0 && status <= 5 ? names[status]
						   : "unknown status");
	for (i = 0; i < sk_ASN1_UTF8STRING_num(text); i++) {
		s = sk_ASN1_UTF8STRING_value(text, i);
		t = pr_asprintf("%s%s%.*s", out, i ? "; " : ": ",
				ASN1_STRING_length(s),
				(const char *)ASN1_STRING_get0_data(s));
		free(out);
		out = t;
	}
	return out;
}

/* Parse a whole DER TimeStampResp; NULL when it is not one. */
static TS_RESP *parse_resp(const void *der, size_t len)
{
	const unsigned char *p = der;
	TS_RESP *resp;

	if (!der || len == 0 || len > TSA_MAX_ANSWER)
		return NULL;
	resp = d2i_TS_RESP(NULL, &p, (long)len);
	if (resp && p != (const unsigned char *)der + len) {
		TS_RESP_free(resp);
		resp = NULL;
	}
	ERR_clear_error();
	return resp;
}

static int granted(TS_RESP *resp)
{
	TS_STATUS_INFO *si = TS_RESP_get_status_info(resp);
	long status = ASN1_INTEGER_get(TS_STATUS_INFO_get0_status(si));

	return (status == 0 || status == 1) && TS_RESP_get_token(resp) &&
	       TS_RESP_get_tst_info(resp);
}

typedef struct {
	unsigned char *p;
	size_t len;
} answer;

static size_t on_body(char *ptr, size_t size, size_t nmemb, void *data)
{
	answer *a = data;
	size_t n = size * nmemb;

	if (a->len + n > TSA_MAX_ANSWER)
		return 0;
	a->p = pr_realloc(a->p, a->len + n);
	memcpy(a->p + a->len, ptr, n);
	a->len += n;
	return n;
}

/*
 * libcurl is opened when a token is first fetched, not linked: the
 * libraries it brings (GnuTLS, Kerberos, LDAP, SASL, ...: 20 of the 45
 * prereg loaded) made half the cost of starting any prereg command
 * (`prereg --version`: 17.2 ms of CPU linked, 9.0 ms without), and only
 * the fetch of a token uses it. The handle stays open for the process.
 */
#define TSA_LIBCURL "libcurl.so.4"

typedef struct {
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	void (*easy_cleanup)(CURL *);
	const char *(*easy_strerror)(CURLcode);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
} curl_api;

/* The functions of libcurl post uses, or an error naming url and why. */
static int curl_open(const curl_api **out, const char *url)
{
	static const struct {
		const char *name;
		size_t off;
	} fns[] = {
	    {"curl_easy_init", offsetof(curl_api, easy_init)},
	    {"curl_easy_setopt", offsetof(curl_api, easy_setopt)},
	    {"curl_easy_perform", offsetof(curl_api, easy_perform)},
	    {"curl_easy_getinfo", offsetof(curl_api, easy_getinfo)},
	    {"curl_easy_cleanup", offsetof(curl_api, easy_cleanup)},
	    {"curl_easy_strerror", offsetof(curl_api, easy_strerror)},
	    {"curl_slist_append", offsetof(curl_api, slist_append)},
	    {"curl_slist_free_all", offsetof(curl_api, slist_free_all)},
	};
	static curl_api api;
	static int loaded;
	void *h, *f;
	size_t i;

	if (!loaded) {
		const char *why = NULL;

		if (!(h = dlopen(TSA_LIBCURL, RTLD_NOW | RTLD_LOCAL)))
			why = dlerror();
		for (i = 0; !why && i < sizeof fns / sizeof fns[0]; i++) {
			if (!(f = dlsym(h, fns[i].name)))
				why = dlerror();
			else
				memcpy((char *)&api + fns[i].off, &f, sizeof f);
		}
		if (why)
			return pr_error("cannot reach time-stamping authority "
					"'%s': libcurl cannot be loaded (%s); "
					"it is Debian's libcurl4 (make deps)",
					url, why);
		loaded = 1;
	}
	*out = &api;
	return PR_OK;
}

/* POST the request to url; the body of a 200 answer into *a. */
static int post(answer *a, const char *url, const unsigned char *req,
		size_t req_len)
{
	char errbuf[CURL_ERROR_SIZE] = "";
	struct curl_slist *headers = NULL;
	const curl_api *c;
	CURL *curl;
	long http = 0;
	CURLcode rc;
	int error;

	if ((error = curl_open(&c, url)) < 0)
		return error;
	if (!(curl = c->easy_init()))
		return pr_error("cannot reach time-stamping authority '%s': "
				"libcurl cannot start",
				url);
	headers = c->slist_append(headers,
				  "Content-Type: application/timestamp-query");
	c->easy_setopt(curl, CURLOPT_URL, url);
	c->easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
	c->easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
	c->easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, TSA_CONNECT_TIMEOUT_S);
	c->easy_setopt(curl, CURLOPT_TIMEOUT, TSA_TIMEOUT_S);
	c->easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
	c->easy_setopt(curl, CURLOPT_POSTFIELDS, req);
	c->easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)req_len);
	c->easy_setopt(curl, CURLOPT_USERAGENT, "prereg");
	c->easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
	c->easy_setopt(curl, CURLOPT_WRITEDATA, a);
	c->easy_setopt(curl, CURLOPT_ERRORBUFFER, errbuf);
	rc = c->easy_perform(curl);
	c->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &http);
	c->easy_cleanup(curl);
	c->slist_free_all(headers);
	if (rc == CURLE_WRITE_ERROR)
		return pr_error("time-stamping authority '%s' answered more "
				"than %d bytes",
				url, TSA_MAX_ANSWER);
	if (rc != CURLE_OK)
		return pr_error("cannot reach time-stamping authority '%s': %s",
				url, *errbuf ? errbuf : c->easy_strerror(rc));
	if (http != 200)
		return pr_error("time-stamping authority '%s' answered HTTP "
				"%ld",
				url, http);
	return PR_OK;
}

/* The answer is granted and for this request (imprint, nonce). */
static int check_answer(const char *url, TS_REQ *req, const answer *a)
{
	TS_VERIFY_CTX *ctx = NULL;
	TS_RESP *resp = NULL;
	char *status = NULL;
	int error = PR_OK;

	if (!(resp = parse_resp(a->p, a->len)))
		error = pr_error("time-stamping authority '%s' did not answer "
				 "a time-stamp response",
				 url);
	else if (!granted(resp))
		error = pr_error("time-stamping authority '%s' refused the "
				 "request: %s",
				 url, status = status_text(resp));
	else if (!(ctx = TS_REQ_to_TS_VERIFY_CTX(req, NULL)) ||
		 (TS_VERIFY_CTX_set_flags(ctx, TS_VFY_VERSION | TS_VFY_IMPRINT |
						   TS_VFY_NONCE),
		  TS_RESP_verify_response(ctx, resp) != 1))
		error = pr_error("time-stamping authority '%s' answered for "
				 "another request (imprint or nonce)",
				 url);
	ERR_clear_error();
	free(status);
	TS_VERIFY_CTX_free(ctx);
	TS_RESP_free(resp);
	return error;
}

int pr_tsa_fetch(pr_tsa_token *out, const char *url, const char *statement)
{
	unsigned char *req_der = NULL;
	answer a = {NULL, 0};
	TS_REQ *req = NULL;
	size_t req_len;
	int error;

	memset(out, 0, sizeof(*out));
	if ((error = request(&req, &req_der, &req_len, &out->nonce,
			     statement)) < 0 ||
	    (error = post(&a, url, req_der, req_len)) < 0 ||
	    (error = check_answer(url, req, &a)) < 0)
		goto cleanup;
	out->der = a.p;
	out->len = a.len;
	a.p = NULL;
cleanup:
	free(a.p);
	free(req_der);
	TS_REQ_free(req);
	return error;
}

void pr_tsa_token_clear(pr_tsa_token *t)
{
	free(t->der);
	memset(t, 0, sizeof(*t));
}

const char *pr_tsa_check_name(pr_tsa_check check)
{
	switch (check) {
	case PR_TSA_CHECK_PARSE:
		return "parse";
	case PR_TSA_CHECK_SIGNATURE:
		return "signature";
	case PR_TSA_CHECK_IMPRINT:
		return "imprint";
	case PR_TSA_CHECK_NONCE:
		return "nonce";
	case PR_TSA_CHECK_NONE:
		break;
	}
	return "";
}

static int refuse(pr_tsa_info *out, pr_tsa_check check, const char *why)
{
	out->failed = check;
	return pr_error_code(PR_EREFUSED,
			     "time-stamp token fails the %s check: %s",
			     pr_tsa_check_name(check), why);
}

/* A store trusting ca_file, or the default paths when NULL. */
static int load_store(X509_STORE **out, const char *ca_file)
{
	char why[256];
	X509_STORE *store = X509_STORE_new();

	*out = NULL;
	if (!store || !(ca_file ? X509_STORE_load_file(store, ca_file)
				: X509_STORE_set_default_paths(store))) {
		X509_STORE_free(store);
		return pr_error("cannot read the CA certificates %s%s%s: %s",
				ca_file ? "'" : "(the default store",
				ca_file ? ca_file : "", ca_file ? "'" : ")",
				ossl_why(why, sizeof(why)));
	}
	*out = store;
	return PR_OK;
}

/* genTime and the TSA's name of a verified token into out; -1 when its
 * genTime does not read as a time. */
static int read_info(pr_tsa_info *out, TS_RESP *resp)
{
	TS_TST_INFO *tst = TS_RESP_get_tst_info(resp);
	const ASN1_GENERALIZEDTIME *t = TS_TST_INFO_get_time(tst);
	GENERAL_NAME *gn = TS_TST_INFO_get_tsa(tst);
	struct tm tm;
	BIO *bio;
	char *p;
	long n;

	memset(&tm, 0, sizeof(tm));
	if (!t || ASN1_TIME_to_tm(t, &tm) != 1)
		return -1;
	out->gen_time = (int64_t)timegm(&tm);
	pr_utc_iso(out->gen_time_text, out->gen_time);
	if (!gn || !(bio = BIO_new(BIO_s_mem())))
		return 0;
	if (gn->type == GEN_DIRNAME)
		X509_NAME_print_ex(bio, gn->d.directoryName, 0,
				   XN_FLAG_RFC2253);
	else
		GENERAL_NAME_print(bio, gn);
	n = BIO_get_mem_data(bio, &p);
	out->tsa_name = pr_malloc((size_t)n + 1);
	memcpy(out->tsa_name, p, (size_t)n);
	out->tsa_name[n] = '\0';
	BIO_free(bio);
	return 0;
}

/* Run one check (flags) of ctx on resp; 1 when it passes. */
static int passes(TS_VERIFY_CTX *ctx, int flags, TS_RESP *resp, char *why,
		  size_t n)
{
	TS_VERIFY_CTX_set_flags(ctx, flags);
	if (TS_RESP_verify_response(ctx, resp) == 1)
		return 1;
	ossl_why(why, n);
	return 0;
}

int pr_tsa_verify(pr_tsa_info *out, const void *der, size_t len,
		  const char *statement, const uint64_t *nonce,
		  const char *ca_file)
{
	TS_VERIFY_CTX *ctx = NULL;
	X509_STORE *store = NULL;
	TS_RESP *resp = NULL;
	TS_REQ *req = NULL;
	char why[512], *status = NULL, *text = NULL;
	int error;

	memset(out, 0, sizeof(*out));
	if (!(resp = parse_resp(der, len))) {
		error = refuse(out, PR_TSA_CHECK_PARSE,
			       "not a DER time-stamp response");
		goto cleanup;
	}
	if (!granted(resp)) {
		text = status_text(resp);
		status = pr_asprintf("a response without a token (%s)", text);
		error = refuse(out, PR_TSA_CHECK_PARSE, status);
		goto cleanup;
	}
	if ((error = load_store(&store, ca_file)) < 0)
		goto cleanup;
	if (!(req = make_req(statement, nonce)) ||
	    !(ctx = TS_REQ_to_TS_VERIFY_CTX(req, NULL))) {
		error = pr_error("cannot check a time-stamp token: %s",
				 ossl_why(why, sizeof(why)));
		goto cleanup;
	}
	TS_VERIFY_CTX_set_store(ctx, store);
	store = NULL;
	if (!passes(ctx, TS_VFY_VERSION | TS_VFY_SIGNATURE, resp, why,
		    sizeof(why)))
		error = refuse(out, PR_TSA_CHECK_SIGNATURE, why);
	else if (!passes(ctx, TS_VFY_IMPRINT, resp, why, sizeof(why)))
		error = refuse(out, PR_TSA_CHECK_IMPRINT,
			       "it is for another statement");
	else if (nonce && !passes(ctx, TS_VFY_NONCE, resp, why, sizeof(why)))
		error = refuse(out, PR_TSA_CHECK_NONCE,
			       "it answers another request");
	else if (read_info(out, resp) < 0)
		error = refuse(out, PR_TSA_CHECK_PARSE,
			       "its time (genTime) cannot be read");
cleanup:
	ERR_clear_error();
	free(text);
	free(status);
	TS_VERIFY_CTX_free(ctx);
	X509_STORE_free(store);
	TS_REQ_free(req);
	TS_RESP_free(resp);
	return error;
}

void pr_tsa_info_clear(pr_tsa_info *info)
{
	free(info->tsa_name);
	memset(info, 0, sizeof(*info));
}
