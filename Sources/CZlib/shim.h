#ifndef CHARFLOW_CZLIB_SHIM_H
#define CHARFLOW_CZLIB_SHIM_H
#include <stddef.h>
#include <dlfcn.h>
#include <pthread.h>
#include <zlib.h>

/* gzip for the page's own files (CharflowWeb's PageAssetDelivery) and zlib for the icon's PNGs (IconImage),
   each made once at first use. zlib is
   opened with dlopen the first time, not linked: a command that serves no page never loads it
   (docs/architecture.md, "Start-up"). deflateInit2 is a macro over deflateInit2_, which is what is looked
   up. Nothing here keeps state between calls except the table. */
struct charflow_zlib_functions {
    int (*init)(z_streamp, int, int, int, int, int, const char *, int);
    int (*deflate)(z_streamp, int);
    int (*end)(z_streamp);
    uLong (*bound)(uLong);
};

static inline struct charflow_zlib_functions *charflow_zlib_slots(void) {
    static struct charflow_zlib_functions table;
    return &table;
}

static void charflow_zlib_fill(void) {
    void *library = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libz.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    struct charflow_zlib_functions loaded;
    *(void **)&loaded.init = dlsym(library, "deflateInit2_");
    *(void **)&loaded.deflate = dlsym(library, "deflate");
    *(void **)&loaded.end = dlsym(library, "deflateEnd");
    *(void **)&loaded.bound = dlsym(library, "compressBound");
    if (loaded.init == NULL || loaded.deflate == NULL || loaded.end == NULL || loaded.bound == NULL) return;
    *charflow_zlib_slots() = loaded;
}

static inline struct charflow_zlib_functions *charflow_zlib_table(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, charflow_zlib_fill);
    return charflow_zlib_slots();
}

/* The most bytes gzip of `length` bytes can take, or 0 when zlib was not found. */
static inline size_t charflow_gzip_bound(size_t length) {
    struct charflow_zlib_functions *zlib = charflow_zlib_table();
    if (zlib->bound == NULL) return 0;
    return (size_t)zlib->bound((uLong)length) + 32;
}

/* Compresses `length` bytes of `input` at level 9 into `output` (`capacity` bytes, at least
   `charflow_gzip_bound`): in gzip's format with window bits 15 + 16 (the page's files), in zlib's with
   15 (a PNG's pixels). The compressed length, or 0 when zlib is missing or refused. */
static inline size_t charflow_deflate(const unsigned char *input, size_t length, unsigned char *output, size_t capacity, int window_bits) {
    struct charflow_zlib_functions *zlib = charflow_zlib_table();
    if (zlib->init == NULL) return 0;
    z_stream stream = {0};
    if (zlib->init(&stream, 9, Z_DEFLATED, window_bits, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) return 0;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int result = zlib->deflate(&stream, Z_FINISH);
    size_t written = capacity - stream.avail_out;
    zlib->end(&stream);
    return result == Z_STREAM_END ? written : 0;
}

/* gzip's format: the page's files. */
static inline size_t charflow_gzip(const unsigned char *input, size_t length, unsigned char *output, size_t capacity) {
    return charflow_deflate(input, length, output, capacity, 15 + 16);
}
#endif
