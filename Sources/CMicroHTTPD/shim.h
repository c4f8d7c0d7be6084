#ifndef CHARFLOW_CMICROHTTPD_SHIM_H
#define CHARFLOW_CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call: one fixed-signature wrapper with every option
   Charflow's server sets. `address` is the socket address to bind (127.0.0.1 only); its port may be 0. */
static inline struct MHD_Daemon *charflow_mhd_start(
    unsigned int flags, const struct sockaddr_in *address,
    MHD_AccessHandlerCallback handler, void *context,
    MHD_RequestCompletedCallback completed,
    unsigned int timeoutSeconds, unsigned int connectionLimit, unsigned int perAddressLimit,
    size_t connectionMemory)
{
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
                            MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddressLimit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connectionMemory,
                            MHD_OPTION_END);
}

/* The port the daemon listens on (the real one when it was asked for port 0), or 0 when unknown.
   MHD_get_daemon_info is variadic too. */
static inline uint16_t charflow_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* The value of one request header, cookie or query argument, or NULL (the enum's cases are not
   importable by name from Swift). */
static inline const char *charflow_mhd_header(struct MHD_Connection *connection, const char *key) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, key);
}

static inline const char *charflow_mhd_cookie(struct MHD_Connection *connection, const char *key) {
    return MHD_lookup_connection_value(connection, MHD_COOKIE_KIND, key);
}

static inline const char *charflow_mhd_argument(struct MHD_Connection *connection, const char *key) {
    return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, key);
}

/* A response whose body libmicrohttpd copies, so Swift's buffer may go right after. */
static inline struct MHD_Response *charflow_mhd_copied_response(size_t size, const void *buffer) {
    return MHD_create_response_from_buffer(size, (void *)buffer, MHD_RESPMEM_MUST_COPY);
}

/* The answers a handler gives libmicrohttpd. */
static inline enum MHD_Result charflow_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result charflow_mhd_no(void) { return MHD_NO; }

#endif
