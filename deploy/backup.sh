#!/bin/sh
# deploy/backup.sh <folder> [copies to keep, 14]: dumps DATABASE_URL's database with pg_dump (custom format)
# into <folder>, then checks the dump: restores it into a scratch database on the same server
# (aisle_restore_check; the role needs CREATEDB), asks `aisle status` about it (exit 0: reachable, every
# migration there), and drops it. Keeps the newest copies. pg_dump must be as new as the server.
set -eu
dir=${1:?usage: backup.sh <folder> [copies to keep]}
keep=${2:-14}
: "${DATABASE_URL:?DATABASE_URL must name the database to back up}"
release=$(cd "$(dirname "$0")/.." && pwd)

mkdir -p "$dir"
file="$dir/aisle-$(date -u +%Y%m%dT%H%M%SZ).dump"
pg_dump --format=custom --no-owner --file="$file.partial" "$DATABASE_URL"
mv "$file.partial" "$file"

# The scratch database's URL: DATABASE_URL with its database name replaced (any ?query kept).
base=${DATABASE_URL%%\?*}
query=${DATABASE_URL#"$base"}
check_url="${base%/*}/aisle_restore_check$query"
drop_check() { psql "$DATABASE_URL" -qc 'drop database if exists aisle_restore_check' >/dev/null; }
trap drop_check EXIT
drop_check
psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qc 'create database aisle_restore_check'
pg_restore --no-owner --exit-on-error --dbname="$check_url" "$file"
DATABASE_URL=$check_url node "$release/bin/aisle.mjs" status

# shellcheck disable=SC2012 # the names are ours: aisle-<UTC time>.dump
ls -1t "$dir"/aisle-*.dump | tail -n +"$((keep + 1))" | xargs -r rm --
echo "backup: $file ($(du -h "$file" | cut -f1)), restored and checked"
