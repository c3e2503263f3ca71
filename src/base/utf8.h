/* utf8.h - well-formed UTF-8, for text that goes into JSON, reports and
 * scripts */
#ifndef PR_UTF8_H
#define PR_UTF8_H

#include <stddef.h>

/*
 * Length of the longest prefix of s[0, len) that is well-formed UTF-8
 * (the Unicode standard's table 3-7: no overlong forms, no surrogates,
 * nothing above U+10FFFF), so len when all of it is, and otherwise the
 * offset of the first byte of the first ill-formed sequence. A sequence
 * cut short by len is ill-formed. NUL bytes are well-formed (U+0000).
 */
size_t pr_utf8_span(const char *s, size_t len);

#endif
