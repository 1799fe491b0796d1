/* LD_PRELOAD shim for the no-file-lost tests: rename() onto a file named
 * $RIPKIT_TEST_REFUSE_RENAME (the last path component) fails with EIO, as on
 * a failing disk - the one way left to make the second file of an output fail
 * after every target was checked (a folder in the way is refused before). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int rename(const char* from, const char* to) {
    static int (*real)(const char*, const char*);
    if (!real) *(void**)&real = dlsym(RTLD_NEXT, "rename");
    const char* refused = getenv("RIPKIT_TEST_REFUSE_RENAME");
    const char* base = strrchr(to, '/');
    base = base ? base + 1 : to;
    if (refused && *refused && strcmp(base, refused) == 0) {
        errno = EIO;
        return -1;
    }
    return real(from, to);
}
