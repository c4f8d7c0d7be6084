#ifndef CHARFLOW_CLIBICAL_SHIM_H
#define CHARFLOW_CLIBICAL_SHIM_H
#include <stddef.h>
#include <dlfcn.h>
#include <pthread.h>
#include <libical/ical.h>

/* libical is found with dlopen when a calendar is first read, not linked: it brings ICU and libstdc++,
   which every other command would bind at start (docs/architecture.md, "Start-up"). Each function the
   calendar engine calls is looked up once into this table; `charflow_ical_load` says whether all of
   them were found. Nothing here keeps state between calls except the table. */
struct charflow_ical_functions {
    icalcomponent *(*parse_string)(const char *);
    void (*component_free)(icalcomponent *);
    icalcomponent_kind (*component_isa)(const icalcomponent *);
    icalcomponent *(*first_component)(icalcomponent *, icalcomponent_kind);
    icalcomponent *(*next_component)(icalcomponent *, icalcomponent_kind);
    icalproperty *(*first_property)(icalcomponent *, icalproperty_kind);
    icalproperty *(*next_property)(icalcomponent *, icalproperty_kind);
    icaltimezone *(*get_timezone)(icalcomponent *, const char *);
    icalproperty_kind (*property_isa)(icalproperty *);
    const char *(*property_name)(const icalproperty *);
    const char *(*parameter_as_string)(icalproperty *, const char *);
    const char *(*value_as_string)(const icalproperty *);
    struct icaltimetype (*get_dtstart)(const icalproperty *);
    struct icaltimetype (*get_dtend)(const icalproperty *);
    struct icaltimetype (*get_recurrenceid)(const icalproperty *);
    struct icaltimetype (*get_exdate)(const icalproperty *);
    struct icaldatetimeperiodtype (*get_rdate)(const icalproperty *);
    struct icaldurationtype (*get_duration)(const icalproperty *);
    struct icalrecurrencetype (*get_rrule)(const icalproperty *);
    const char *(*get_summary)(const icalproperty *);
    const char *(*get_location)(const icalproperty *);
    const char *(*get_uid)(const icalproperty *);
    const char *(*get_attendee)(const icalproperty *);
    icalrecur_iterator *(*iterator_new)(struct icalrecurrencetype, struct icaltimetype);
    int (*iterator_set_start)(icalrecur_iterator *, struct icaltimetype);
    struct icaltimetype (*iterator_next)(icalrecur_iterator *);
    void (*iterator_free)(icalrecur_iterator *);
    int (*utc_offset_of_utc_time)(icaltimezone *, struct icaltimetype *, int *);
    icaltimezone *(*utc_timezone)(void);
};

/* The table lives in a function: a static variable of a header is not emitted for Swift's importer.
   The importer gives each Swift file its own copy of these static functions, and so its own table:
   each copy fills itself once, on first use (pthread_once), and dlopen hands back the library that
   the first copy opened. */
static inline struct charflow_ical_functions *charflow_ical_slots(void) {
    static struct charflow_ical_functions table;
    return &table;
}

