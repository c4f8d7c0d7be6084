#ifndef CHARFLOW_CMICROHTTPD_SHIM_H
#define CHARFLOW_CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <dlfcn.h>
#include <strings.h>
#include <microhttpd.h>

/* libmicrohttpd is found with dlopen when `serve` starts, not linked: it brings GnuTLS, whose symbols
   cost every other command about 7 M instructions of binding at start. Each function Charflow calls is
   looked up once into this table; `charflow_mhd_load` says whether all of them were found. */
struct charflow_mhd_functions {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
    const char *(*lookup_connection_value)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
    int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
    MHD_socket (*quiesce_daemon)(struct MHD_Daemon *);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    void (*stop_daemon)(struct MHD_Daemon *);
};

/* The table lives in a function: a static variable of a header is not emitted for Swift's importer. */
static inline struct charflow_mhd_functions *charflow_mhd_table(void) {
    static struct charflow_mhd_functions table;
    return &table;
}
#define charflow_mhd (*charflow_mhd_table())

static inline int charflow_mhd_load(void) {
    if (charflow_mhd.stop_daemon != NULL) return 1;
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW);
    if (library == NULL) library = dlopen("libmicrohttpd.so", RTLD_NOW);
    if (library == NULL) return 0;
    struct charflow_mhd_functions loaded;
    *(void **)&loaded.start_daemon = dlsym(library, "MHD_start_daemon");
    *(void **)&loaded.get_daemon_info = dlsym(library, "MHD_get_daemon_info");
    *(void **)&loaded.lookup_connection_value = dlsym(library, "MHD_lookup_connection_value");
    *(void **)&loaded.get_connection_values = dlsym(library, "MHD_get_connection_values");
    *(void **)&loaded.create_response_from_buffer = dlsym(library, "MHD_create_response_from_buffer");
    *(void **)&loaded.add_response_header = dlsym(library, "MHD_add_response_header");
    *(void **)&loaded.queue_response = dlsym(library, "MHD_queue_response");
    *(void **)&loaded.destroy_response = dlsym(library, "MHD_destroy_response");
    *(void **)&loaded.quiesce_daemon = dlsym(library, "MHD_quiesce_daemon");
    *(void **)&loaded.stop_daemon = dlsym(library, "MHD_stop_daemon");
    *(void **)&loaded.get_connection_info = dlsym(library, "MHD_get_connection_info");
    if (!loaded.start_daemon || !loaded.get_daemon_info || !loaded.lookup_connection_value || !loaded.get_connection_values
        || !loaded.create_response_from_buffer || !loaded.add_response_header || !loaded.queue_response
        || !loaded.destroy_response || !loaded.quiesce_daemon || !loaded.stop_daemon
        || !loaded.get_connection_info) return 0;
    charflow_mhd = loaded;
    return 1;
}

static inline enum MHD_Result charflow_mhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
    return charflow_mhd.add_response_header(response, name, value);
}

static inline enum MHD_Result charflow_mhd_queue(struct MHD_Connection *connection, unsigned int status,
                                                 struct MHD_Response *response) {
    return charflow_mhd.queue_response(connection, status, response);
}

static inline void charflow_mhd_destroy(struct MHD_Response *response) { charflow_mhd.destroy_response(response); }

static inline void charflow_mhd_quiesce(struct MHD_Daemon *daemon) { (void)charflow_mhd.quiesce_daemon(daemon); }

static inline void charflow_mhd_stop(struct MHD_Daemon *daemon) { charflow_mhd.stop_daemon(daemon); }

/* What Charflow's server is told of each connection: `opened` once it is accepted (with its socket) and
   once more, `opened` 0, just before libmicrohttpd closes that socket. Called on libmicrohttpd's thread. */
typedef void (*charflow_mhd_connection_event)(void *context, struct MHD_Connection *connection, int opened, int socket);

struct charflow_mhd_watch { charflow_mhd_connection_event event; void *context; };

static void charflow_mhd_notify(void *cls, struct MHD_Connection *connection, void **socket_context,
                                enum MHD_ConnectionNotificationCode code) {
    (void)socket_context;
    struct charflow_mhd_watch *watch = cls;
    int socket = -1;
    const union MHD_ConnectionInfo *info = charflow_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info != NULL) socket = info->connect_fd;
    watch->event(watch->context, connection, code == MHD_CONNECTION_NOTIFY_STARTED, socket);
}

