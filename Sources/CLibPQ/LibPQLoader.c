// libpq, loaded when it is first used.
//
// Each libpq function the project calls is defined here with libpq's own name and signature, a
// trampoline (Sources/CLazyLibrary): the first call opens libpq.so.5 and every call forwards to
// the real function. A process that never talks to PostgreSQL never loads it, which is what
// keeps an SQLite-only host's launch free of libpq's dependencies. When libpq cannot be loaded,
// each function fails the way libpq itself fails for want of memory (NULL connections and results,
// CONNECTION_BAD), and PQconninfoParse says why in its error message; the store reports that.
//
// Built with WALKTHROUGH_STATIC_LIBPQ (the fully static binary), this file is empty and libpq.a
// provides the functions.
#include "CLibPQ.h"

#ifndef WALKTHROUGH_STATIC_LIBPQ

#include <stdlib.h>
#include <string.h>

#include "CLazyLibrary.h"

WALKTHROUGH_LAZY_LOADER(libpq, "libpq", "libpq.so.5", walkthrough_libpq_load_error)

#define FORWARD(returns, name, parameters, arguments, failure)                                     \
    WALKTHROUGH_FORWARD(libpq, returns, name, parameters, arguments, failure)
#define FORWARD_VOID(name, parameters, arguments, failure)                                         \
    WALKTHROUGH_FORWARD_VOID(libpq, name, parameters, arguments, failure)

// MARK: - Connecting

FORWARD(PGconn *, PQconnectdb, (const char *conninfo), (conninfo), NULL)
FORWARD(PGconn *, PQconnectdbParams,
        (const char *const *keywords, const char *const *values, int expand_dbname),
        (keywords, values, expand_dbname), NULL)
FORWARD(PGconn *, PQconnectStart, (const char *conninfo), (conninfo), NULL)
FORWARD(PGconn *, PQconnectStartParams,
        (const char *const *keywords, const char *const *values, int expand_dbname),
        (keywords, values, expand_dbname), NULL)
FORWARD(PostgresPollingStatusType, PQconnectPoll, (PGconn *conn), (conn), PGRES_POLLING_FAILED)
FORWARD(int, PQresetStart, (PGconn *conn), (conn), 0)
FORWARD(PostgresPollingStatusType, PQresetPoll, (PGconn *conn), (conn), PGRES_POLLING_FAILED)
FORWARD_VOID(PQreset, (PGconn *conn), (conn), (void)0)
FORWARD_VOID(PQfinish, (PGconn *conn), (conn), (void)0)
FORWARD(PGPing, PQping, (const char *conninfo), (conninfo), PQPING_NO_ATTEMPT)
FORWARD(PGPing, PQpingParams,
        (const char *const *keywords, const char *const *values, int expand_dbname),
        (keywords, values, expand_dbname), PQPING_NO_ATTEMPT)

// PQconninfoParse says why libpq is missing, in a message PQfreemem (below: free) releases.
static PQconninfoOption *unloadedParse(char **errmsg) {
    if (errmsg != NULL) *errmsg = strdup(walkthrough_libpq_load_error());
    return NULL;
}
FORWARD(PQconninfoOption *, PQconninfoParse, (const char *conninfo, char **errmsg),
        (conninfo, errmsg), unloadedParse(errmsg))
FORWARD_VOID(PQconninfoFree, (PQconninfoOption *connOptions), (connOptions), (void)0)
FORWARD_VOID(PQfreemem, (void *ptr), (ptr), free(ptr))

// MARK: - The connection's state

FORWARD(ConnStatusType, PQstatus, (const PGconn *conn), (conn), CONNECTION_BAD)
FORWARD(PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn),
        PQTRANS_UNKNOWN)
FORWARD(char *, PQerrorMessage, (const PGconn *conn), (conn), (char *)walkthrough_libpq_load_error())
FORWARD(char *, PQhost, (const PGconn *conn), (conn), NULL)
FORWARD(char *, PQhostaddr, (const PGconn *conn), (conn), NULL)
FORWARD(char *, PQport, (const PGconn *conn), (conn), NULL)
FORWARD(char *, PQdb, (const PGconn *conn), (conn), NULL)
FORWARD(char *, PQuser, (const PGconn *conn), (conn), NULL)
FORWARD(const char *, PQparameterStatus, (const PGconn *conn, const char *paramName),
        (conn, paramName), NULL)
