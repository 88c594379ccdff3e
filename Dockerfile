# syntax=docker/dockerfile:1

FROM node:20-slim AS build
WORKDIR /app
# The install runs `prisma generate` (postinstall), which needs the schema and the Prisma config.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# The generated Prisma client is compiled into dist/, so the runtime needs neither the Prisma CLI nor scripts.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
USER node
EXPOSE 4000
CMD ["node", "dist/src/server.js"]
