# Builds the API and worker image: one image, two commands (npm start / npm run worker).
# Node 24, the LTS line CI runs the whole suite on besides Node 20 (package.json "engines").
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The build is made in builds/<id> with dist pointing at it (scripts/build.mjs); the image takes it as dist.
RUN npm run build && mv "$(readlink -f dist)" /app/release && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# MALLOC_MMAP_THRESHOLD_: glibc gives the memory of a large page photo back to the system as soon
# as it is decoded, instead of keeping it for later (bench/photo-memory-bench.mjs).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/release ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