FORWARD(int, PQserverVersion, (const PGconn *conn), (conn), 0)
FORWARD(int, PQsocket, (const PGconn *conn), (conn), -1)
FORWARD(int, PQbackendPID, (const PGconn *conn), (conn), 0)
FORWARD(int, PQconnectionUsedPassword, (const PGconn *conn), (conn), 0)
FORWARD(PQnoticeProcessor, PQsetNoticeProcessor,
        (PGconn *conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg), NULL)
FORWARD(PQnoticeReceiver, PQsetNoticeReceiver, (PGconn *conn, PQnoticeReceiver proc, void *arg),
        (conn, proc, arg), NULL)

// MARK: - Commands, waiting

FORWARD(PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query), NULL)
FORWARD(PGresult *, PQexecParams,
        (PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
         const char *const *paramValues, const int *paramLengths, const int *paramFormats,
         int resultFormat),
        (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,
         resultFormat),
        NULL)
FORWARD(PGresult *, PQprepare,
        (PGconn *conn, const char *stmtName, const char *query, int nParams,
         const Oid *paramTypes),
        (conn, stmtName, query, nParams, paramTypes), NULL)
FORWARD(PGresult *, PQexecPrepared,
        (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
         const int *paramLengths, const int *paramFormats, int resultFormat),
        (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat), NULL)

// MARK: - Commands, without waiting

FORWARD(int, PQsetnonblocking, (PGconn *conn, int arg), (conn, arg), -1)
FORWARD(int, PQisnonblocking, (const PGconn *conn), (conn), 0)
FORWARD(int, PQsendQuery, (PGconn *conn, const char *query), (conn, query), 0)
FORWARD(int, PQsendQueryParams,
        (PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
         const char *const *paramValues, const int *paramLengths, const int *paramFormats,
         int resultFormat),
        (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,
         resultFormat),
        0)
FORWARD(int, PQsendPrepare,
        (PGconn *conn, const char *stmtName, const char *query, int nParams,
         const Oid *paramTypes),
        (conn, stmtName, query, nParams, paramTypes), 0)
FORWARD(int, PQsendQueryPrepared,
        (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
         const int *paramLengths, const int *paramFormats, int resultFormat),
        (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat), 0)
FORWARD(int, PQconsumeInput, (PGconn *conn), (conn), 0)
FORWARD(int, PQisBusy, (PGconn *conn), (conn), 0)
FORWARD(PGresult *, PQgetResult, (PGconn *conn), (conn), NULL)
FORWARD(int, PQflush, (PGconn *conn), (conn), -1)
FORWARD(PGcancel *, PQgetCancel, (PGconn *conn), (conn), NULL)
FORWARD_VOID(PQfreeCancel, (PGcancel *cancel), (cancel), (void)0)
FORWARD(int, PQcancel, (PGcancel *cancel, char *errbuf, int errbufsize),
        (cancel, errbuf, errbufsize), 0)

// MARK: - Results

FORWARD(ExecStatusType, PQresultStatus, (const PGresult *res), (res), PGRES_FATAL_ERROR)
FORWARD(char *, PQresultErrorMessage, (const PGresult *res), (res),
        (char *)walkthrough_libpq_load_error())
FORWARD(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode), NULL)
FORWARD(int, PQntuples, (const PGresult *res), (res), 0)
FORWARD(int, PQnfields, (const PGresult *res), (res), 0)
FORWARD(char *, PQfname, (const PGresult *res, int field_num), (res, field_num), NULL)
FORWARD(Oid, PQftype, (const PGresult *res, int field_num), (res, field_num), 0)
FORWARD(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num),
        (res, tup_num, field_num), NULL)
FORWARD(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num),
        (res, tup_num, field_num), 1)
FORWARD(int, PQgetlength, (const PGresult *res, int tup_num, int field_num),
        (res, tup_num, field_num), 0)
FORWARD(char *, PQcmdTuples, (PGresult *res), (res), (char *)"")
FORWARD(char *, PQcmdStatus, (PGresult *res), (res), (char *)"")
FORWARD_VOID(PQclear, (PGresult *res), (res), (void)0)

#else

const char *walkthrough_libpq_load_error(void) { return NULL; }

#endif
