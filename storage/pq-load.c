/*
 * libpq loaded at the first PostgreSQL open (pq-load.h).  The library
 * stays loaded for the life of the process: its functions may be called
 * until the last connection closes, and loading is once.
 */
#include <dlfcn.h>
#include <string.h>

#include "../alloc/xalloc.h"
#define PQ_LOAD_FILLING
#include "pq-load.h"

struct pq_funcs pq;

/* The handle, NULL before a load succeeded. */
static void *pq_handle;

int
pq_load(char **why)
{
	void *h, *sym;
	const char *missing = NULL;

	if (pq_handle != NULL)
		return 0;
	if ((h = dlopen(PQ_LOAD_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		*why = xasprintf("PostgreSQL's client library " PQ_LOAD_SONAME
		    " cannot be loaded (%s): install it (Debian: libpq5)",
		    dlerror());
		return -1;
	}
#define PQ_LOAD_SYM(f)                                                         \
	if (missing == NULL) {                                                 \
		if ((sym = dlsym(h, #f)) == NULL)                              \
			missing = #f;                                          \
		else                                                           \
			memcpy(&pq.f, &sym, sizeof sym);                       \
	}
	PQ_LOAD_FUNCS(PQ_LOAD_SYM)
#undef PQ_LOAD_SYM
	if (missing != NULL) {
		*why = xasprintf("PostgreSQL's client library " PQ_LOAD_SONAME
		    " has no %s: it is older than cheaterbot needs", missing);
		memset(&pq, 0, sizeof pq);
		dlclose(h);
		return -1;
	}
	pq_handle = h;
	return 0;
}
