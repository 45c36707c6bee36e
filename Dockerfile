# The portal as one image: docs/deploy.md ("Containers"), deploy/compose.yaml. Node 20 from the
# official node:20 image. Two targets: `runtime` (the default, last) converts nothing; `convert`
# adds LibreOffice, ffmpeg and bubblewrap for the previews (docker build --target convert).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app, and the server compiled to JavaScript (build/), which the image runs.
RUN npm run build && date -u +%FT%TZ > dist/.build-stamp && npm run build:server && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS base
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/var/lib/portal
COPY --from=build --chown=node:node /app /app
# DATA_DIR, the one folder the portal writes to (a volume in deploy/compose.yaml).
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains and finishes requests in flight (SHUTDOWN_DRAIN_SECONDS, SHUTDOWN_TIMEOUT_SECONDS).
STOPSIGNAL SIGTERM
CMD ["node", "build/src/server/main.js"]

# With the converters: bubblewrap confines each of them, which needs user namespaces inside the
# container (docs/deploy.md "Containers": the options to run it with); without them /readyz says
# "conversion": "no-sandbox" and nothing is converted.
FROM base AS convert
RUN apt-get update && apt-get install -y --no-install-recommends \
      libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui ffmpeg bubblewrap poppler-utils \
      fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
USER node

FROM base AS runtime
USER node
