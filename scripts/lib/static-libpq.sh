# Sourced by scripts/build-static.sh and scripts/install.sh; not run on its own.
#
# static_libpq_locate finds where the static build takes libpgcommon_shlib.a and
# libpgport_shlib.a from: postgresql-server-dev-N of exactly libpq-dev's version, installed, or
# else fetched with `apt-get download` and unpacked under .build/static/libpq (run from the
# repository's root). It sets
#   pg_version   libpq-dev's version (15.18-0+deb12u1)
#   pg_package   the package holding the archives, with that version
#                (postgresql-server-dev-15=15.18-0+deb12u1)
#   pg_deps      .build/static/libpq, where a fetched package is unpacked
#   pglib        the folder holding the archives (once fetched, for a fetch)
#   pg_fetch     1 when the package must be fetched first, else 0
# and returns 1 when libpq-dev is not installed. It reads the package database and the files;
# it fetches nothing.
static_libpq_locate() {
    pg_deps=.build/static/libpq
    pg_version="$(dpkg-query -W -f='${Version}' libpq-dev 2>/dev/null)" || return 1
    [ -n "$pg_version" ] || return 1
    local major="${pg_version%%.*}"
    pg_package="postgresql-server-dev-$major=$pg_version"
    pglib="/usr/lib/postgresql/$major/lib"
    pg_fetch=0
    if [ ! -f "$pglib/libpgcommon_shlib.a" ] \
        || [ "$(dpkg-query -W -f='${Version}' "postgresql-server-dev-$major" 2>/dev/null)" \
            != "$pg_version" ]; then
        pglib="$pg_deps/usr/lib/postgresql/$major/lib"
        if [ ! -f "$pglib/libpgcommon_shlib.a" ] \
            || [ "$(cat "$pg_deps/version" 2>/dev/null)" != "$pg_version" ]; then
            pg_fetch=1
        fi
    fi
}