static void charflow_ical_fill(void) {
    void *library = dlopen("libical.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libical.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    struct charflow_ical_functions loaded;
    *(void **)&loaded.parse_string = dlsym(library, "icalparser_parse_string");
    *(void **)&loaded.component_free = dlsym(library, "icalcomponent_free");
    *(void **)&loaded.component_isa = dlsym(library, "icalcomponent_isa");
    *(void **)&loaded.first_component = dlsym(library, "icalcomponent_get_first_component");
    *(void **)&loaded.next_component = dlsym(library, "icalcomponent_get_next_component");
    *(void **)&loaded.first_property = dlsym(library, "icalcomponent_get_first_property");
    *(void **)&loaded.next_property = dlsym(library, "icalcomponent_get_next_property");
    *(void **)&loaded.get_timezone = dlsym(library, "icalcomponent_get_timezone");
    *(void **)&loaded.property_isa = dlsym(library, "icalproperty_isa");
    *(void **)&loaded.property_name = dlsym(library, "icalproperty_get_property_name");
    *(void **)&loaded.parameter_as_string = dlsym(library, "icalproperty_get_parameter_as_string");
    *(void **)&loaded.value_as_string = dlsym(library, "icalproperty_get_value_as_string");
    *(void **)&loaded.get_dtstart = dlsym(library, "icalproperty_get_dtstart");
    *(void **)&loaded.get_dtend = dlsym(library, "icalproperty_get_dtend");
    *(void **)&loaded.get_recurrenceid = dlsym(library, "icalproperty_get_recurrenceid");
    *(void **)&loaded.get_exdate = dlsym(library, "icalproperty_get_exdate");
    *(void **)&loaded.get_rdate = dlsym(library, "icalproperty_get_rdate");
    *(void **)&loaded.get_duration = dlsym(library, "icalproperty_get_duration");
    *(void **)&loaded.get_rrule = dlsym(library, "icalproperty_get_rrule");
    *(void **)&loaded.get_summary = dlsym(library, "icalproperty_get_summary");
    *(void **)&loaded.get_location = dlsym(library, "icalproperty_get_location");
    *(void **)&loaded.get_uid = dlsym(library, "icalproperty_get_uid");
    *(void **)&loaded.get_attendee = dlsym(library, "icalproperty_get_attendee");
    *(void **)&loaded.iterator_new = dlsym(library, "icalrecur_iterator_new");
    *(void **)&loaded.iterator_set_start = dlsym(library, "icalrecur_iterator_set_start");
    *(void **)&loaded.iterator_next = dlsym(library, "icalrecur_iterator_next");
    *(void **)&loaded.iterator_free = dlsym(library, "icalrecur_iterator_free");
    *(void **)&loaded.utc_offset_of_utc_time = dlsym(library, "icaltimezone_get_utc_offset_of_utc_time");
    *(void **)&loaded.utc_timezone = dlsym(library, "icaltimezone_get_utc_timezone");
    void **slots = (void **)&loaded;
    for (size_t index = 0; index < sizeof loaded / sizeof(void *); index += 1) {
        if (slots[index] == NULL) return;
    }
    *charflow_ical_slots() = loaded;
}

static inline struct charflow_ical_functions *charflow_ical_table(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, charflow_ical_fill);
    return charflow_ical_slots();
}
#define charflow_ical (*charflow_ical_table())

/* 1 when libical was found and every function in the table with it, else 0. */
static inline int charflow_ical_load(void) {
    return charflow_ical_table()->utc_timezone != NULL;
}

/* Calls through the table, one a function the engine uses (Swift does not see the `charflow_ical` macro). */
static inline icalcomponent * charflow_ical_parse(const char *text) { return charflow_ical.parse_string(text); }
static inline void charflow_ical_component_free(icalcomponent *component) { charflow_ical.component_free(component); }
static inline icalcomponent_kind charflow_ical_component_kind(const icalcomponent *component) { return charflow_ical.component_isa(component); }
static inline icalcomponent * charflow_ical_first_component(icalcomponent *component, icalcomponent_kind kind) { return charflow_ical.first_component(component, kind); }
static inline icalcomponent * charflow_ical_next_component(icalcomponent *component, icalcomponent_kind kind) { return charflow_ical.next_component(component, kind); }
static inline icalproperty * charflow_ical_first_property(icalcomponent *component, icalproperty_kind kind) { return charflow_ical.first_property(component, kind); }
static inline icalproperty * charflow_ical_next_property(icalcomponent *component, icalproperty_kind kind) { return charflow_ical.next_property(component, kind); }
static inline icaltimezone * charflow_ical_timezone(icalcomponent *calendar, const char *tzid) { return charflow_ical.get_timezone(calendar, tzid); }
static inline icalproperty_kind charflow_ical_property_kind(icalproperty *property) { return charflow_ical.property_isa(property); }
static inline const char * charflow_ical_parameter(icalproperty *property, const char *name) { return charflow_ical.parameter_as_string(property, name); }
static inline const char * charflow_ical_value_text(const icalproperty *property) { return charflow_ical.value_as_string(property); }
static inline struct icaltimetype charflow_ical_dtstart(const icalproperty *property) { return charflow_ical.get_dtstart(property); }
static inline struct icaltimetype charflow_ical_dtend(const icalproperty *property) { return charflow_ical.get_dtend(property); }
static inline struct icaltimetype charflow_ical_recurrence_id(const icalproperty *property) { return charflow_ical.get_recurrenceid(property); }
static inline struct icaltimetype charflow_ical_exdate(const icalproperty *property) { return charflow_ical.get_exdate(property); }
static inline struct icaldatetimeperiodtype charflow_ical_rdate(const icalproperty *property) { return charflow_ical.get_rdate(property); }
static inline struct icaldurationtype charflow_ical_duration(const icalproperty *property) { return charflow_ical.get_duration(property); }
static inline const char * charflow_ical_summary(const icalproperty *property) { return charflow_ical.get_summary(property); }
static inline const char * charflow_ical_location(const icalproperty *property) { return charflow_ical.get_location(property); }
static inline const char * charflow_ical_uid(const icalproperty *property) { return charflow_ical.get_uid(property); }
static inline const char * charflow_ical_attendee(const icalproperty *property) { return charflow_ical.get_attendee(property); }

