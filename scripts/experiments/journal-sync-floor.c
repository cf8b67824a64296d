/*
 * How close can a rollback journal come to WAL? Runs one durable upsert transaction after another
 * (BEGIN IMMEDIATE, an upsert of a random user among 1,000, COMMIT), as the store's markSeen
 * does, in each of these, round after round, and prints commits a second and the ratio to
 * WAL/FULL of the same round:
 *
 *   wal/full                  round 1's mode: one sync a commit
 *   delete/extra              the store's mode
 *   delete/extra +append      the same through a VFS that claims SQLITE_IOCAP_SAFE_APPEND
 *   persist/full              the journal kept, its header zeroed at commit
 *   persist/full +append      the same, claiming SAFE_APPEND
 *   persist/full +append +nodirsync
 *                             the same, and the kept journal reopened without O_CREAT, so that
 *                             SQLite's unix VFS does not sync the folder on its first sync:
 *                             three syncs a commit, the rollback journal's floor
 *
 * The claims the VFS makes are not true of every file system (SAFE_APPEND: that a file's new
 * size never reaches the disk before its new bytes do); this measures what they would buy, it
 * is not how the store opens. Count the syncs of a configuration with
 *   strace -f -c -e trace=fsync,fdatasync scripts/experiments/journal-sync-floor DIR 200 CONFIG
 *
 * Build and run (docs/store.md, "What the floor is"):
 *   cc -O2 -o /tmp/journal-sync-floor scripts/experiments/journal-sync-floor.c -lsqlite3
 *   /tmp/journal-sync-floor "$HOME/floor" 1000        # a folder on the disk to measure
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static sqlite3_vfs *base;
static sqlite3_vfs shim;
static int extra_capabilities;
static int reopen_without_create;

/* A file of the shim: its methods, then the unix VFS's own file. */
typedef struct {
    const sqlite3_io_methods *methods;
    sqlite3_file *real;
} ShimFile;
#define REAL(file) (((ShimFile *)(file))->real)

static int shim_close(sqlite3_file *f) { return REAL(f)->pMethods->xClose(REAL(f)); }
static int shim_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o) { return REAL(f)->pMethods->xRead(REAL(f), b, n, o); }
static int shim_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) { return REAL(f)->pMethods->xWrite(REAL(f), b, n, o); }
static int shim_truncate(sqlite3_file *f, sqlite3_int64 s) { return REAL(f)->pMethods->xTruncate(REAL(f), s); }
static int shim_sync(sqlite3_file *f, int flags) { return REAL(f)->pMethods->xSync(REAL(f), flags); }
static int shim_size(sqlite3_file *f, sqlite3_int64 *s) { return REAL(f)->pMethods->xFileSize(REAL(f), s); }
static int shim_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int shim_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int shim_check(sqlite3_file *f, int *o) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), o); }
static int shim_control(sqlite3_file *f, int op, void *a) { return REAL(f)->pMethods->xFileControl(REAL(f), op, a); }
static int shim_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int shim_device(sqlite3_file *f) {
    return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)) | extra_capabilities;
}
static const sqlite3_io_methods shim_methods = {
    .iVersion = 1, .xClose = shim_close, .xRead = shim_read, .xWrite = shim_write,
    .xTruncate = shim_truncate, .xSync = shim_sync, .xFileSize = shim_size, .xLock = shim_lock,
    .xUnlock = shim_unlock, .xCheckReservedLock = shim_check, .xFileControl = shim_control,
    .xSectorSize = shim_sector, .xDeviceCharacteristics = shim_device,
};

static int shim_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out) {
    (void)vfs;
    if (reopen_without_create && (flags & SQLITE_OPEN_MAIN_JOURNAL) && name && access(name, F_OK) == 0)
        flags &= ~SQLITE_OPEN_CREATE;
    ShimFile *shim_file = (ShimFile *)file;
    shim_file->real = (sqlite3_file *)(shim_file + 1);
    shim_file->methods = NULL;
    int rc = base->xOpen(base, name, shim_file->real, flags, out);
    if (rc == SQLITE_OK && shim_file->real->pMethods) shim_file->methods = &shim_methods;
    return rc;
}

typedef struct {
    const char *label, *journal, *synchronous;
    int capabilities, nodirsync;
} Config;

