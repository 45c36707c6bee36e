#!/usr/bin/env bash
# A throw-away S3 server for tests: Ceph's RADOS Gateway (Debian's radosgw, ceph-mon, ceph-osd) on
# a one-node cluster kept in memory (one monitor, one OSD on memstore) under a fresh temp folder,
# as plain foreground processes (no systemd, no root needed), on loopback only. The layout follows
# Ceph's own vstart.sh.
#
#   scripts/s3-test-server.sh            # prints one JSON line: {"endpoint","accessKeyId","secretAccessKey"}
#
# It stays up until its standard input closes (Ctrl-D by hand; a test's process ending closes it
# too, so a killed test run leaves no cluster behind), then stops the daemons and removes the folder.
# Needs: apt-get install --no-install-recommends radosgw ceph-mon ceph-osd
set -euo pipefail

ACCESS_KEY="${S3_TEST_ACCESS_KEY:-PORTALTESTKEY}"
SECRET_KEY="${S3_TEST_SECRET_KEY:-portal/test+secret}"
DIR="$(mktemp -d "${TMPDIR:-/tmp}/s3-test-server.XXXXXX")"
PIDS=()

teardown() {
  trap - EXIT INT TERM
  # The cluster's data is thrown away: no daemon needs a clean stop (the OSD's memstore would spend
  # seconds writing its objects to disk on SIGTERM).
  for pid in "${PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$DIR"
}
trap teardown EXIT INT TERM

fail() {
  echo "s3-test-server: $1" >&2
  for f in "$DIR"/log/*.log "$DIR"/run/*.out; do
    [ -f "$f" ] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }
  done
  exit 1
}

for tool in ceph-mon ceph-osd radosgw radosgw-admin ceph ceph-authtool monmaptool; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install radosgw ceph-mon ceph-osd)"
done

# Two free loopback ports, asked of the kernel.
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
MON_PORT="$(free_port)"
RGW_PORT="$(free_port)"
while [ "$RGW_PORT" = "$MON_PORT" ]; do RGW_PORT="$(free_port)"; done

FSID="$(cat /proc/sys/kernel/random/uuid)"
OSD_UUID="$(cat /proc/sys/kernel/random/uuid)"
mkdir -p "$DIR"/{run,log,mon.a,osd.0,rgw}
CONF="$DIR/ceph.conf"
cat >"$CONF" <<EOF
[global]
fsid = $FSID
mon host = v2:127.0.0.1:$MON_PORT
public addr = 127.0.0.1
ms bind msgr1 = false
keyring = $DIR/keyring
run dir = $DIR/run
admin socket = $DIR/run/\$name.asok
pid file = $DIR/run/\$name.pid
log file = $DIR/log/\$name.log
mon cluster log file = $DIR/log/cluster.log
crash dir = $DIR/crash
; One OSD: pools keep one copy, and the (absent) manager's autoscaler is off.
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon warn on pool no redundancy = false
osd pool default pg autoscale mode = off
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
; A nearly full /tmp must not stop the monitor of a test.
mon data avail crit = 0
mon data avail warn = 0
; Each pool the gateway creates is an OSD map change: proposed at once rather than after 1 s.
paxos propose interval = 0.05
paxos min wait = 0.01
[mon.a]
mon data = $DIR/mon.a
[osd]
osd data = $DIR/osd.0
osd objectstore = memstore
memstore device bytes = 4294967296
; A 2-core machine: few threads.
osd op num shards = 1
osd op num threads per shard = 2
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw data = $DIR/rgw
rgw thread pool size = 32
EOF

# Keys for every daemon and the admin, in one keyring the monitor starts from (as vstart.sh does).
{
  ceph-authtool --create-keyring "$DIR/keyring" --gen-key -n mon. --cap mon 'allow *'
  ceph-authtool "$DIR/keyring" --gen-key -n client.admin --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *'
  ceph-authtool "$DIR/keyring" --gen-key -n osd.0 --cap mon 'allow profile osd' --cap osd 'allow *'
  ceph-authtool "$DIR/keyring" --gen-key -n client.rgw --cap mon 'allow rw' --cap osd 'allow rwx'
  monmaptool --create --add a "v2:127.0.0.1:$MON_PORT" --fsid "$FSID" "$DIR/monmap"
  ceph-mon -c "$CONF" --mkfs -i a --monmap "$DIR/monmap" --keyring "$DIR/keyring"
} >"$DIR/run/setup.out" 2>&1 || fail "creating the monitor failed"

start() {
  local name="$1"
  shift
  "$@" -c "$CONF" -f >"$DIR/run/$name.out" 2>&1 &
  PIDS+=("$!")
}
start mon ceph-mon -i a
ceph -c "$CONF" --connect-timeout 20 osd new "$OSD_UUID" 0 >>"$DIR/run/setup.out" 2>&1 || fail "the monitor did not answer"
ceph-osd -c "$CONF" -i 0 --mkfs --osd-uuid "$OSD_UUID" >>"$DIR/run/setup.out" 2>&1 || fail "creating the OSD failed"
start osd ceph-osd -i 0
start rgw radosgw -n client.rgw

# The gateway answers once it has created its pools on the OSD.
for i in $(seq 1 600); do
  code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$RGW_PORT/" || true)"
  [ "$code" = 200 ] && break
  ((i < 600)) || fail "the gateway did not answer within 60 s"
  for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || fail "a daemon stopped while starting"; done
  sleep 0.1
done

radosgw-admin -c "$CONF" -n client.admin user create --uid=portal --display-name=portal \
  --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY" >>"$DIR/run/setup.out" 2>&1 || fail "creating the S3 user failed"

printf '{"endpoint":"http://127.0.0.1:%s","accessKeyId":"%s","secretAccessKey":"%s"}\n' "$RGW_PORT" "$ACCESS_KEY" "$SECRET_KEY"

# Up until standard input closes.
cat >/dev/null || true
