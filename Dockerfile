# syntax=docker/dockerfile:1
# sudokubot: a multi-stage build. The build stage compiles both binaries with
# cgo against Debian bookworm's Tesseract; the run stage has only the
# Tesseract runtime, the English model and CA certificates, and runs as an
# unprivileged user.
#
#   docker build -t sudokubot .
#   docker run --rm -e DISCORD_TOKEN sudokubot
#   docker run --rm -e DISCORD_TOKEN -e METRICS_ADDR=:9090 -p 9090:9090 sudokubot

FROM golang:1.26-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libtesseract-dev libleptonica-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=1 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/ ./cmd/sudokubot ./cmd/sudoku

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libtesseract5 tesseract-ocr-eng ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin sudokubot
COPY --from=build /out/ /usr/local/bin/
USER sudokubot
# One OpenMP thread per Tesseract call is about 3x faster; parallelism comes
# from the OCR worker pool.
ENV OMP_THREAD_LIMIT=1
# The health check asks the bot's own /healthz when METRICS_ADDR is set and
# passes otherwise.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD ["sudokubot", "-healthcheck"]
ENTRYPOINT ["sudokubot"]
