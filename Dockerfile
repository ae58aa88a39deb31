# syntax=docker/dockerfile:1
# The same steps as the README: npm install, build, npm start — with Chromium inside and the
# SQLite file on a volume. Node 26 is the current LTS (our dependencies support 20 to 26).

FROM node:26-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# patch-package applies patches/ at install (decision 0027).
COPY patches ./patches
RUN npm install --no-audit --no-fund
COPY . .
# After the prune, what nothing reads at run time: typescript (an optional peer of the @remix-run
# packages, which prune keeps) and better-sqlite3's C sources and intermediate objects (it compiles
# here when no prebuilt binary fits; only build/Release/better_sqlite3.node is loaded).
RUN npm run build && npm prune --omit=dev \
  && rm -rf node_modules/typescript node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
  && find node_modules/better-sqlite3/build -mindepth 1 -maxdepth 1 ! -name Release -exec rm -rf {} + \
  && find node_modules/better-sqlite3/build/Release -mindepth 1 -maxdepth 1 ! -name better_sqlite3.node -exec rm -rf {} +

FROM node:26-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation tini ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/himfg.db \
    DEMO_MODE=false \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# tini forwards SIGTERM so the server shuts down gracefully.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/start.mjs"]
