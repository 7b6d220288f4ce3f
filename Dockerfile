# syntax=docker/dockerfile:1
# The production image (README "Containers", ADR 28). Build with `--format docker` under podman, which otherwise
# drops the HEALTHCHECK; `npm run test:container` builds this file and checks the image and its containers.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# A production build: under NODE_ENV=development remix build makes a development build, which the server refuses.
RUN NODE_ENV=production npm run build

FROM node:24-bookworm-slim AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# What only the build or the tests use stays out. `--omit=dev` keeps "devOptional" packages (TypeScript and @types,
# optional peers of Remix and drizzle that nothing loads at run time), so they are removed by the lockfile's flag;
# so are type declarations, source maps, TypeScript sources and read-mes, which Node.js never loads (75 MB of 159).
RUN npm ci --omit=dev --no-audit --no-fund \
  && node -e "const fs=require('fs');for(const[p,e]of Object.entries(require('./package-lock.json').packages))if(e.devOptional)fs.rmSync(p,{recursive:true,force:true})" \
  && find node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.tsx' -o -name '*.map' -o -name '*.md' \) -delete \
  && npm cache clean --force

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 PGLITE_DATA_DIR=/app/data/pglite
COPY --from=runtime-dependencies --chown=node:node /app/package.json ./package.json
COPY --from=runtime-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/scripts/migrate.js /app/scripts/admin-create.js ./scripts/
RUN mkdir -p /app/data && chown node:node /app/data
# The node user by number, so that Kubernetes' runAsNonRoot can verify it without reading /etc/passwd.
USER 1000:1000
# PGlite's data: a volume, so that a new container of the image finds the leads of the last one.
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The build applies the migrations before remix-serve listens; node is PID 1 so signals reach it.
CMD ["node", "node_modules/@remix-run/serve/dist/cli.js", "build/server/index.js"]
