#!/usr/bin/env bash
# A newcomer (issue 11): a clean clone of this repository in /tmp/newcomer, `npm install && npm start`,
# time until GET /api/v1/mains answers on :3000, then a second `npm start`. Port 3000 must be free.
repo=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf /tmp/newcomer && git clone -q "$repo" /tmp/newcomer && cd /tmp/newcomer
t0=$(date +%s.%N)
npm install --no-audit --no-fund > /tmp/newcomer-install.log 2>&1
t1=$(date +%s.%N)
setsid npm start > /tmp/newcomer-start.log 2>&1 &
pid=$!
until curl -sf -o /dev/null http://127.0.0.1:3000/api/v1/mains; do sleep 0.1; done
t2=$(date +%s.%N)
kill -INT -- -$pid; wait $pid 2>/dev/null; sleep 1
setsid npm start > /tmp/newcomer-start2.log 2>&1 &
pid=$!
t3=$(date +%s.%N)
until curl -sf -o /dev/null http://127.0.0.1:3000/api/v1/mains; do sleep 0.1; done
t4=$(date +%s.%N)
kill -INT -- -$pid; wait $pid 2>/dev/null
echo "npm install $(echo "$t1 - $t0" | bc) s; first npm start to answering $(echo "$t2 - $t1" | bc) s; total $(echo "$t2 - $t0" | bc) s; second npm start $(echo "$t4 - $t3" | bc) s"
