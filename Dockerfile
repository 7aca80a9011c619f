# One image for the realtime-server (with the built console) and the fleet simulator.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY packages/protocol/package.json packages/protocol/
COPY apps/realtime-server/package.json apps/realtime-server/
COPY apps/fleet-simulator/package.json apps/fleet-simulator/
COPY apps/console/package.json apps/console/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 8080
CMD ["node", "--import", "tsx", "apps/realtime-server/src/server.ts"]
