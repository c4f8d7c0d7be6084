#ifndef CHARFLOW_CSQLITE_SHIM_H
#define CHARFLOW_CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: one fixed-signature wrapper per option used. */

/* Leaves the write-ahead log in place when the last connection closes, instead of folding it into the
   main file (and syncing that file) on every close. */
static inline int charflow_sqlite3_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/* Turns off SQLite's memory statistics, which take a global mutex on every allocation; Charflow never
   reads them. Must run before the library initialises (the first open); later calls change nothing. */
static inline void charflow_sqlite3_without_memory_statistics(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
