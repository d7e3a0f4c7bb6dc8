# syntax=docker/dockerfile:1
# Two stages: build dist/xrp-faucet with Bun from npm (Node.js 20 + package-lock.json, as on the
# project's machines), then ship only that one executable on a slim Debian base.
#   docker build -t xrp-faucet .
#   docker run -p 3000:3000 -v xrp-faucet-data:/app/data xrp-faucet

FROM node:20-bookworm AS build
WORKDIR /src
# Dependencies first, so source changes reuse this layer. Bun 1.4.4 comes from the npm package `bun`.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Builds the web app, embeds it and compiles dist/xrp-faucet; then a smoke test of the executable.
RUN node_modules/.bin/bun build.ts \
 && ./dist/xrp-faucet --help >/dev/null

FROM debian:bookworm-slim
# ca-certificates: the system's roots for TLS to XRPL nodes (Bun also carries its own). No init
# process is needed: the executable handles SIGTERM and SIGINT itself (graceful shutdown).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 faucet \
 && useradd --system --uid 10001 --gid faucet --home-dir /app --no-create-home --shell /usr/sbin/nologin faucet \
 && mkdir -p /app/data \
 && chown -R faucet:faucet /app
WORKDIR /app
COPY --from=build --chown=root:root --chmod=0755 /src/dist/xrp-faucet /app/xrp-faucet
USER faucet:faucet
ENV DATA_DIR=/app/data \
    HOST=0.0.0.0 \
    PORT=3000
VOLUME /app/data
EXPOSE 3000
# No HEALTHCHECK: the slim image has no HTTP client; orchestrators can probe GET /api/health.
ENTRYPOINT ["/app/xrp-faucet"]
