# syntax=docker/dockerfile:1
# Nhà Sách API + web app. Multi-stage: the build stage has every dependency and compiles the server (and the shared
# package it imports) to JavaScript and builds the web app and its server render; the runtime stage has production
# dependencies only and the built files, no TypeScript, and runs as the unprivileged `node` user.
# e2e/runtime-layout.e2e.ts lays the runtime stage out without Docker (from its COPY, RUN, ENV, WORKDIR and CMD lines)
# and serves a product page from it: keep those lines literal (no wildcards, no ARG).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

FROM node:22-bookworm-slim AS runtime
# glibc's allocator: two arenas, and buffers of 1 MB and more mapped on their own so a freed index returns to the
# system (docs/decisions.md, "Memory flat over a day: the allocator's settings").
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/apps/server/dist apps/server/dist
# The browser app and the server render of its pages (without dist-server every page goes out with an empty root).
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# DATA_DIR holds the local media and the generated JWT secret when they are not configured elsewhere.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
WORKDIR /app/apps/server
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives the SIGTERM itself; main.ts handles it (graceful shutdown within 10 s).
CMD ["node", "dist/main.js"]
