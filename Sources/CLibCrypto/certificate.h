#ifndef CHARFLOW_CLIBCRYPTO_CERTIFICATE_H
#define CHARFLOW_CLIBCRYPTO_CERTIFICATE_H
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <openssl/bio.h>

/* The libcrypto functions `serve --listen` needs to make its self-signed certificate and to name a
   certificate's fingerprints, found with dlopen the first time (no other command loads libcrypto). */
struct charflow_certificate_functions {
    EVP_PKEY *(*keygen)(OSSL_LIB_CTX *, const char *, const char *, ...);
    void (*pkey_free)(EVP_PKEY *);
    X509 *(*x509_new)(void);
    void (*x509_free)(X509 *);
    int (*set_version)(X509 *, long);
    ASN1_INTEGER *(*serial)(X509 *);
    int (*integer_set)(ASN1_INTEGER *, long);
    ASN1_TIME *(*not_before)(const X509 *);
    ASN1_TIME *(*not_after)(const X509 *);
    ASN1_TIME *(*adjust)(ASN1_TIME *, long);
    int (*set_pubkey)(X509 *, EVP_PKEY *);
    X509_NAME *(*subject)(const X509 *);
    int (*add_name)(X509_NAME *, const char *, int, const unsigned char *, int, int, int);
    int (*set_issuer)(X509 *, const X509_NAME *);
    void (*set_ctx)(X509V3_CTX *, X509 *, X509 *, X509_REQ *, X509_CRL *, int);
    X509_EXTENSION *(*extension)(CONF *, X509V3_CTX *, int, const char *);
    int (*add_extension)(X509 *, X509_EXTENSION *, int);
    void (*extension_free)(X509_EXTENSION *);
    int (*sign)(X509 *, EVP_PKEY *, const EVP_MD *);
    const EVP_MD *(*sha256)(void);
    BIO *(*bio_new)(const BIO_METHOD *);
    const BIO_METHOD *(*bio_memory)(void);
    BIO *(*bio_buffer)(const void *, int);
    long (*bio_ctrl)(BIO *, int, long, void *);
    int (*bio_free)(BIO *);
    int (*write_certificate)(BIO *, const X509 *);
    int (*write_key)(BIO *, const EVP_PKEY *, const EVP_CIPHER *, const unsigned char *, int, pem_password_cb *, void *);
    X509 *(*read_certificate)(BIO *, X509 **, pem_password_cb *, void *);
    int (*digest)(const X509 *, const EVP_MD *, unsigned char *, unsigned int *);
    X509_PUBKEY *(*public_key)(const X509 *);
    int (*public_key_der)(const X509_PUBKEY *, unsigned char **);
    int (*hash)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, ENGINE *);
};

static inline struct charflow_certificate_functions *charflow_certificate_table(void) {
    static struct charflow_certificate_functions table;
    return &table;
}

/* Whether every function was found (loads them on the first call). */
static inline int charflow_certificate_load(void) {
    struct charflow_certificate_functions *table = charflow_certificate_table();
    if (table->hash != NULL) return 1;
    void *library = dlopen("libcrypto.so.3", RTLD_NOW);
    if (library == NULL) library = dlopen("libcrypto.so", RTLD_NOW);
    if (library == NULL) return 0;
    struct charflow_certificate_functions f;
    void **slots[] = {
        (void **)&f.keygen, (void **)&f.pkey_free, (void **)&f.x509_new, (void **)&f.x509_free, (void **)&f.set_version,
        (void **)&f.serial, (void **)&f.integer_set, (void **)&f.not_before, (void **)&f.not_after, (void **)&f.adjust,
        (void **)&f.set_pubkey, (void **)&f.subject, (void **)&f.add_name, (void **)&f.set_issuer, (void **)&f.set_ctx,
        (void **)&f.extension, (void **)&f.add_extension, (void **)&f.extension_free, (void **)&f.sign, (void **)&f.sha256,
        (void **)&f.bio_new, (void **)&f.bio_memory, (void **)&f.bio_buffer, (void **)&f.bio_ctrl, (void **)&f.bio_free,
        (void **)&f.write_certificate, (void **)&f.write_key, (void **)&f.read_certificate, (void **)&f.digest,
        (void **)&f.public_key, (void **)&f.public_key_der, (void **)&f.hash,
    };
    const char *names[] = {
        "EVP_PKEY_Q_keygen", "EVP_PKEY_free", "X509_new", "X509_free", "X509_set_version",
        "X509_get_serialNumber", "ASN1_INTEGER_set", "X509_getm_notBefore", "X509_getm_notAfter", "X509_gmtime_adj",
        "X509_set_pubkey", "X509_get_subject_name", "X509_NAME_add_entry_by_txt", "X509_set_issuer_name", "X509V3_set_ctx",
        "X509V3_EXT_nconf_nid", "X509_add_ext", "X509_EXTENSION_free", "X509_sign", "EVP_sha256",
        "BIO_new", "BIO_s_mem", "BIO_new_mem_buf", "BIO_ctrl", "BIO_free",
        "PEM_write_bio_X509", "PEM_write_bio_PrivateKey", "PEM_read_bio_X509", "X509_digest",
        "X509_get_X509_PUBKEY", "i2d_X509_PUBKEY", "EVP_Digest",
    };
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        *slots[index] = dlsym(library, names[index]);
        if (*slots[index] == NULL) return 0;
    }
    *table = f;
    return 1;
}

