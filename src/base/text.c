/* text.c - strings a repository supplies, checked or escaped before they
 * name a path, reach a terminal or go into a gnuplot script */
#include "base/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/utf8.h"
#include "base/util.h"

int pr_run_id_valid(const char *s)
{
	static const char form[] = "ddddddddTddddddZ-hhhhhh";
	size_t i;

	if (!s || strlen(s) != PR_RUN_ID_LEN)
		return 0;
	for (i = 0; i < PR_RUN_ID_LEN; i++) {
		char c = s[i];

		if (form[i] == 'd' ? !(c >= '0' && c <= '9')
		    : form[i] == 'h'
			? !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))
			: c != form[i])
			return 0;
	}
	return 1;
}

int64_t pr_run_id_second(int64_t now, const char *newest)
{
	char when[32];
	time_t t = (time_t)now;
	struct tm tm;

	if (!pr_run_id_valid(newest) || !gmtime_r(&t, &tm) ||
	    strftime(when, sizeof(when), "%Y%m%dT%H%M%SZ", &tm) != 16)
		return now;
	return strncmp(newest, when, 16) ? now : now + 1;
}

int pr_run_id_check(const char *id)
{
	char *esc;
	int error;

	if (pr_run_id_valid(id))
		return PR_OK;
	esc = pr_text_escape(id);
	error = pr_error_code(PR_EINPUT,
			      "invalid run id '%s': a run id is "
			      "YYYYmmddTHHMMSSZ-xxxxxx (UTC time, 6 lowercase "
			      "hex digits)",
			      esc);
	free(esc);
	return error;
}

/* Length of the UTF-8 sequence that starts with lead byte c (0 for a
 * byte that cannot start one). */
static size_t seq_len(unsigned char c)
{
	return c < 0x80	  ? 1
	       : c < 0xc2 ? 0
	       : c < 0xe0 ? 2
	       : c < 0xf0 ? 3
	       : c < 0xf5 ? 4
			  : 0;
}

/* Write the bytes p[0, n) to f as "\xHH" each. */
static void put_hex(FILE *f, const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, "\\x%02x", p[i]);
}

/* Escape the character at p (len bytes left) into f; its length. */
static size_t put_char(FILE *f, const unsigned char *p, size_t len)
{
	size_t n = seq_len(*p);

	if (*p == '\\')
		fputs("\\\\", f);
	else if (*p == '\n' || *p == '\r' || *p == '\t')
		fprintf(f, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
	else if (*p < 0x20 || *p == 0x7f)
		put_hex(f, p, 1);
	else if (n == 1)
		fputc(*p, f);
	else if (n == 0 || n > len || pr_utf8_span((const char *)p, n) < n) {
		put_hex(f, p, 1);
		return 1;
	} else if (*p == 0xc2 && p[1] < 0xa0)
		put_hex(f, p, 2);
	else
		fwrite(p, 1, n, f);
	return n ? n : 1;
}

char *pr_text_escape(const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "(null)");
	size_t len = strlen((const char *)p), size = 0;
	char *out = NULL;
	FILE *f = pr_memstream_open(&out, &size);

	while (len) {
		size_t n = put_char(f, p, len);

		p += n;
		len -= n;
	}
	pr_memstream_close(f);
	return out;
}

char *pr_text_gnuplot(const char *s)
{
	char *esc = pr_text_escape(s), *p;
	size_t size = 0;
	char *out = NULL;
	FILE *f = pr_memstream_open(&out, &size);

	fputc('\'', f);
	for (p = esc; *p; p++) {
		if (*p == '\'')
			fputc('\'', f);
		fputc(*p, f);
	}
	fputc('\'', f);
	pr_memstream_close(f);
	free(esc);
	return out;
}
