#ifndef CHARFLOW_CLIBCURL_SHIM_H
#define CHARFLOW_CLIBCURL_SHIM_H
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <pthread.h>
#include <curl/curl.h>

/* libcurl is found with dlopen when a calendar is first fetched, not linked: it brings OpenSSL, nghttp2,
   LDAP and Kerberos, which every other command would bind at start (docs/architecture.md, "Start-up").
   Each function is looked up once into this table; `charflow_curl_load` says whether all were found. */
struct charflow_curl_functions {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
};

/* The table lives in a function: a static variable of a header is not emitted for Swift's importer.
   The importer gives each Swift file its own copy of these static functions, and so its own table:
   each copy fills itself once, on first use (pthread_once), and dlopen hands back the library that
   the first copy opened. */
static inline struct charflow_curl_functions *charflow_curl_slots(void) {
    static struct charflow_curl_functions table;
    return &table;
}

static void charflow_curl_fill(void) {
    const char *names[] = { "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so" };
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index += 1) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) return;
    struct charflow_curl_functions loaded;
    *(void **)&loaded.global_init = dlsym(library, "curl_global_init");
    *(void **)&loaded.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&loaded.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&loaded.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&loaded.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&loaded.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&loaded.easy_strerror = dlsym(library, "curl_easy_strerror");
    *(void **)&loaded.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&loaded.slist_free_all = dlsym(library, "curl_slist_free_all");
    void **slots = (void **)&loaded;
    for (size_t index = 0; index < sizeof loaded / sizeof(void *); index += 1) {
        if (slots[index] == NULL) return;
    }
    *charflow_curl_slots() = loaded;
}

static inline struct charflow_curl_functions *charflow_curl_table(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, charflow_curl_fill);
    return charflow_curl_slots();
}
#define charflow_curl (*charflow_curl_table())

/* 1 when a libcurl was found with every function and its global set-up ran, else 0. Called once per
   process, from Swift's lazily made `LibCurl.loaded`, before any transfer. */
static inline int charflow_curl_load(void) {
    if (charflow_curl_table()->slist_free_all == NULL) return 0;
    return charflow_curl.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
}

/* One request, described in plain values so that Swift never calls the variadic curl_easy_setopt. */
struct charflow_curl_request {
    const char *url;
    const char *method;            /* GET, PROPFIND, REPORT */
    const char *protocols;         /* "https", or "http,https" for a loopback address */
    const char *user;              /* NULL: no credentials are sent */
    const char *password;
    const char *proxy;             /* "" for none */
    const char *no_proxy;          /* hosts never reached through the proxy */
    const char *body;              /* NULL: no body */
    size_t body_length;
    const char *const *headers;    /* "Name: value" lines */
    size_t header_count;
    long connect_timeout_ms;
    long timeout_ms;
};

/* What came back: the last response's headers and body (an authentication round's first answer and its
   body are dropped when the next status line arrives), and curl's own words for a failure. */
struct charflow_curl_answer {
    long status;
    char *body;
    size_t body_length;
    size_t body_capacity;
    size_t body_limit;
    int over_limit;
    char *headers;
    size_t headers_length;
    size_t headers_capacity;
    char error[CURL_ERROR_SIZE];
};

static int charflow_curl_append(char **buffer, size_t *length, size_t *capacity, const char *data, size_t count) {
    if (*length + count + 1 > *capacity) {
        size_t grown = *capacity == 0 ? 16384 : *capacity;
        while (*length + count + 1 > grown) grown *= 2;
        char *moved = realloc(*buffer, grown);
        if (moved == NULL) return 0;
        *buffer = moved;
        *capacity = grown;
    }
    memcpy(*buffer + *length, data, count);
    *length += count;
    (*buffer)[*length] = 0;
    return 1;
}

static size_t charflow_curl_take_body(char *data, size_t size, size_t count, void *context) {
    struct charflow_curl_answer *answer = context;
    size_t bytes = size * count;
    if (answer->body_length + bytes > answer->body_limit) {
        answer->over_limit = 1;
        return 0;
    }
    return charflow_curl_append(&answer->body, &answer->body_length, &answer->body_capacity, data, bytes) ? bytes : 0;
}

static size_t charflow_curl_take_header(char *data, size_t size, size_t count, void *context) {
    struct charflow_curl_answer *answer = context;
    size_t bytes = size * count;
    if (bytes >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        answer->headers_length = 0;
        answer->body_length = 0;
    }
    return charflow_curl_append(&answer->headers, &answer->headers_length, &answer->headers_capacity, data, bytes)
        ? bytes : 0;
}

