# syntax=docker/dockerfile:1
# Nhà Sách API + web app. Multi-stage: the build stage has every dependency and builds the web app; the runtime
# stage has production dependencies only (the server runs its TypeScript through tsx, a dependency of the server)
# and runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev && npm cache clean --force
COPY packages/shared/src packages/shared/src
COPY apps/server/src apps/server/src
COPY apps/server/tsconfig.json apps/server/
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR holds the local media and the generated JWT secret when they are not configured elsewhere.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
WORKDIR /app/apps/server
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives the SIGTERM itself; main.ts handles it (graceful shutdown within 10 s).
CMD ["node", "--import", "tsx", "src/main.ts"]
