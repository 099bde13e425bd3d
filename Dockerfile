# syntax=docker/dockerfile:1
# Forecourt Pay in one image: the built web app and the API server (issue 34). Three stages: `build` (every
# dependency, `npm run build`: the app in dist/, the server bundle and `npm run migrate`'s bundle in dist-server/),
# `deps` (the production dependencies alone) and the runtime: Node 20 on Debian slim, those two and nothing else, run
# by the unprivileged `node` user (uid 1000), which can write only /app/data.
# The CI machines have no container engine: `node scripts/container-check.mjs` (a step of `npm test`) runs this
# file's stages and its CMD on the host instead (README, Operations).
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    STATIC_DIR=/app/dist \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/scripts/migrate.mjs ./scripts/migrate.mjs
# The code stays root's (read-only to the server); PGlite's directory, when no DATABASE_URL is given, is the node user's.
RUN mkdir -p /app/data && chown 1000:1000 /app/data
USER node
EXPOSE 8080
# Liveness: the process answers. Readiness (/readyz: database, migrations, leader) is for the balancer (compose.yaml).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (server/index.ts): give it SHUTDOWN_TIMEOUT_SECONDS (10) and a little more (compose: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/index.mjs"]
