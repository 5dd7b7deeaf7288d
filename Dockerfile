# syntax=docker/dockerfile:1
# sudokubot: a multi-stage build. The build stage compiles the bot, the
# sudoku command and its Tesseract helper sudoku-tesseract (the bot and the
# helper with cgo against Debian bookworm's Tesseract; sudoku links no C
# library and starts the helper beside it when a photo needs it); the run
# stage has only the libraries they link (libtesseract5 and its
# dependencies), the English model and CA certificates, and runs as an
# unprivileged user.
#
#   docker build -t sudokubot --build-arg VERSION=$(git describe --always --dirty) .
#   docker run --rm -e DISCORD_TOKEN sudokubot
#   docker run --rm -e DISCORD_TOKEN -e METRICS_ADDR=:9090 -p 9090:9090 sudokubot
#
# .ci/image builds and smoke-tests it (make image); where no registry can be
# reached it passes local stand-ins for the two base images as GO_IMAGE and
# RUN_IMAGE.

ARG GO_IMAGE=golang:1.26-bookworm
ARG RUN_IMAGE=debian:bookworm-slim

FROM ${GO_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libtesseract-dev libleptonica-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=1 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/ ./cmd/sudokubot ./cmd/sudoku ./cmd/sudoku-tesseract

FROM ${RUN_IMAGE}
# libtesseract5 brings exactly the shared libraries the binaries link (ldd
# checks it in .ci/image) and tesseract-ocr-eng the one model they use.
# apt's downloaded packages and caches are removed in the same layer whatever
# the base image's apt settings: left behind they would double its size.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libtesseract5 tesseract-ocr-eng ca-certificates \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/debconf/*-old /var/log/apt /var/log/dpkg.log \
 && groupadd --system --gid 10001 sudokubot \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin sudokubot
COPY --from=build /out/ /usr/local/bin/
ARG VERSION=dev
LABEL org.opencontainers.image.title="sudokubot" \
      org.opencontainers.image.description="Discord Sudoku bot: solves, explains and reads photos of puzzles" \
      org.opencontainers.image.version="${VERSION}"
USER 10001:10001
# One OpenMP thread per Tesseract call is about 3x faster; parallelism comes
# from the OCR worker pool.
ENV OMP_THREAD_LIMIT=1
# The health check asks the bot's own /healthz when METRICS_ADDR is set and
# passes otherwise.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD ["sudokubot", "-healthcheck"]
ENTRYPOINT ["sudokubot"]
