# Builds the server and worker binaries and the client into one small image; pick the program
# with the container command (server is the default).
FROM node:20-bookworm AS client
WORKDIR /src/client
COPY client/package.json client/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY client/ ./
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
COPY third_party/ third_party/
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -o /out/ ./server ./worker

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=go /out/server /out/worker /app/
COPY --from=client /src/client/dist /app/client/dist
ENV CLIENT_DIR=/app/client/dist BIND_ADDR=0.0.0.0 PORT=8080
EXPOSE 8080
USER nobody
CMD ["/app/server"]