/* What an RRULE says beyond what its iterator yields: its UNTIL (a null time when none) and COUNT (0
   when none). The engine applies UNTIL itself, with each instance's real zone. */
struct charflow_ical_rule {
    struct icaltimetype until;
    int count;
    int has_frequency;
};

/* An iterator over the RRULE of `property` from `start`, with its UNTIL taken out into `rule`: libical
   would compare UNTIL (in UTC) with the zone-less wall times it is given. NULL when the rule names no
   frequency. The caller frees it with `charflow_ical_iterator_free`. */
static inline icalrecur_iterator *charflow_ical_iterator(icalproperty *property, struct icaltimetype start,
                                                         struct charflow_ical_rule *rule) {
    struct icalrecurrencetype recurrence = charflow_ical.get_rrule(property);
    rule->until = recurrence.until;
    rule->count = recurrence.count;
    rule->has_frequency = recurrence.freq != ICAL_NO_RECURRENCE;
    if (!rule->has_frequency) return NULL;
    struct icaltimetype none = ICALTIMETYPE_INITIALIZER;
    recurrence.until = none;
    return charflow_ical.iterator_new(recurrence, start);
}

static inline int charflow_ical_iterator_set_start(icalrecur_iterator *iterator, struct icaltimetype start) {
    return charflow_ical.iterator_set_start(iterator, start);
}

static inline struct icaltimetype charflow_ical_iterator_next(icalrecur_iterator *iterator) {
    return charflow_ical.iterator_next(iterator);
}

static inline void charflow_ical_iterator_free(icalrecur_iterator *iterator) {
    charflow_ical.iterator_free(iterator);
}

/* Seconds east of UTC that a VTIMEZONE's zone is at the UTC time `utc`. */
static inline int charflow_ical_offset(icaltimezone *zone, struct icaltimetype utc) {
    int daylight = 0;
    return charflow_ical.utc_offset_of_utc_time(zone, &utc, &daylight);
}

/* Whether a time libical read ended in Z (its zone is libical's UTC). */
static inline int charflow_ical_is_utc(struct icaltimetype time) {
    return time.zone != NULL && time.zone == charflow_ical.utc_timezone();
}

/* A time value with no zone, for the iterator's start (built here: libical's constructors are not in the
   table, and calling one directly would link the library). */
static inline struct icaltimetype charflow_ical_time(int year, int month, int day, int hour, int minute, int second,
                                                     int is_date) {
    struct icaltimetype time = ICALTIMETYPE_INITIALIZER;
    time.year = year;
    time.month = month;
    time.day = day;
    time.hour = is_date ? 0 : hour;
    time.minute = is_date ? 0 : minute;
    time.second = is_date ? 0 : second;
    time.is_date = is_date;
    return time;
}

#endif