/* MHD_start_daemon is variadic, which Swift cannot call: one fixed-signature wrapper with every option
   Charflow's server sets. `address` is the socket address to bind (127.0.0.1, or the `--listen` one,
   IPv6 when `flags` says so); its port may be 0. With `certificate` and `key` (PEM text) the daemon
   speaks TLS only, with GnuTLS's `priorities`. `watch` must outlive the daemon. */
static inline struct MHD_Daemon *charflow_mhd_start(
    unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *context,
    MHD_RequestCompletedCallback completed, struct charflow_mhd_watch *watch,
    unsigned int timeoutSeconds, unsigned int connectionLimit, unsigned int perAddressLimit,
    size_t connectionMemory, const char *certificate, const char *key, const char *priorities)
{
    if (!charflow_mhd_load()) return NULL;
    if (certificate != NULL && key != NULL) {
        return charflow_mhd.start_daemon(flags | MHD_USE_TLS, 0, NULL, NULL, handler, context,
                                MHD_OPTION_SOCK_ADDR, address,
                                MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                                MHD_OPTION_NOTIFY_CONNECTION, charflow_mhd_notify, watch,
                                MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
                                MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
                                MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddressLimit,
                                MHD_OPTION_CONNECTION_MEMORY_LIMIT, connectionMemory,
                                MHD_OPTION_HTTPS_MEM_CERT, certificate,
                                MHD_OPTION_HTTPS_MEM_KEY, key,
                                MHD_OPTION_HTTPS_PRIORITIES, priorities,
                                MHD_OPTION_END);
    }
    return charflow_mhd.start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, charflow_mhd_notify, watch,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
                            MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddressLimit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connectionMemory,
                            MHD_OPTION_END);
}

/* The flags for an IPv6 address and for TLS, whose enum cases Swift sees by raw value only. */
static inline unsigned int charflow_mhd_ipv6_flag(void) { return MHD_USE_IPv6; }

/* The client's address as text (IPv4 or IPv6, without the port) into `out`, or "" when unknown. */
static inline void charflow_mhd_client_address(struct MHD_Connection *connection, char *out, size_t size) {
    out[0] = 0;
    const union MHD_ConnectionInfo *info = charflow_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, out, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, out, (socklen_t)size);
    }
}

/* The port the daemon listens on (the real one when it was asked for port 0), or 0 when unknown.
   MHD_get_daemon_info is variadic too. */
static inline uint16_t charflow_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = charflow_mhd.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* The value of one request header, cookie or query argument, or NULL (the enum's cases are not
   importable by name from Swift). */
static inline const char *charflow_mhd_header(struct MHD_Connection *connection, const char *key) {
    return charflow_mhd.lookup_connection_value(connection, MHD_HEADER_KIND, key);
}

static inline const char *charflow_mhd_cookie(struct MHD_Connection *connection, const char *key) {
    return charflow_mhd.lookup_connection_value(connection, MHD_COOKIE_KIND, key);
}

static inline const char *charflow_mhd_argument(struct MHD_Connection *connection, const char *key) {
    return charflow_mhd.lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, key);
}

/* How many request headers are named `key` (case-insensitively): lookup_connection_value sees only the
   first, so a second Host would go unchecked. */
struct charflow_mhd_counted { const char *key; int count; };

static enum MHD_Result charflow_mhd_count_one(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind; (void)value;
    struct charflow_mhd_counted *counted = cls;
    if (key != NULL && strcasecmp(key, counted->key) == 0) counted->count += 1;
    return MHD_YES;
}

static inline int charflow_mhd_header_count(struct MHD_Connection *connection, const char *key) {
    struct charflow_mhd_counted counted = { key, 0 };
    charflow_mhd.get_connection_values(connection, MHD_HEADER_KIND, charflow_mhd_count_one, &counted);
    return counted.count;
}

/* A response whose body libmicrohttpd copies, so Swift's buffer may go right after. */
static inline struct MHD_Response *charflow_mhd_copied_response(size_t size, const void *buffer) {
    return charflow_mhd.create_response_from_buffer(size, (void *)buffer, MHD_RESPMEM_MUST_COPY);
}

/* The answers a handler gives libmicrohttpd. */
static inline enum MHD_Result charflow_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result charflow_mhd_no(void) { return MHD_NO; }

#endif
