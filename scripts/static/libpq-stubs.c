/*
 * Stand-ins for the GSSAPI (Kerberos) and LDAP functions that Debian's static libpq.a refers
 * to, linked only into the fully static `walkthrough` (scripts/build-static.sh): Debian ships
 * no static archives of libgssapi_krb5 or libldap (nor of what they need in turn: krb5,
 * sasl2, gnutls), so a static binary cannot have the real ones.
 *
 * What they do is what libpq does on a machine without credentials or an LDAP server:
 *
 *   - gss_acquire_cred fails, so libpq finds no Kerberos credential cache and, with the default
 *     gssencmode=prefer, never tries GSSAPI encryption (as on any machine without a ticket).
 *     A server that demands GSSAPI authentication, or gssencmode=require, gets libpq's own
 *     GSSAPI error, with the message below.
 *   - ldap_init fails, so an ldap:// line in pg_service.conf gives libpq's "could not create
 *     LDAP structure" error.
 *
 * Everything else (TCP and Unix sockets, SCRAM and MD5 passwords, TLS through the static
 * OpenSSL, several hosts, ~/.pgpass, the PG* variables) is libpq's real code. The dynamically
 * linked build (swift build) uses the real libraries and never sees this file.
 */
#include <stddef.h>
#include <stdint.h>

typedef uint32_t OM_uint32;
typedef struct {
    size_t length;
    void *value;
} gss_buffer_desc;

#define GSS_S_COMPLETE 0u
#define GSS_S_FAILURE (13u << 16)

static char unavailable[] = "GSSAPI (Kerberos) is not available in the statically linked walkthrough";

/* A gss_OID, never read: only passed back to gss_import_name. */
void *GSS_C_NT_HOSTBASED_SERVICE = NULL;

static OM_uint32 failure(OM_uint32 *minor) {
    if (minor) *minor = 0;
    return GSS_S_FAILURE;
}

OM_uint32 gss_acquire_cred(OM_uint32 *minor, void *a, OM_uint32 b, void *c, int d, void *e,
                           void *f, void *g) {
    return failure(minor);
}
OM_uint32 gss_import_name(OM_uint32 *minor, void *a, void *b, void *c) { return failure(minor); }
OM_uint32 gss_init_sec_context(OM_uint32 *minor, void *a, void *b, void *c, void *d,
                               OM_uint32 e, OM_uint32 f, void *g, void *h, void *i, void *j,
                               void *k, void *l) {
    return failure(minor);
}
OM_uint32 gss_wrap(OM_uint32 *minor, void *a, int b, OM_uint32 c, void *d, int *e, void *f) {
    return failure(minor);
}
OM_uint32 gss_unwrap(OM_uint32 *minor, void *a, void *b, void *c, int *d, OM_uint32 *e) {
    return failure(minor);
}
OM_uint32 gss_wrap_size_limit(OM_uint32 *minor, void *a, int b, OM_uint32 c, OM_uint32 d,
                              OM_uint32 *e) {
    return failure(minor);
}
OM_uint32 gss_delete_sec_context(OM_uint32 *minor, void *a, void *b) {
    if (minor) *minor = 0;
    return GSS_S_COMPLETE;
}
OM_uint32 gss_release_cred(OM_uint32 *minor, void *a) {
    if (minor) *minor = 0;
    return GSS_S_COMPLETE;
}
OM_uint32 gss_release_name(OM_uint32 *minor, void *a) {
    if (minor) *minor = 0;
    return GSS_S_COMPLETE;
}
OM_uint32 gss_release_buffer(OM_uint32 *minor, gss_buffer_desc *buffer) {
    if (minor) *minor = 0;
    if (buffer) {
        buffer->length = 0;
        buffer->value = NULL;
    }
    return GSS_S_COMPLETE;
}
OM_uint32 gss_display_status(OM_uint32 *minor, OM_uint32 status, int type, void *mech,
                             OM_uint32 *context, gss_buffer_desc *text) {
    if (minor) *minor = 0;
    if (context) *context = 0;
    if (text) {
        text->length = sizeof unavailable - 1;
        text->value = unavailable;
    }
    return GSS_S_COMPLETE;
}

/* LDAP: ldap_init fails, so libpq never calls the others; they fail too. */
#define LDAP_UNAVAILABLE (-1)
void *ldap_init(const char *host, int port) { return NULL; }
int ldap_set_option(void *ld, int option, const void *value) { return LDAP_UNAVAILABLE; }
int ldap_simple_bind(void *ld, const char *who, const char *password) { return -1; }
int ldap_result(void *ld, int id, int all, void *timeout, void **result) { return -1; }
int ldap_search_st(void *ld, const char *base, int scope, const char *filter, char **attrs,
                   int attrsonly, void *timeout, void **result) {
    return LDAP_UNAVAILABLE;
}
int ldap_count_entries(void *ld, void *chain) { return -1; }
void *ldap_first_entry(void *ld, void *chain) { return NULL; }
void **ldap_get_values_len(void *ld, void *entry, const char *attr) { return NULL; }
void ldap_value_free_len(void **values) {}
int ldap_msgfree(void *message) { return 0; }
int ldap_unbind(void *ld) { return 0; }
char *ldap_err2string(int error) { return "LDAP is not available in the statically linked walkthrough"; }