static const Config configs[] = {
    {"wal/full", "WAL", "FULL", 0, 0},
    {"delete/extra", "DELETE", "EXTRA", 0, 0},
    {"delete/extra +append", "DELETE", "EXTRA", SQLITE_IOCAP_SAFE_APPEND, 0},
    {"persist/full", "PERSIST", "FULL", 0, 0},
    {"persist/full +append", "PERSIST", "FULL", SQLITE_IOCAP_SAFE_APPEND, 0},
    {"persist/full +append +nodirsync", "PERSIST", "FULL", SQLITE_IOCAP_SAFE_APPEND, 1},
};
enum { CONFIGS = sizeof configs / sizeof configs[0] };

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "journal-sync-floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    exit(1);
}

/* Commits a second of `commits` upserts in configuration `c`, in a new database under `dir`,
 * after as many untimed ones: each mode is measured in its steady state (WAL's file reused from
 * its start after a checkpoint, PERSIST's journal already there). */
static double run(const char *dir, const Config *c, int commits) {
    char path[4096], sql[256];
    snprintf(path, sizeof path, "%s/floor.sqlite3", dir);
    for (const char *suffix = ""; ; suffix = suffix[0] ? NULL : "-journal") {
        if (!suffix) break;
        char file[4200];
        snprintf(file, sizeof file, "%s%s", path, suffix);
        unlink(file);
    }
    extra_capabilities = c->capabilities;
    reopen_without_create = c->nodirsync;
    sqlite3 *db = NULL;
    int shimmed = c->capabilities || c->nodirsync;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, shimmed ? "shim" : NULL))
        fail(db, "open");
    snprintf(sql, sizeof sql,
        "PRAGMA journal_mode=%s; PRAGMA synchronous=%s;"
        "CREATE TABLE seen(user INTEGER PRIMARY KEY, version INTEGER, walkthrough TEXT);"
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM n WHERE i<999)"
        " INSERT INTO seen SELECT i, 0, 'tour' FROM n;", c->journal, c->synchronous);
    if (sqlite3_exec(db, sql, NULL, NULL, NULL)) fail(db, "schema");
    sqlite3_stmt *upsert;
    if (sqlite3_prepare_v2(db,
            "INSERT INTO seen(user, version, walkthrough) VALUES(?1, ?2, 'tour')"
            " ON CONFLICT(user) DO UPDATE SET version = excluded.version", -1, &upsert, NULL))
        fail(db, "prepare");
    struct timespec start, end;
    for (int i = -commits; i < commits; i++) {
        if (i == 0) clock_gettime(CLOCK_MONOTONIC, &start);
        if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL)) fail(db, "begin");
        sqlite3_bind_int(upsert, 1, rand() % 1000);
        sqlite3_bind_int(upsert, 2, i + commits);
        if (sqlite3_step(upsert) != SQLITE_DONE) fail(db, "upsert");
        sqlite3_reset(upsert);
        if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL)) fail(db, "commit");
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    sqlite3_finalize(upsert);
    sqlite3_close(db);
    return commits / ((end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: journal-sync-floor FOLDER COMMITS [CONFIG]  (CONFIG: 1 to %d)\n", CONFIGS);
        return 64;
    }
    const char *dir = argv[1];
    int commits = atoi(argv[2]);
    mkdir(dir, 0700);
    base = sqlite3_vfs_find(NULL);
    shim = *base;
    shim.iVersion = 1;
    shim.zName = "shim";
    shim.szOsFile = (int)sizeof(ShimFile) + base->szOsFile;
    shim.xOpen = shim_open;
    sqlite3_vfs_register(&shim, 0);
    if (argc > 3) {
        int index = atoi(argv[3]) - 1;
        if (index < 0 || index >= CONFIGS) return 64;
        printf("%s: %.0f commits/s\n", configs[index].label, run(dir, &configs[index], commits));
        return 0;
    }
    printf("SQLite %s, %d commits a round\n", sqlite3_libversion(), commits);
    for (int round = 1; round <= 3; round++) {
        double wal = 0;
        for (int i = 0; i < CONFIGS; i++) {
            double rate = run(dir, &configs[i], commits);
            if (i == 0) wal = rate;
            printf("round %d  %-32s %6.0f commits/s  %.2fx WAL\n", round, configs[i].label, rate, rate / wal);
        }
    }
    return 0;
}
