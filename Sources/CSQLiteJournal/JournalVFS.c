// A VFS over SQLite's default one that gathers a rollback journal's writes.
//
// SQLite writes each page it journals with three `write`s (the page number, the page, a
// checksum): a commit of 150 pages is 450 system calls before its first sync. Here the writes
// that follow one another in the journal are kept in a buffer and written as one when the
// buffer is full, and always before the journal is synced, read, truncated, measured, locked
// or closed. What reaches the disk, and in which order relative to every sync, is what SQLite
// asked for: a write SQLite has not synced may be lost in a crash either way, and SQLite
// writes no database page before the journal's sync.
#include "CSQLiteJournal.h"

#include <pthread.h>
#include <sqlite3.h>
#include <string.h>

// The unix VFS writes at most 128 KiB - 1 bytes a call (a larger write it reports as a full
// disk): a buffer of 64 KiB, sixteen 4 KiB pages with their numbers and checksums.
enum { gatheredCapacity = 64 * 1024 };

/// A journal file: our methods first, then the default VFS's own file.
typedef struct GatheredFile {
    sqlite3_file base;
    sqlite3_file *real;
    unsigned char *buffer;   // NULL until the first gathered write
    sqlite3_int64 start;     // the file offset of buffer[0]
    int used;
} GatheredFile;

static sqlite3_vfs gatheredVFS;
static sqlite3_vfs *realVFS;

static int flush(GatheredFile *file) {
    if (file->used == 0) return SQLITE_OK;
    int rc = file->real->pMethods->xWrite(file->real, file->buffer, file->used, file->start);
    file->used = 0;
    return rc;
}

static int gClose(sqlite3_file *f) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    int closed = file->real->pMethods->xClose(file->real);
    sqlite3_free(file->buffer);
    file->buffer = NULL;
    return rc != SQLITE_OK ? rc : closed;
}

static int gRead(sqlite3_file *f, void *data, int amount, sqlite3_int64 offset) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xRead(file->real, data, amount, offset);
}

static int gWrite(sqlite3_file *f, const void *data, int amount, sqlite3_int64 offset) {
    GatheredFile *file = (GatheredFile *)f;
    if (file->used > 0 && offset == file->start + file->used
        && file->used + amount <= gatheredCapacity) {
        memcpy(file->buffer + file->used, data, (size_t)amount);
        file->used += amount;
        return SQLITE_OK;
    }
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    if (amount >= gatheredCapacity) {
        return file->real->pMethods->xWrite(file->real, data, amount, offset);
    }
    if (file->buffer == NULL) {
        file->buffer = sqlite3_malloc(gatheredCapacity);
        if (file->buffer == NULL) {
            return file->real->pMethods->xWrite(file->real, data, amount, offset);
        }
    }
    memcpy(file->buffer, data, (size_t)amount);
    file->start = offset;
    file->used = amount;
    return SQLITE_OK;
}

static int gTruncate(sqlite3_file *f, sqlite3_int64 size) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xTruncate(file->real, size);
}

static int gSync(sqlite3_file *f, int flags) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xSync(file->real, flags);
}

static int gFileSize(sqlite3_file *f, sqlite3_int64 *size) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xFileSize(file->real, size);
}

static int gLock(sqlite3_file *f, int level) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xLock(file->real, level);
}

static int gUnlock(sqlite3_file *f, int level) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xUnlock(file->real, level);
}

static int gCheckReservedLock(sqlite3_file *f, int *result) {
    GatheredFile *file = (GatheredFile *)f;
    return file->real->pMethods->xCheckReservedLock(file->real, result);
}

