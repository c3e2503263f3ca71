/* utf8.c - well-formed UTF-8, by the Unicode standard's table 3-7 */
#include "base/utf8.h"

/*
 * The well-formed multi-byte sequences: a lead byte in [lead_lo, lead_hi],
 * then `more` bytes; the first of them in [lo, hi], the others in
 * [0x80, 0xbf]. Any other lead byte (0x80-0xc1, 0xf5-0xff) is ill-formed.
 */
static const struct {
	unsigned char lead_lo, lead_hi, more, lo, hi;
} forms[] = {
    {0xc2, 0xdf, 1, 0x80, 0xbf}, /* U+0080 - U+07FF */
    {0xe0, 0xe0, 2, 0xa0, 0xbf}, /* U+0800 - U+0FFF, no overlong forms */
    {0xe1, 0xec, 2, 0x80, 0xbf},
    {0xed, 0xed, 2, 0x80, 0x9f}, /* U+D000 - U+D7FF, no surrogates */
    {0xee, 0xef, 2, 0x80, 0xbf},
    {0xf0, 0xf0, 3, 0x90, 0xbf}, /* U+10000 - U+3FFFF, no overlong */
    {0xf1, 0xf3, 3, 0x80, 0xbf},
    {0xf4, 0xf4, 3, 0x80, 0x8f}, /* U+100000 - U+10FFFF, no more */
};

/* Bytes of the well-formed sequence at u[0, len), or 0 when it is not. */
static size_t sequence(const unsigned char *u, size_t len)
{
	size_t f, k;

	if (u[0] < 0x80)
		return 1;
	for (f = 0; f < sizeof(forms) / sizeof(forms[0]); f++)
		if (u[0] >= forms[f].lead_lo && u[0] <= forms[f].lead_hi)
			break;
	if (f == sizeof(forms) / sizeof(forms[0]) || len <= forms[f].more ||
	    u[1] < forms[f].lo || u[1] > forms[f].hi)
		return 0;
	for (k = 2; k <= forms[f].more; k++)
		if (u[k] < 0x80 || u[k] > 0xbf)
			return 0;
	return (size_t)forms[f].more + 1;
}

size_t pr_utf8_span(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t at = 0, n;

	while (at < len && (n = sequence(u + at, len - at)) > 0)
		at += n;
	return at;
}
