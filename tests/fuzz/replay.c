/* replay.c - the harness of one fuzz target without libFuzzer: each file
 * named is one input to LLVMFuzzerTestOneInput, as `make check` replays
 * tests/fuzz/regressions/TARGET/ (TAP: "ok N - fuzz replay TARGET FILE").
 * The target is the program's name after "replay_". A crash or a
 * sanitizer report ends the process before its "ok" line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "harness.h"

int main(int argc, char **argv)
{
	const char *target = strrchr(argv[0], '/'), *file;
	char *data;
	size_t len;
	int i, status = 0;

	target = target ? target + 1 : argv[0];
	if (!strncmp(target, "replay_", 7))
		target += 7;
	for (i = 1; i < argc; i++) {
		file = strrchr(argv[i], '/');
		file = file ? file + 1 : argv[i];
		if (pr_read_file(&data, &len, argv[i], PR_READ_MAX) < 0) {
			printf("not ok %d - fuzz replay %s %s: %s\n", i, target,
			       file, pr_last_error());
			status = 1;
			continue;
		}
		LLVMFuzzerTestOneInput((const uint8_t *)data, len);
		free(data);
		printf("ok %d - fuzz replay %s %s\n", i, target, file);
		fflush(stdout);
	}
	return fflush(stdout) != 0 || ferror(stdout) ? 1 : status;
}
