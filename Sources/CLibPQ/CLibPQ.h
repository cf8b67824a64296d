#ifndef WALKTHROUGH_CLIBPQ_H
#define WALKTHROUGH_CLIBPQ_H

// libpq's declarations, from Debian's libpq-dev; the module map links libpq. Only the
// WalkthroughFleet product (the PostgreSQL store and its replica) uses it.
#include <postgresql/libpq-fe.h>

/// The `PG_DIAG_*` error-field codes are character-literal macros (`'C'`), which Swift cannot
/// import: the ones the store reads, as integer constants.
enum {
    WALKTHROUGH_PG_DIAG_SQLSTATE = PG_DIAG_SQLSTATE,
    WALKTHROUGH_PG_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY,
    WALKTHROUGH_PG_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL,
    WALKTHROUGH_PG_DIAG_MESSAGE_HINT = PG_DIAG_MESSAGE_HINT,
};


#endif
