#!/bin/sh
# A throw-away PostgreSQL server for the tests, in DIR (made by the caller, empty at init):
# data in DIR/data, its Unix socket in DIR (port 5432 names the socket file; it listens on no
# TCP port), role "evochess" with trust authentication, database "postgres".
#   postgres_test_server.sh init DIR    initdb, then start
#   postgres_test_server.sh start DIR   start a server initialised before
#   postgres_test_server.sh kill DIR    stop at once (as a crash would)
#   postgres_test_server.sh stop DIR    stop, then delete DIR
# PostgreSQL refuses to run as root: as root, the server runs as `nobody`, DIR given to it.
# fsync is off (a killed server keeps what it committed; a crashed machine would not): these
# databases die with the test.
set -eu
command=$1
dir=$2
bin=${EVO_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1)}
if [ ! -x "$bin/pg_ctl" ]; then
    echo "postgres_test_server.sh: no PostgreSQL server found (install the postgresql package)" >&2
    exit 1
fi
as_owner() {
    if [ "$(id -u)" = 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
    else "$@"; fi
}
start() {
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s -t 60 \
        -o "-k $dir -p 5432 -c listen_addresses= -c fsync=off -c full_page_writes=off" \
        start || { cat "$dir/server.log" >&2; exit 1; }
}
case $command in
init)
    [ "$(id -u)" = 0 ] && chown nobody:nogroup "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U evochess -A trust -E UTF8 --no-locale --no-sync \
        > "$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    start
    ;;
start) start ;;
kill) as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -s stop ;;
stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -s stop || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: postgres_test_server.sh init|start|kill|stop DIR" >&2
    exit 2
    ;;
esac
