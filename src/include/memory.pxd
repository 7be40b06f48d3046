# Memory of the native modules (bits.h): prefetch hints, huge pages for large tables read at
# random, the acquire and release orders that publish a pointer to readers holding no lock,
# and whether the build has a GIL (free-threaded builds skip the caches that need it).
# Header-only: ``from memory cimport prefetch, advise_huge, load_acquire, store_release, ...``.
cdef extern from "bits.h" nogil:
    void prefetch "ddz_prefetch"(const void* p, int rw)
    void advise_huge "ddz_advise_huge"(void* p, size_t n)
    void* load_acquire "ddz_load_acquire"(void** p)
    void store_release "ddz_store_release"(void** p, void* v)
    const bint HAVE_GIL "DDZ_HAVE_GIL"
