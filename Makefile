# Lamplight — run `make help` for the list of targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO      ?= go
NPM     ?= npm
BIN     := bin/lamplight
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
LDFLAGS := -s -w -X lamplight/platform/version.Version=$(VERSION) -X lamplight/platform/version.Commit=$(COMMIT)
WEB_DEPS := webapp/node_modules/.package-lock.json

.PHONY: help run build web go test test-go test-web test-e2e lint bench clean

help: ## List the targets
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{printf "  \033[1m%-10s\033[0m %s\n", $$1, $$2}'

run: build ## Build everything and start the server (SQLite, in-process bus and cache)
	@mkdir -p data
	./$(BIN) serve

build: web go ## Build the web app and the binary that embeds it

$(WEB_DEPS): webapp/package.json webapp/package-lock.json
	cd webapp && $(NPM) ci --no-audit --no-fund
	@touch $@

web: $(WEB_DEPS) ## Build the web app into webapp/dist
	cd webapp && $(NPM) run build

go: ## Build bin/lamplight (embeds whatever webapp/dist holds)
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./app/cmd/lamplight

test: build test-go test-web test-e2e ## Go tests, web unit tests and browser end-to-end tests

test-go: ## Go unit and integration tests (Postgres/Redis too when TEST_DATABASE_URL/TEST_REDIS_URL are set)
	$(GO) test ./...

test-web: $(WEB_DEPS) ## Web unit tests (vitest)
	cd webapp && $(NPM) test

test-e2e: $(WEB_DEPS) ## Browser end-to-end tests against the real binary (needs a prior build)
	@scripts/ensure-chromium.sh
	cd webapp && LAMPLIGHT_BIN=$(CURDIR)/$(BIN) $(NPM) run e2e

lint: $(WEB_DEPS) ## go vet, gofmt, module boundaries, eslint, tsc
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	@scripts/check-boundaries.sh
	cd webapp && $(NPM) run lint && $(NPM) run typecheck

bench: ## Go benchmarks (figures go to docs/BENCHMARKS.md)
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean: ## Remove build output
	rm -rf bin
	find webapp/dist -mindepth 1 ! -name .gitkeep -delete