/* A memory BIO's text as a malloc'd, NUL-terminated string (the caller frees it), or NULL. */
static inline char *charflow_certificate_bio_text(BIO *bio) {
    struct charflow_certificate_functions *f = charflow_certificate_table();
    char *data = NULL;
    long length = f->bio_ctrl(bio, BIO_CTRL_INFO, 0, &data);
    if (length <= 0 || data == NULL) return NULL;
    char *text = malloc((size_t)length + 1);
    if (text == NULL) return NULL;
    memcpy(text, data, (size_t)length);
    text[length] = 0;
    return text;
}

/* Makes a self-signed certificate for an ECDSA P-256 key: `common_name` as subject and issuer,
   `alt_names` as the subjectAltName (e.g. "IP:192.168.1.5,DNS:planner.home"), valid from an hour ago
   for `days`. Its PEM text and the key's (PKCS#8) go to *certificate and *key (the caller frees both).
   Returns 1, or 0 when libcrypto is missing or refused a step. */
static inline int charflow_certificate_make(const char *common_name, const char *alt_names, long serial, long days,
                                            char **certificate, char **key) {
    *certificate = NULL;
    *key = NULL;
    if (!charflow_certificate_load()) return 0;
    struct charflow_certificate_functions *f = charflow_certificate_table();
    int made = 0;
    EVP_PKEY *pair = f->keygen(NULL, NULL, "EC", "P-256");
    X509 *x509 = f->x509_new();
    BIO *certificate_bio = f->bio_new(f->bio_memory());
    BIO *key_bio = f->bio_new(f->bio_memory());
    if (pair == NULL || x509 == NULL || certificate_bio == NULL || key_bio == NULL) goto done;
    if (!f->set_version(x509, 2) || !f->integer_set(f->serial(x509), serial)) goto done;
    if (!f->adjust(f->not_before(x509), -3600) || !f->adjust(f->not_after(x509), days * 86400L)) goto done;
    if (!f->set_pubkey(x509, pair)) goto done;
    X509_NAME *name = f->subject(x509);
    if (!f->add_name(name, "CN", MBSTRING_UTF8, (const unsigned char *)common_name, -1, -1, 0)) goto done;
    if (!f->set_issuer(x509, name)) goto done;
    X509V3_CTX context;
    memset(&context, 0, sizeof(context));
    f->set_ctx(&context, x509, x509, NULL, NULL, 0);
    const int nids[] = { NID_subject_alt_name, NID_basic_constraints, NID_ext_key_usage };
    const char *values[] = { alt_names, "critical,CA:FALSE", "serverAuth" };
    for (int index = 0; index < 3; index++) {
        X509_EXTENSION *extension = f->extension(NULL, &context, nids[index], values[index]);
        if (extension == NULL) goto done;
        int added = f->add_extension(x509, extension, -1);
        f->extension_free(extension);
        if (!added) goto done;
    }
    if (!f->sign(x509, pair, f->sha256())) goto done;
    if (!f->write_certificate(certificate_bio, x509) || !f->write_key(key_bio, pair, NULL, NULL, 0, NULL, NULL)) goto done;
    *certificate = charflow_certificate_bio_text(certificate_bio);
    *key = charflow_certificate_bio_text(key_bio);
    made = *certificate != NULL && *key != NULL;
done:
    if (key_bio) f->bio_free(key_bio);
    if (certificate_bio) f->bio_free(certificate_bio);
    if (x509) f->x509_free(x509);
    if (pair) f->pkey_free(pair);
    if (!made) { free(*certificate); free(*key); *certificate = NULL; *key = NULL; }
    return made;
}

/* The SHA-256 of a PEM certificate's DER bytes into `whole` and of its SubjectPublicKeyInfo into `key`
   (32 bytes each). Returns 1, or 0 when the text holds no certificate. */
static inline int charflow_certificate_fingerprints(const char *pem, unsigned char *whole, unsigned char *key) {
    if (!charflow_certificate_load()) return 0;
    struct charflow_certificate_functions *f = charflow_certificate_table();
    BIO *bio = f->bio_buffer(pem, -1);
    if (bio == NULL) return 0;
    X509 *x509 = f->read_certificate(bio, NULL, NULL, NULL);
    f->bio_free(bio);
    if (x509 == NULL) return 0;
    unsigned int length = 0;
    int done = f->digest(x509, f->sha256(), whole, &length) && length == 32;
    unsigned char *der = NULL;
    int size = done ? f->public_key_der(f->public_key(x509), NULL) : 0;
    if (size > 0 && (der = malloc((size_t)size)) != NULL) {
        unsigned char *cursor = der;
        done = f->public_key_der(f->public_key(x509), &cursor) == size
            && f->hash(der, (size_t)size, key, &length, f->sha256(), NULL) && length == 32;
        free(der);
    } else {
        done = 0;
    }
    f->x509_free(x509);
    return done;
}

#endif
