#ifndef CHARFLOW_CSDBUS_SHIM_H
#define CHARFLOW_CSDBUS_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <dlfcn.h>
#include <pthread.h>

/* libsystemd's D-Bus client (sd-bus) is found with dlopen when a reminder is first delivered, not linked:
   the installed build binds glibc alone (docs/architecture.md, "Start-up"), and a machine without
   libsystemd only goes without desktop notifications. The few functions one Notify call needs are declared
   here by their documented signatures, so building needs no libsystemd-dev; the bus and message are
   opaque, and the error is sd-bus's public three-field structure. */
typedef struct charflow_bus charflow_bus;
typedef struct charflow_bus_message charflow_bus_message;
struct charflow_bus_error {
    const char *name;
    const char *message;
    int need_free;
};

struct charflow_bus_functions {
    int (*bus_new)(charflow_bus **);
    int (*set_address)(charflow_bus *, const char *);
    int (*set_bus_client)(charflow_bus *, int);
    int (*start)(charflow_bus *);
    charflow_bus *(*flush_close_unref)(charflow_bus *);
    int (*new_method_call)(charflow_bus *, charflow_bus_message **, const char *, const char *, const char *, const char *);
    int (*append_basic)(charflow_bus_message *, char, const void *);
    int (*open_container)(charflow_bus_message *, char, const char *);
    int (*close_container)(charflow_bus_message *);
    int (*call)(charflow_bus *, charflow_bus_message *, uint64_t, struct charflow_bus_error *, charflow_bus_message **);
    int (*read_basic)(charflow_bus_message *, char, void *);
    charflow_bus_message *(*message_unref)(charflow_bus_message *);
    void (*error_free)(struct charflow_bus_error *);
};

/* The table lives in a function (a header's static variable is not emitted for Swift's importer); each
   Swift file's copy fills itself once (pthread_once), and dlopen hands back the library already open. */
static inline struct charflow_bus_functions *charflow_bus_slots(void) {
    static struct charflow_bus_functions table;
    return &table;
}

static void charflow_bus_fill(void) {
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libsystemd.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    struct charflow_bus_functions loaded;
    *(void **)&loaded.bus_new = dlsym(library, "sd_bus_new");
    *(void **)&loaded.set_address = dlsym(library, "sd_bus_set_address");
    *(void **)&loaded.set_bus_client = dlsym(library, "sd_bus_set_bus_client");
    *(void **)&loaded.start = dlsym(library, "sd_bus_start");
    *(void **)&loaded.flush_close_unref = dlsym(library, "sd_bus_flush_close_unref");
    *(void **)&loaded.new_method_call = dlsym(library, "sd_bus_message_new_method_call");
    *(void **)&loaded.append_basic = dlsym(library, "sd_bus_message_append_basic");
    *(void **)&loaded.open_container = dlsym(library, "sd_bus_message_open_container");
    *(void **)&loaded.close_container = dlsym(library, "sd_bus_message_close_container");
    *(void **)&loaded.call = dlsym(library, "sd_bus_call");
    *(void **)&loaded.read_basic = dlsym(library, "sd_bus_message_read_basic");
    *(void **)&loaded.message_unref = dlsym(library, "sd_bus_message_unref");
    *(void **)&loaded.error_free = dlsym(library, "sd_bus_error_free");
    void **slots = (void **)&loaded;
    for (size_t index = 0; index < sizeof loaded / sizeof(void *); index += 1) {
        if (slots[index] == NULL) return;
    }
    *charflow_bus_slots() = loaded;
}

static inline struct charflow_bus_functions *charflow_bus_table(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, charflow_bus_fill);
    return charflow_bus_slots();
}

/* What one notification came to. */
enum charflow_notify_result {
    CHARFLOW_NOTIFY_SHOWN = 0,
    CHARFLOW_NOTIFY_NO_LIBRARY = 1,   /* no libsystemd with every function */
    CHARFLOW_NOTIFY_NO_BUS = 2,       /* the session bus could not be reached */
    CHARFLOW_NOTIFY_REFUSED = 3       /* the call failed: no notification service, or it said no */
};

/* Sends org.freedesktop.Notifications.Notify(app, 0, "", summary, body, [], {}, -1) on the bus at
   `address` and waits at most `timeout_usec` for the answer; `id` gets the notification's id, and
   `error_name` (`error_size` bytes) the bus's error name when the call fails. */
static inline int charflow_notify(const char *address, const char *app, const char *summary, const char *body,
                                  uint64_t timeout_usec, uint32_t *id, char *error_name, size_t error_size) {
    struct charflow_bus_functions *f = charflow_bus_table();
    if (f->error_free == NULL) return CHARFLOW_NOTIFY_NO_LIBRARY;
    if (error_size > 0) error_name[0] = 0;
    charflow_bus *bus = NULL;
    if (f->bus_new(&bus) < 0) return CHARFLOW_NOTIFY_NO_BUS;
    if (f->set_address(bus, address) < 0 || f->set_bus_client(bus, 1) < 0 || f->start(bus) < 0) {
        f->flush_close_unref(bus);
        return CHARFLOW_NOTIFY_NO_BUS;
    }
    charflow_bus_message *call = NULL, *reply = NULL;
    struct charflow_bus_error error = { NULL, NULL, 0 };
    int result = CHARFLOW_NOTIFY_REFUSED;
    uint32_t replaces = 0;
    int32_t expires = -1;
    if (f->new_method_call(bus, &call, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                           "org.freedesktop.Notifications", "Notify") >= 0
        && f->append_basic(call, 's', app) >= 0
        && f->append_basic(call, 'u', &replaces) >= 0
        && f->append_basic(call, 's', "") >= 0
        && f->append_basic(call, 's', summary) >= 0
        && f->append_basic(call, 's', body) >= 0
        && f->open_container(call, 'a', "s") >= 0 && f->close_container(call) >= 0
        && f->open_container(call, 'a', "{sv}") >= 0 && f->close_container(call) >= 0
        && f->append_basic(call, 'i', &expires) >= 0) {
        if (f->call(bus, call, timeout_usec, &error, &reply) >= 0) {
            uint32_t shown = 0;
            if (f->read_basic(reply, 'u', &shown) >= 0) {
                *id = shown;
                result = CHARFLOW_NOTIFY_SHOWN;
            }
        } else if (error.name != NULL && error_size > 0) {
            size_t index = 0;
            for (; error.name[index] != 0 && index + 1 < error_size; index += 1) error_name[index] = error.name[index];
            error_name[index] = 0;
        }
    }
    f->error_free(&error);
    if (reply != NULL) f->message_unref(reply);
    if (call != NULL) f->message_unref(call);
    f->flush_close_unref(bus);
    return result;
}

#endif