static int gFileControl(sqlite3_file *f, int op, void *argument) {
    GatheredFile *file = (GatheredFile *)f;
    int rc = flush(file);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int gSectorSize(sqlite3_file *f) {
    GatheredFile *file = (GatheredFile *)f;
    return file->real->pMethods->xSectorSize(file->real);
}

static int gDeviceCharacteristics(sqlite3_file *f) {
    GatheredFile *file = (GatheredFile *)f;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static const sqlite3_io_methods gatheredMethods = {
    1, gClose, gRead, gWrite, gTruncate, gSync, gFileSize, gLock, gUnlock,
    gCheckReservedLock, gFileControl, gSectorSize, gDeviceCharacteristics,
    NULL, NULL, NULL, NULL, NULL, NULL,
};

/// Opens every file through the default VFS; a rollback journal gets the gathering methods,
/// any other file the default VFS's own, at the start of the same memory.
static int gOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *outFlags) {
    (void)vfs;
    if ((flags & SQLITE_OPEN_MAIN_JOURNAL) == 0) {
        return realVFS->xOpen(realVFS, name, f, flags, outFlags);
    }
    GatheredFile *file = (GatheredFile *)f;
    memset(file, 0, sizeof *file);
    file->real = (sqlite3_file *)&file[1];
    int rc = realVFS->xOpen(realVFS, name, file->real, flags, outFlags);
    if (file->real->pMethods == NULL) return rc;
    // Opened (even when it failed, SQLite then closes it through these methods).
    file->base.pMethods = &gatheredMethods;
    return rc;
}

static int gDelete(sqlite3_vfs *v, const char *name, int syncDir) {
    (void)v;
    return realVFS->xDelete(realVFS, name, syncDir);
}
static int gAccess(sqlite3_vfs *v, const char *name, int flags, int *result) {
    (void)v;
    return realVFS->xAccess(realVFS, name, flags, result);
}
static int gFullPathname(sqlite3_vfs *v, const char *name, int size, char *out) {
    (void)v;
    return realVFS->xFullPathname(realVFS, name, size, out);
}
static void *gDlOpen(sqlite3_vfs *v, const char *name) {
    (void)v;
    return realVFS->xDlOpen(realVFS, name);
}
static void gDlError(sqlite3_vfs *v, int size, char *message) {
    (void)v;
    realVFS->xDlError(realVFS, size, message);
}
static void (*gDlSym(sqlite3_vfs *v, void *handle, const char *symbol))(void) {
    (void)v;
    return realVFS->xDlSym(realVFS, handle, symbol);
}
static void gDlClose(sqlite3_vfs *v, void *handle) {
    (void)v;
    realVFS->xDlClose(realVFS, handle);
}
static int gRandomness(sqlite3_vfs *v, int size, char *out) {
    (void)v;
    return realVFS->xRandomness(realVFS, size, out);
}
static int gSleep(sqlite3_vfs *v, int microseconds) {
    (void)v;
    return realVFS->xSleep(realVFS, microseconds);
}
static int gCurrentTime(sqlite3_vfs *v, double *now) {
    (void)v;
    return realVFS->xCurrentTime(realVFS, now);
}
static int gGetLastError(sqlite3_vfs *v, int size, char *out) {
    (void)v;
    return realVFS->xGetLastError(realVFS, size, out);
}
static int gCurrentTimeInt64(sqlite3_vfs *v, sqlite3_int64 *now) {
    (void)v;
    return realVFS->xCurrentTimeInt64(realVFS, now);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int registered = SQLITE_ERROR;

static void registerOnce(void) {
    if (sqlite3_initialize() != SQLITE_OK) return;
    realVFS = sqlite3_vfs_find(NULL);
    if (realVFS == NULL || realVFS->iVersion < 2 || realVFS->xCurrentTimeInt64 == NULL) return;
    gatheredVFS = (sqlite3_vfs){
        .iVersion = 2,
        .szOsFile = (int)sizeof(GatheredFile) + realVFS->szOsFile,
        .mxPathname = realVFS->mxPathname,
        .zName = WALKTHROUGH_JOURNAL_VFS,
        .xOpen = gOpen,
        .xDelete = gDelete,
        .xAccess = gAccess,
        .xFullPathname = gFullPathname,
        .xDlOpen = gDlOpen,
        .xDlError = gDlError,
        .xDlSym = gDlSym,
        .xDlClose = gDlClose,
        .xRandomness = gRandomness,
        .xSleep = gSleep,
        .xCurrentTime = gCurrentTime,
        .xGetLastError = gGetLastError,
        .xCurrentTimeInt64 = gCurrentTimeInt64,
    };
    registered = sqlite3_vfs_register(&gatheredVFS, 0);
}

int walkthrough_journal_vfs_register(void) {
    pthread_once(&once, registerOnce);
    return registered;
}
