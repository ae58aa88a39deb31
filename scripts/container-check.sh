#!/usr/bin/env bash
# npm run container:check — build and run the project's Dockerfile with podman, on a machine with
# no Docker engine and no container registry (issue 24; first written in ../shared/ops). Run by a
# person, as root (it installs podman and debootstrap), not by CI; it takes 10–15 minutes on two
# busy cores. It never modifies the checkout: it clones REPO's committed HEAD.
#
#   scripts/container-check.sh [phase...]   phases: install base build run clean purge   (default: install base build run)
#   KEEP=1 keeps the real-use container running after "run" (stop it with the "clean" phase).
#
# The `node:26-bookworm-slim` base cannot be pulled here, so "base" makes a stand-in: a debootstrap
# minbase bookworm with the HOST's node, npm and headers under /usr/local and a node user 1000:1000,
# imported under that name. "run" starts the image in real use (an SMTP sink on the host, a
# self-signed Banorte certificate, STAFF_TOTP_KEY) and checks: /healthz and the image's
# HEALTHCHECK, uid 1000, /data, Chromium inside, a registration and an access PDF (the first PDF's
# time in a fresh container), mail at the sink, /metrics closed, SIGTERM within 10 s, data kept
# across a restart and a new container, a start without settings refused, a demo start.
# Results go to $WORK/results.txt.
#
# Environment (all optional):
#   REPO=.                   the project checkout (cloned, never modified: commit first)
#   WORK=/tmp/container-check            scratch: clone, debootstrap root, logs, results (the data volume is a podman named volume)
#   HOST_PORT=4800           host port mapped to the container's PORT
#   SMTP_PORT=4801           the host SMTP sink (aiosmtpd on 0.0.0.0), reached from the container as host.containers.internal
#   BUILD_NET=               podman build --network: empty = podman's default (netavark bridge); "host" if that fails
#   RUNTIME=runc             OCI runtime: crun 1.8 refuses this machine's hybrid cgroup v1/v2 layout, runc works
#   STORAGE_DRIVER=          empty: podman's default (overlay); set "vfs" if overlay fails
#   ISOLATION=               empty: podman's default (oci); set "chroot" if the runtime fails during build
#   IMAGE=localhost/himfg-web:check
set -euo pipefail

REPO=${REPO:-$(pwd)}
WORK=${WORK:-/tmp/container-check}
HOST_PORT=${HOST_PORT:-4800}
SMTP_PORT=${SMTP_PORT:-4801}
BUILD_NET=${BUILD_NET:-}
RUNTIME=${RUNTIME:-runc}
IMAGE=${IMAGE:-localhost/himfg-web:check}
BASE=docker.io/library/node:26-bookworm-slim
CTR=himfg-check
VOL=himfg-check-data
SRC=$WORK/main
RESULTS=$WORK/results.txt

PODMAN=(podman --runtime "$RUNTIME")
[ -n "${STORAGE_DRIVER:-}" ] && PODMAN+=(--storage-driver "$STORAGE_DRIVER")
BUILD_OPTS=()
[ -n "${ISOLATION:-}" ] && BUILD_OPTS+=(--isolation "$ISOLATION")
[ -n "$BUILD_NET" ] && BUILD_OPTS+=(--network "$BUILD_NET")
# podman 4.3 asks for RLIMIT_NOFILE 1048576 (and --ulimit host does the same); this machine's hard
# limits are lower and the runtime gets EPERM. Ask for the host's nofile hard limit and an nproc
# that the runtime may set here (observed: 32768 works, 65536 and the shell's 96364 get EPERM).
NPROC=${NPROC:-32768}
ULIMITS=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit "nproc=$NPROC:$NPROC")

mkdir -p "$WORK"
log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$RESULTS"; }
t0=0; tick() { t0=$(date +%s); }; tock() { log "  ($1 took $(($(date +%s) - t0)) s)"; }

