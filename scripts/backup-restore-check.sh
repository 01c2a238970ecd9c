#!/usr/bin/env bash
# Backup and restore, checked on a real PostgreSQL (docs/operations.md "Backup and restore"):
# a fresh database with the demo shop, pg_dump -Fc, pg_restore into a second database, and the
# row count of every table compared. Exit 0 when equal; the databases are dropped either way.
#   ADMIN_URL   a superuser URL of the server (default postgres://postgres@127.0.0.1:5432/postgres)
#   DB_PREFIX   the prefix of the two databases' names (default emporium_backup_check)
set -euo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL="${ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PREFIX="${DB_PREFIX:-emporium_backup_check}_$$"
SOURCE="${PREFIX}_source"
RESTORED="${PREFIX}_restored"
DUMP="$(mktemp -d)/emporium.dump"
url_of() { echo "${ADMIN_URL%/*}/$1"; }

for tool in pg_dump pg_restore psql; do
  command -v "$tool" >/dev/null || { echo "backup-restore-check: $tool is not installed (apt-get install postgresql-client)" >&2; exit 2; }
done
server_major="$(psql "$ADMIN_URL" -tAc 'show server_version_num' | cut -c1-2)"
client_major="$(pg_dump --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')"
if [ "$client_major" -lt "$server_major" ]; then
  echo "backup-restore-check: pg_dump $client_major is older than the server ($server_major): install postgresql-client-$server_major" >&2
  exit 2
fi
echo "pg_dump $client_major, server $server_major"

cleanup() {
  psql "$ADMIN_URL" -qc "drop database if exists $SOURCE with (force)" -c "drop database if exists $RESTORED with (force)" >/dev/null
  rm -rf "$(dirname "$DUMP")"
}
trap cleanup EXIT

psql "$ADMIN_URL" -qc "create database $SOURCE" -c "create database $RESTORED"
DATABASE_URL="$(url_of "$SOURCE")" NODE_ENV=test node --import tsx scripts/migrate.ts --demo
pg_dump -Fc -f "$DUMP" "$(url_of "$SOURCE")"
pg_restore --no-owner --exit-on-error -d "$(url_of "$RESTORED")" "$DUMP"

COUNTS="select table_schema || '.' || table_name || ' ' ||
  (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I.%I', table_schema, table_name), false, true, '')))[1]::text
  from information_schema.tables
  where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
  order by 1"
before="$(psql "$(url_of "$SOURCE")" -tAc "$COUNTS")"
after="$(psql "$(url_of "$RESTORED")" -tAc "$COUNTS")"
tables="$(echo "$before" | wc -l)"
rows="$(echo "$before" | awk '{ s += $2 } END { print s }')"
if [ "$before" != "$after" ]; then
  diff <(echo "$before") <(echo "$after") >&2 || true
  echo "backup-restore-check: the restored database differs" >&2
  exit 1
fi
echo "backup-restore-check: $tables tables, $rows rows, identical after pg_dump -Fc / pg_restore"
