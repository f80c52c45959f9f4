#!/bin/bash
# A long misère solve kept within a memory bound, resumable through its
# database (docs/benchmarks.md#misere-21-moves):
#
#   POS='1,22;3;...' DB=m21.redb LIMIT_KB=12000000 solve-guarded.sh 9000
#
# Runs `sprouts solve POS --misere --db DB --threads THREADS --timeout T
# $ARGS` (THREADS: 1 unless given)
# (ARGS: more options, e.g. `--each-move`, which keeps each move decided
# as it goes, so a stopped run loses at most the move it was on); when
# the solve's resident memory passes LIMIT_KB it is stopped with Ctrl-C
# (SIGINT: it commits what it proved) and started again on the same
# database. Ends when a run ends by itself (decided, or its timeout), or
# when the file named by STOP (default ./solve-guarded.stop) exists.
T=${1:-9000}
BIN=${BIN:-sprouts}
LIMIT_KB=${LIMIT_KB:-12000000}
THREADS=${THREADS:-1}
STOP=${STOP:-./solve-guarded.stop}
OUT=$(mktemp)
while [ ! -e "$STOP" ]; do
  echo "=== run pos=$POS db=$DB $(date)"
  /usr/bin/time -v "$BIN" solve "$POS" --misere --db "$DB" --threads "$THREADS" --timeout "$T" $ARGS >"$OUT" 2>&1 &
  tpid=$!
  sleep 2
  spid=$(pgrep -P $tpid)
  capped=0
  while kill -0 $tpid 2>/dev/null; do
    rss=$(ps -o rss= -p "$spid" 2>/dev/null | tr -d ' ')
    if [ -n "$rss" ] && [ "$rss" -gt "$LIMIT_KB" ]; then
      echo "--- rss $rss KB > $LIMIT_KB: interrupting $(date)"
      kill -INT "$spid"; capped=1; break
    fi
    if [ -e "$STOP" ]; then kill -INT "$spid"; break; fi
    sleep 5
  done
  wait $tpid 2>/dev/null
  grep -v "elapsed, " "$OUT" | grep -E "^(outcome|seconds|searched|move|sprouts:)|User time|Elapsed|Maximum resident"
  [ $capped = 1 ] || break
done
rm -f "$OUT"
echo "=== done $(date)"