phase_install() {
  tick
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >"$WORK/apt-update.log" 2>&1
  apt-get install -y -q podman buildah runc debootstrap uidmap python3-aiosmtpd openssl curl bc >"$WORK/apt-install.log" 2>&1
  log "installed: $(podman --version), $(buildah --version | cut -d' ' -f1-3), debootstrap $(dpkg-query -W -f='${Version}' debootstrap)"
  tock install
}

# A stand-in for node:26-bookworm-slim: debootstrap --variant=minbase bookworm from the host's
# configured Debian mirror, slimmed like debian:bookworm-slim, plus the HOST's node binary, npm and
# headers under /usr/local (as the official image lays them out) and a node user 1000:1000.
# Node 26 itself cannot be fetched here, so the image runs whatever `node --version` says on the host.
phase_base() {
  tick
  local root=$WORK/rootfs mirror
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$mirror" ] || { echo "no Debian mirror found in /etc/apt/sources.list.d/debian.sources" >&2; exit 1; }
  if [ ! -x "$root/usr/bin/apt-get" ]; then
    rm -rf "$root"; mkdir -p "$root"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$WORK/debootstrap.log" 2>&1
  fi
  # apt sources: the same deb822 file the host uses (bookworm, -updates, -security), as the official image has.
  rm -f "$root/etc/apt/sources.list"
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/debian.sources"
  # debian:*-slim's dpkg/apt settings (no docs/man/locales, no apt cache kept).
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";
EOF
  echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  rm -rf "$root/usr/share/man/"* "$root/usr/share/info/"* "$root/usr/share/locale/"* \
    "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"* "$root/var/log/"*.log
  # Node (host binary), npm, headers — official layout: /usr/local/{bin,lib/node_modules,include/node}.
  local node npmdir
  node=$(readlink -f "$(command -v node)")
  npmdir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  install -m 0755 "$node" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include"
  rm -rf "$root/usr/local/lib/node_modules/npm"
  cp -a "$npmdir" "$root/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  ln -sf node "$root/usr/local/bin/nodejs"
  local inc=/usr/include/node; [ -d /usr/local/include/node ] && inc=/usr/local/include/node
  rm -rf "$root/usr/local/include/node"; cp -a "$inc" "$root/usr/local/include/node"
  # Stand-in only: where node-gyp cannot download Node's headers (no route to Node's download
  # site) and better-sqlite3 builds from source, pre-seed its cache. Pre-seed node-gyp's cache for root with the same
  # headers (what that download would have produced). The official image does not carry this.
  local ver; ver=$("$node" -p 'process.versions.node')
  local gypv; gypv=$("$node" -p "require('$npmdir/node_modules/node-gyp/package.json').installVersion")
  mkdir -p "$root/root/.cache/node-gyp/$ver/include"
  rm -rf "$root/root/.cache/node-gyp/$ver/include/node"
  cp -a "$inc" "$root/root/.cache/node-gyp/$ver/include/node"
  echo "$gypv" >"$root/root/.cache/node-gyp/$ver/installVersion"
  # Stand-in only: on a machine whose npm traffic passes a TLS-inspecting proxy, its CA sits in the
  # host's /usr/local/share/ca-certificates. Let root's npm (the build stage runs
  # as root) trust it via /root/.npmrc; the runtime user (node, HOME=/home/node) never reads that file.
  # On a machine with ordinary Internet access set PROXY_CA= (empty) to leave it out.
  local ca=${PROXY_CA-$(ls /usr/local/share/ca-certificates/*.crt 2>/dev/null | tr '\n' ' ')}
  rm -f "$root/root/.npmrc" "$root/etc/ssl/proxy-ca.pem"
  if [ -n "$ca" ]; then
    mkdir -p "$root/etc/ssl"
    cat $ca >"$root/etc/ssl/proxy-ca.pem"
    echo "cafile=/etc/ssl/proxy-ca.pem" >"$root/root/.npmrc"
  fi
  # The official image's user and entrypoint.
  chroot "$root" /bin/sh -c 'getent group node >/dev/null || groupadd --gid 1000 node; id node >/dev/null 2>&1 || useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  cat >"$root/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# Run command with node if the first argument contains a "-" or is not a system command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod 0755 "$root/usr/local/bin/docker-entrypoint.sh"
  chroot "$root" /usr/local/bin/node --version >/dev/null
  tar -C "$root" --numeric-owner -cf "$WORK/base.tar" .
  "${PODMAN[@]}" rmi -f "$BASE" >/dev/null 2>&1 || true
  "${PODMAN[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$ver" \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["node"]' \
    "$WORK/base.tar" "$BASE" >/dev/null
  rm -f "$WORK/base.tar"
  log "stand-in $BASE: debootstrap minbase bookworm ($mirror) + host node v$ver, npm $(chroot "$root" /usr/local/bin/node /usr/local/bin/npm --version), node user $(chroot "$root" id node)"
  log "stand-in size: $("${PODMAN[@]}" image inspect --format '{{.Size}}' "$BASE" | numfmt --to=iec)"
  tock base
}

phase_build() {
  tick
  rm -rf "$SRC"; git clone -q "$REPO" "$SRC"
  log "project $(git -C "$SRC" log --oneline -1)"
  set +e
  "${PODMAN[@]}" build --pull=never --format docker "${ULIMITS[@]}" "${BUILD_OPTS[@]}" -t "$IMAGE" -f "$SRC/Dockerfile" "$SRC" >"$WORK/build.log" 2>&1
  local rc=$?
  set -e
  log "podman build rc=$rc (log: $WORK/build.log)"
  tock build
  [ $rc -eq 0 ] || { tail -30 "$WORK/build.log"; exit 1; }
  log "image size: $("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE" | numfmt --to=iec) ($("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE") bytes)"
  log "layers (largest first):"
  "${PODMAN[@]}" history --format '{{.Size}}\t{{.CreatedBy}}' "$IMAGE" | sort -h -r | head -6 | cut -c1-160 | sed 's/^/    /' | tee -a "$RESULTS"
  log "inside: $("${PODMAN[@]}" run --rm "${ULIMITS[@]}" --entrypoint /bin/sh "$IMAGE" -c 'du -sh /app /app/node_modules /usr/lib/chromium 2>/dev/null | tr "\n" " "; [ -e /app/node_modules/typescript ] && echo "typescript PRESENT" || echo "no typescript"')"
  log "largest packages (KiB): $("${PODMAN[@]}" run --rm "${ULIMITS[@]}" --entrypoint /bin/sh "$IMAGE" -c "dpkg-query -Wf '\${Installed-Size} \${Package}\n' | sort -rn | head -8 | tr '\n' ' '")"
}

wait_healthz() { # seconds
  local i
  for i in $(seq 1 "$1"); do
    curl -fsS -o /dev/null "http://127.0.0.1:$HOST_PORT/healthz" 2>/dev/null && { echo "$i"; return 0; }
    sleep 1
  done
  return 1
}

# Real use, as the README's `docker run`: PUBLIC_URL, SMTP_URL (a sink on the host) and Banorte
# settings. Banorte's credentials are placeholders and its certificate is self-signed: the server
# only checks that they are present and that the file reads as a PEM certificate; no card is charged.
phase_run() {
  local here; here=$(cd "$(dirname "$0")" && pwd)
  phase_clean
  : >"$WORK/smtp.log"
  /usr/bin/python3 -u -m aiosmtpd -n -u -l "0.0.0.0:$SMTP_PORT" >>"$WORK/smtp.log" 2>&1 &
  echo $! >"$WORK/smtp.pid"
  [ -s "$WORK/banorte.pem" ] || openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=banorte-placeholder" \
    -keyout "$WORK/banorte.key" -out "$WORK/banorte.pem" >/dev/null 2>&1
  chmod 0644 "$WORK/banorte.pem"
  # Real use needs the key that encrypts the staff TOTP secrets (decision 0034); the same key on every start.
  [ -s "$WORK/staff-totp.key" ] || openssl rand -base64 32 >"$WORK/staff-totp.key"
  local RUN_ARGS=(--name "$CTR" -p "127.0.0.1:$HOST_PORT:3000" -v "$VOL:/data" -v "$WORK/banorte.pem:/etc/banorte.pem:ro"
    -e PUBLIC_URL="http://127.0.0.1:$HOST_PORT" -e SMTP_URL="smtp://host.containers.internal:$SMTP_PORT"
    -e PAYMENT_PROVIDER=banorte -e BANORTE_MERCHANT_ID=1234567 -e BANORTE_USER=placeholder -e BANORTE_PASSWORD=placeholder
    -e BANORTE_TERMINAL_ID=12345678 -e BANORTE_CERTIFICATE_PATH=/etc/banorte.pem -e STAFF_TOTP_KEY="$(cat "$WORK/staff-totp.key")")
  tick
  "${PODMAN[@]}" run -d "${ULIMITS[@]}" "${RUN_ARGS[@]}" "$IMAGE" >/dev/null
  local secs
  if secs=$(wait_healthz 180); then log "first start: /healthz 200 after ${secs} s"; else
    log "FAIL: no /healthz in 180 s"; "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -40; exit 1; fi
  "${PODMAN[@]}" logs "$CTR" >"$WORK/run1.log" 2>&1
  log "start-up log (first 15 lines):"; head -15 "$WORK/run1.log" | sed 's/^/    /' | tee -a "$RESULTS"
  if "${PODMAN[@]}" healthcheck run "$CTR" >/dev/null 2>&1; then log "HEALTHCHECK command: passes (podman healthcheck run rc=0)"; else
    log "HEALTHCHECK command: FAILS (rc=$?)"; fi
  log "image healthcheck: $("${PODMAN[@]}" image inspect --format '{{json .HealthCheck}}' "$IMAGE")"
  log "processes (podman top): $("${PODMAN[@]}" top "$CTR" user huser pid args | tr '\n' '|' )"
  log "id inside: $("${PODMAN[@]}" exec "$CTR" id)"
  log "volume /data: $("${PODMAN[@]}" exec "$CTR" ls -ln /data | tr '\n' '|')"
  log "chromium inside: $("${PODMAN[@]}" exec "$CTR" /usr/bin/chromium --version 2>&1 | tail -1)"
  local journey
  journey=$(node "$here/container-journey.mjs" "http://127.0.0.1:$HOST_PORT" register) || { log "FAIL journey: $journey"; "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -30; exit 1; }
  log "journey: $journey"
  log "first access PDF in this fresh container: $(echo "$journey" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j.pdf.ms+" ms ("+j.pdf.bytes+" bytes)")})'); Chromium warm-up at start: $("${PODMAN[@]}" logs "$CTR" 2>&1 | grep -E 'chromium (ready|did not start)' | head -1)"
  log "/metrics without a token: $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$HOST_PORT/metrics") (404 expected: METRICS_TOKEN and METRICS_ALLOW unset)"
  sleep 2
  log "SMTP sink received $(grep -c -- '---------- MESSAGE FOLLOWS ----------' "$WORK/smtp.log") message(s); subjects: $(grep -i '^Subject:' "$WORK/smtp.log" | tr '\n' '|')"
  # Graceful stop: podman stop sends SIGTERM and SIGKILLs after 10 s.
  local a b
  a=$(date +%s.%N)
  "${PODMAN[@]}" stop -t 10 "$CTR" >/dev/null
  b=$(date +%s.%N)
  log "SIGTERM stop took $(printf '%.1f' "$(echo "$b - $a" | bc)") s, exit code $("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$CTR") (137 would mean SIGKILL)"
  "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -4 | sed 's/^/    /' | tee -a "$RESULTS"
  # Same container, same volume: restart and sign in with the account made before.
  "${PODMAN[@]}" start "$CTR" >/dev/null
  if secs=$(wait_healthz 120); then log "restart: /healthz 200 after ${secs} s"; else log "FAIL: no /healthz after restart"; exit 1; fi
  local email pass id
  email=$(echo "$journey" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j.register.email)})')
  pass=$(echo "$journey" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j.password)})')
  id=$(echo "$journey" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j.enrolmentId)})')
  log "after restart: $(node "$here/container-journey.mjs" "http://127.0.0.1:$HOST_PORT" signin "$email" "$pass" "$id" || echo FAIL)"
  # A new container on the same volume (what an upgrade does).
  "${PODMAN[@]}" rm -f -t 10 "$CTR" >/dev/null
  "${PODMAN[@]}" run -d "${ULIMITS[@]}" "${RUN_ARGS[@]}" "$IMAGE" >/dev/null
  if secs=$(wait_healthz 120); then log "new container, same volume: /healthz 200 after ${secs} s"; else log "FAIL: new container did not start"; exit 1; fi
  log "new container: $(node "$here/container-journey.mjs" "http://127.0.0.1:$HOST_PORT" signin "$email" "$pass" "$id" || echo FAIL)"
  log "backup inside: $("${PODMAN[@]}" exec "$CTR" npm run -s db:backup 2>&1 | tail -1) ; $("${PODMAN[@]}" exec "$CTR" ls -ln /data/backups 2>&1 | tail -n +2 | tr '\n' '|')"
  log "real-use container: /dev/correos answers $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$HOST_PORT/dev/correos") (404 expected outside a demo)"
  # Without the real-use settings the container must refuse to start and say what is missing.
  local rc=0 msg
  msg=$(timeout 90 "${PODMAN[@]}" run --rm "${ULIMITS[@]}" "$IMAGE" 2>&1) || rc=$?
  log "no settings: exit $rc; $(echo "$msg" | grep -E 'did not start|required' | tr '\n' '|' | cut -c1-400)"
  # The demo, as the README's second docker run (own volume, port HOST_PORT+2).
  local dport=$((HOST_PORT + 2))
  "${PODMAN[@]}" run -d --name "$CTR-demo" "${ULIMITS[@]}" -p "127.0.0.1:$dport:3000" -v "$VOL-demo:/data" -e DEMO_MODE=true "$IMAGE" >/dev/null
  local i ok=no
  for i in $(seq 1 120); do curl -fsS -o /dev/null "http://127.0.0.1:$dport/healthz" 2>/dev/null && { ok=yes; break; }; sleep 1; done
  log "DEMO_MODE=true: healthz=$ok after ${i} s; banner: $(curl -s "http://127.0.0.1:$dport/" | grep -o 'Sitio de demostración[^<]*' | head -1); /dev/correos $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$dport/dev/correos")"
  "${PODMAN[@]}" rm -f -t 10 "$CTR-demo" >/dev/null
  "${PODMAN[@]}" volume rm -f "$VOL-demo" >/dev/null
  log "image size: $("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE" | numfmt --to=iec)"
  tock run
  [ -n "${KEEP:-}" ] || phase_clean
}

phase_clean() {
  "${PODMAN[@]}" rm -f -t 10 "$CTR" "$CTR-demo" >/dev/null 2>&1 || true
  "${PODMAN[@]}" volume rm -f "$VOL" "$VOL-demo" >/dev/null 2>&1 || true
  [ -f "$WORK/smtp.pid" ] && kill "$(cat "$WORK/smtp.pid")" 2>/dev/null || true
  rm -f "$WORK/smtp.pid"
}

# Everything this script made: containers, volumes, the image, the stand-in base, build cache, the debootstrap root.
phase_purge() {
  phase_clean
  "${PODMAN[@]}" rmi -f "$IMAGE" "$BASE" >/dev/null 2>&1 || true
  "${PODMAN[@]}" image prune -f >/dev/null 2>&1 || true
  rm -rf "$WORK/rootfs" "$SRC"
}

for p in "${@:-install base build run}"; do for q in $p; do "phase_$q"; done; done
