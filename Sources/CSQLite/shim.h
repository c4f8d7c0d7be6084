#ifndef CHARFLOW_CSQLITE_SHIM_H
#define CHARFLOW_CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: one fixed-signature wrapper per option used. */

/* Leaves the write-ahead log in place when the last connection closes, instead of folding it into the
   main file (and syncing that file) on every close. */
static inline int charflow_sqlite3_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/* After a commit that leaves the write-ahead log at `pages` frames or more, folds it into the main
   file and truncates it, without waiting: a reader elsewhere keeps it for the next commit to try again.
   A process that opens the store alone rebuilds the log's shared-memory index by reading every page
   of the log back, and SQLite's own automatic checkpoint let the log reach 1,000 pages (4 MB) first.
   Replaces that checkpoint. */
static int charflow_sqlite3_fold_wal(void *limits, sqlite3 *db, const char *name, int frames) {
    long packed = (long)limits;
    if (frames >= (int)(packed & 0xFFFF)) {
        sqlite3_busy_timeout(db, 0);
        sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_TRUNCATE, (int *)0, (int *)0);
        sqlite3_busy_timeout(db, (int)(packed >> 16));
    }
    return SQLITE_OK;
}

static inline void charflow_sqlite3_fold_wal_after(sqlite3 *db, int pages, int busy_milliseconds) {
    sqlite3_wal_hook(db, charflow_sqlite3_fold_wal, (void *)(((long)busy_milliseconds << 16) | (pages & 0xFFFF)));
}

/* Turns off SQLite's memory statistics, which take a global mutex on every allocation; Charflow never
   reads them. Must run before the library initialises (the first open); later calls change nothing. */
static inline void charflow_sqlite3_without_memory_statistics(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