/* Runs `request` to its end on a fresh handle and fills `answer`; the result is curl's code (CURLE_OK
   when an HTTP answer of any status came back). Redirects are not followed: the caller checks each
   new address first. Credentials go only with Basic or Digest. */
static inline CURLcode charflow_curl_perform(const struct charflow_curl_request *request,
                                             struct charflow_curl_answer *answer) {
    CURL *handle = charflow_curl.easy_init();
    if (handle == NULL) return CURLE_FAILED_INIT;
    struct curl_slist *headers = NULL;
    for (size_t index = 0; index < request->header_count; index += 1) {
        struct curl_slist *added = charflow_curl.slist_append(headers, request->headers[index]);
        if (added == NULL) { charflow_curl.slist_free_all(headers); charflow_curl.easy_cleanup(handle); return CURLE_OUT_OF_MEMORY; }
        headers = added;
    }
    CURLcode code = CURLE_OK;
#define CHARFLOW_SET(option, value) if (code == CURLE_OK) code = charflow_curl.easy_setopt(handle, option, value)
    CHARFLOW_SET(CURLOPT_ERRORBUFFER, answer->error);
    CHARFLOW_SET(CURLOPT_URL, request->url);
    CHARFLOW_SET(CURLOPT_PROTOCOLS_STR, request->protocols);
    CHARFLOW_SET(CURLOPT_FOLLOWLOCATION, 0L);
    CHARFLOW_SET(CURLOPT_NOSIGNAL, 1L);
    CHARFLOW_SET(CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    CHARFLOW_SET(CURLOPT_TIMEOUT_MS, request->timeout_ms);
    CHARFLOW_SET(CURLOPT_ACCEPT_ENCODING, "");
    CHARFLOW_SET(CURLOPT_USERAGENT, "Charflow");
    CHARFLOW_SET(CURLOPT_PROXY, request->proxy);
    CHARFLOW_SET(CURLOPT_NOPROXY, request->no_proxy);
    CHARFLOW_SET(CURLOPT_NETRC, (long)CURL_NETRC_IGNORED);
    CHARFLOW_SET(CURLOPT_HTTPHEADER, headers);
    CHARFLOW_SET(CURLOPT_CUSTOMREQUEST, request->method);
    CHARFLOW_SET(CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)answer->body_limit);
    CHARFLOW_SET(CURLOPT_WRITEFUNCTION, charflow_curl_take_body);
    CHARFLOW_SET(CURLOPT_WRITEDATA, answer);
    CHARFLOW_SET(CURLOPT_HEADERFUNCTION, charflow_curl_take_header);
    CHARFLOW_SET(CURLOPT_HEADERDATA, answer);
    if (request->body != NULL) {
        CHARFLOW_SET(CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        CHARFLOW_SET(CURLOPT_POSTFIELDS, request->body);
    } else if (strcmp(request->method, "GET") == 0) {
        CHARFLOW_SET(CURLOPT_HTTPGET, 1L);
    }
    if (request->user != NULL) {
        CHARFLOW_SET(CURLOPT_HTTPAUTH, (long)(CURLAUTH_BASIC | CURLAUTH_DIGEST));
        CHARFLOW_SET(CURLOPT_USERNAME, request->user);
        CHARFLOW_SET(CURLOPT_PASSWORD, request->password == NULL ? "" : request->password);
    }
#undef CHARFLOW_SET
    if (code == CURLE_OK) code = charflow_curl.easy_perform(handle);
    if (code == CURLE_OK) {
        long status = 0;
        code = charflow_curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
        answer->status = status;
    }
    charflow_curl.slist_free_all(headers);
    charflow_curl.easy_cleanup(handle);
    return code;
}

static inline void charflow_curl_answer_free(struct charflow_curl_answer *answer) {
    free(answer->body);
    free(answer->headers);
    answer->body = NULL;
    answer->headers = NULL;
}

static inline const char *charflow_curl_strerror(CURLcode code) { return charflow_curl.easy_strerror(code); }

/* The codes the engine tells apart (the enum's cases are not all importable by name). */
static inline int charflow_curl_is_timeout(CURLcode code) { return code == CURLE_OPERATION_TIMEDOUT; }
static inline int charflow_curl_is_too_large(CURLcode code) { return code == CURLE_FILESIZE_EXCEEDED || code == CURLE_WRITE_ERROR; }
static inline int charflow_curl_is_unsupported_protocol(CURLcode code) { return code == CURLE_UNSUPPORTED_PROTOCOL; }

#endif
