# Agent Ledger's HTTP server, for docker-compose.yml. Not built on this repository's machines
# (they have no Docker engine); see docs/eventstoredb.md.
FROM node:20-bookworm AS build
WORKDIR /app
# better-sqlite3 compiles or downloads its binary here; the full bookworm image has the toolchain.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "dist/apps/server/src/main.js"]
