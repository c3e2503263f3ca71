/* tsa.h - RFC 3161 time-stamp tokens proving when a pin's statement existed */
#ifndef PR_TSA_H
#define PR_TSA_H

#include <stddef.h>
#include <stdint.h>

/*
 * Design. A pin says what was predicted; a time-stamp token from an RFC
 * 3161 time-stamping authority (TSA) proves that it existed at a time the
 * authority signed, independently of the git history, whose dates anyone
 * can write. What is stamped is a statement text naming the pin:
 *
 *   prereg pin\n
 *   experiment NAME\n
 *   k K\n
 *   commit <40-hex id of the pin commit>\n
 *   spec <40-hex blob id of experiments/NAME/experiment.ini>\n
 *   prediction <40-hex blob id of predictions/NAME.json>\n
 *
 * and the message imprint sent is its SHA-256. The statement, not the
 * commit alone, is stamped so that a reader of the token sees what it is
 * about without git, and the blob ids tie it to the exact bytes pinned.
 *
 * pr_tsa_fetch sends a DER TimeStampReq (version 1, SHA-256 imprint, a
 * random 64-bit nonce, certReq TRUE so that the answer carries the TSA's
 * certificate) by HTTP POST (application/timestamp-query) and keeps the
 * whole DER TimeStampResp the authority answers (status and token): it is
 * what `openssl ts -verify -in FILE -data STATEMENT -CAfile CA` reads as
 * it is, so a token can be checked without prereg. It checks only that
 * the answer is granted and is for this request (imprint, nonce); the
 * signature is checked offline by pr_tsa_verify against a CA the verifier
 * chooses, never at fetch time against whatever the network said.
 *
 * pr_tsa_verify needs no network: it parses the response, checks that the
 * signature chains to the CA (the signer's certificate must have the
 * critical timeStamping extended key usage), that the imprint is the
 * SHA-256 of the expected statement and, when one is given, the nonce, and
 * returns the authority's time (genTime); a token whose genTime does not
 * read as a time fails the parse check last, as it says nothing about
 * when. Each failed check has its own pr_tsa_check value.
 */

/* The statement above (caller frees *out). PR_EINPUT when name is not an
 * experiment name, k < 1, or an id is not 40 lower-case hex digits. */
int pr_tsa_statement(char **out, const char *name, int k, const char *commit,
		     const char *spec_blob, const char *prediction_blob);

/*
 * A DER TimeStampReq for the statement (SHA-256 imprint, certReq TRUE)
 * with a new random nonce. *out (caller frees) holds *out_len bytes;
 * *nonce is the nonce sent.
 */
int pr_tsa_request(unsigned char **out, size_t *out_len, uint64_t *nonce,
		   const char *statement);

/* What pr_tsa_fetch returns; pr_tsa_token_clear frees it. */
typedef struct {
	unsigned char *der; /* the DER TimeStampResp, as the TSA sent it */
	size_t len;
	uint64_t nonce; /* the nonce of the request */
} pr_tsa_token;

/*
 * Request a token for the statement from the TSA at url (http or https;
 * 5 s to connect, 10 s in all) into *out (zeroed first, caller clears).
 * PR_EFAIL with a message when the authority cannot be reached, answers
 * an HTTP status other than 200, answers something that is not a
 * time-stamp response, refuses (its status and text in the message) or
 * answers for another imprint or nonce.
 */
int pr_tsa_fetch(pr_tsa_token *out, const char *url, const char *statement);

void pr_tsa_token_clear(pr_tsa_token *t);

/* The checks of pr_tsa_verify, in the order they run. */
typedef enum {
	PR_TSA_CHECK_NONE = 0,	/* all passed */
	PR_TSA_CHECK_PARSE,	/* not a granted DER TimeStampResp, or its
				   genTime unreadable */
	PR_TSA_CHECK_SIGNATURE, /* bad signature or not chained to the CA */
	PR_TSA_CHECK_IMPRINT,	/* a token for another statement */
	PR_TSA_CHECK_NONCE,	/* not the nonce expected */
} pr_tsa_check;

/* "parse", "signature", "imprint", "nonce" ("" for NONE). */
const char *pr_tsa_check_name(pr_tsa_check check);

/* What pr_tsa_verify returns; pr_tsa_info_clear frees it. */
typedef struct {
	pr_tsa_check failed;	/* the check that failed (PR_EREFUSED) */
	int64_t gen_time;	/* genTime, Unix seconds (fraction dropped) */
	char gen_time_text[32]; /* genTime as "YYYY-mm-ddTHH:MM:SSZ" */
	char *tsa_name; /* the TSA's name (RFC 2253 for a directory name),
			   NULL when the token holds none */
} pr_tsa_info;

/*
 * Verify the DER TimeStampResp der (len bytes, as pr_tsa_fetch keeps it)
 * for statement: the signature against ca_file (PEM; NULL: OpenSSL's
 * default store), the imprint, and the nonce when nonce is not NULL.
 * *out is zeroed first (caller clears). PR_OK when every check passes;
 * PR_EREFUSED with a message and out->failed naming the first failed
 * check; PR_EFAIL when it cannot check (ca_file unreadable).
 */
int pr_tsa_verify(pr_tsa_info *out, const void *der, size_t len,
		  const char *statement, const uint64_t *nonce,
		  const char *ca_file);

void pr_tsa_info_clear(pr_tsa_info *info);

#endif
