#!/usr/bin/env bash
# The Debian packages the system tests, the browser tests and the deployment check need beyond
# Node (README "Tests"): `npm test` needs none of them. Run as root (or through sudo); installs
# only what is missing, so a second run asks apt nothing.
set -euo pipefail
with_recommends=()
want=()
have() { command -v "$1" >/dev/null 2>&1 || test -x "/usr/sbin/$1"; }
# Chromium for the browser tests (its headless build runs most of them); a CJK font so screenshots
# show Chinese rather than empty boxes.
have chromium || with_recommends+=(chromium)
have chromium-headless-shell || with_recommends+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi 'wenquanyi\|wqy' || with_recommends+=(fonts-wqy-microhei)
# nginx (Debian's nginx-light) for the deployment check behind a proxy.
have nginx || with_recommends+=(nginx-light)
# LibreOffice headless (no GUI) and ffmpeg convert uploaded documents and media for the preview;
# bubblewrap confines them (src/server/platform/conversion/confinement.ts).
have soffice || want+=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
have ffmpeg || want+=(ffmpeg)
have bwrap || want+=(bubblewrap)
# poppler's pdftotext reads a PDF's text for the duplicate check (src/server/modules/similarity/fileText.ts)
# and for the tests that read previews back.
have pdftotext || want+=(poppler-utils)
# Ceph's RADOS Gateway on a one-node cluster (monitor and OSD) is the S3 server the S3 driver's
# tests start (scripts/s3-test-server.sh).
have radosgw || want+=(radosgw)
have ceph-mon || want+=(ceph-mon)
have ceph-osd || want+=(ceph-osd)
# PostgreSQL's client tools: pg_dump and psql for backups (scripts/backup.ts) and their test.
have pg_dump || want+=(postgresql-client)
if ((${#with_recommends[@]} + ${#want[@]})); then
  apt-get update -qq
  if ((${#with_recommends[@]})); then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${with_recommends[@]}" >/dev/null
  fi
  if ((${#want[@]})); then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
  fi
fi
chromium --version
chromium-headless-shell --version
soffice --version
ffmpeg -version | head -1
bwrap --version
radosgw --version
pg_dump --version
"$(command -v nginx || echo /usr/sbin/nginx)" -v
