#!/bin/sh
# The official postgres image's first start, as far as compose.yaml uses it: a cluster in $PGDATA owned by
# postgres, the superuser $POSTGRES_USER with $POSTGRES_PASSWORD (required), the database $POSTGRES_DB,
# password authentication from any address; then postgres with the given arguments, as the postgres user.
set -eu
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
user="${POSTGRES_USER:-postgres}"
database="${POSTGRES_DB:-$user}"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  chown postgres /tmp/pwfile
  as_postgres initdb --username="$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  if [ "$database" != postgres ]; then
    as_postgres postgres --single -D "$PGDATA" postgres <<SQL >/dev/null
CREATE DATABASE "$database" OWNER "$user";
SQL
  fi
  echo "postgres: initialised $PGDATA"
fi
if [ "${1:-}" = postgres ]; then exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"; fi
exec "$@"
