#ifndef CHARFLOW_CQRENCODE_SHIM_H
#define CHARFLOW_CQRENCODE_SHIM_H
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <qrencode.h>

/* libqrencode is found with dlopen when `charflow pair` draws its link, so no other command loads it. */
struct charflow_qr_functions {
    QRcode *(*encode)(const char *, int, QRecLevel, QRencodeMode, int);
    void (*free)(QRcode *);
};

static inline struct charflow_qr_functions *charflow_qr_table(void) {
    static struct charflow_qr_functions table;
    return &table;
}

/* The QR code of `text` at error correction level M as `width` × `width` modules, one byte each
   (1 dark, 0 light), in a malloc'd buffer the caller frees; NULL when libqrencode is missing or the
   text is too long for a QR code. */
static inline unsigned char *charflow_qr_modules(const char *text, int *width) {
    struct charflow_qr_functions *f = charflow_qr_table();
    if (f->free == NULL) {
        void *library = dlopen("libqrencode.so.4", RTLD_NOW);
        if (library == NULL) library = dlopen("libqrencode.so", RTLD_NOW);
        if (library == NULL) return NULL;
        *(void **)&f->encode = dlsym(library, "QRcode_encodeString");
        *(void **)&f->free = dlsym(library, "QRcode_free");
        if (f->encode == NULL || f->free == NULL) { f->free = NULL; return NULL; }
    }
    QRcode *code = f->encode(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (code == NULL) return NULL;
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *modules = malloc(count);
    if (modules != NULL) {
        for (size_t index = 0; index < count; index++) modules[index] = code->data[index] & 1;
        *width = code->width;
    }
    f->free(code);
    return modules;
}

#endif
