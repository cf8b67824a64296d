#ifndef WALKTHROUGH_CLIBPQ_H
#define WALKTHROUGH_CLIBPQ_H

// libpq's declarations, from Debian's libpq-dev. The library itself is not linked: each
// function below is a trampoline (LibPQLoader.c) that loads libpq.so.5 on its first call, so a
// tool that never opens a postgresql:// store never loads libpq and the two dozen libraries it
// needs (Kerberos, LDAP, TLS). The static build links libpq.a instead
// (WALKTHROUGH_STATIC_LIBPQ, scripts/build-static.sh).
#include <postgresql/libpq-fe.h>

/// The `PG_DIAG_*` error-field codes are character-literal macros (`'C'`), which Swift cannot
/// import: the ones the store reads, as integer constants.
enum {
    WALKTHROUGH_PG_DIAG_SQLSTATE = PG_DIAG_SQLSTATE,
    WALKTHROUGH_PG_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY,
    WALKTHROUGH_PG_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL,
    WALKTHROUGH_PG_DIAG_MESSAGE_HINT = PG_DIAG_MESSAGE_HINT,
};

/// Why libpq could not be loaded, or NULL when it is loaded (or linked statically). Loads it
/// if that has not been tried yet.
const char *walkthrough_libpq_load_error(void);

#endif
