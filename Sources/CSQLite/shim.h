#ifndef WALKTHROUGH_CSQLITE_SHIM_H
#define WALKTHROUGH_CSQLITE_SHIM_H

#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: this wrapper takes the form used by
/// the boolean options (`SQLITE_DBCONFIG_DEFENSIVE` and friends): an int to set (-1 leaves it
/// as it is) and an optional int to read the resulting setting back into.
static inline int walkthrough_sqlite3_db_config_flag(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

/// `sqlite3_config(SQLITE_CONFIG_PAGECACHE, NULL, 0, 0)`, which Swift cannot call (variadic):
/// each page cache takes its pages one at a time as it needs them, with no bulk allocation
/// when it is made. Only before `sqlite3_initialize`; returns `SQLITE_MISUSE` after.
static inline int walkthrough_sqlite3_config_no_bulk_page_cache(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

/// An integer several threads read and change without a lock: `walkthrough serve`'s count of
/// writers at work, which every read checks (``HeldReads``). The library does not load Swift's
/// Synchronization for it (see ``Locked``); these are the compiler's atomic builtins.
static inline long walkthrough_atomic_load(const long *value) {
    return __atomic_load_n(value, __ATOMIC_ACQUIRE);
}

/// Adds `delta` to `value` atomically.
static inline void walkthrough_atomic_add(long *value, long delta) {
    __atomic_add_fetch(value, delta, __ATOMIC_ACQ_REL);
}

#endif
