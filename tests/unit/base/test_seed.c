/* test_seed.c - unit tests of src/base/seed.c: a text's seed */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/seed.h"

/* SHA-256("") and SHA-256("abc") begin e3b0c44298fc1c14 and
 * ba7816bf8f01cfea (FIPS 180-2); the seed is those 16 hex digits. */
static void test_seed_of(void **state)
{
	(void)state;
	assert_true(pr_seed_of("") == 0xe3b0c44298fc1c14ULL);
	assert_true(pr_seed_of("abc") == 0xba7816bf8f01cfeaULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_seed_of),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
