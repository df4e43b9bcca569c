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
# golangci-lint is built from the version pinned in tools/golangci/go.mod (its
# own module, so its dependencies stay out of the app's go.mod).
GOLANGCI_LINT := .cache/bin/golangci-lint
export GOLANGCI_LINT_CACHE ?= $(CURDIR)/.cache/golangci-lint
# The deployment files' validator, offline, from tools/deploycheck (its own module).
DEPLOYCHECK := .cache/bin/deploycheck

.PHONY: help run build web go openapi test test-go test-web test-e2e lint lint-go lint-web lint-deploy bench bench-admin fault clean

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

openapi: $(WEB_DEPS) ## Write the API description and the web app's types from the modules' openapi.yaml
	$(GO) test ./app -run '^TestOpenAPIDocumentIsCommitted$$' -update
	cd webapp && $(NPM) run api-types

test: build test-go test-web test-e2e ## Go tests, web unit tests and browser end-to-end tests

test-go: ## Go unit and integration tests (Postgres/Redis too when TEST_DATABASE_URL/TEST_REDIS_URL are set)
	$(GO) test ./...

test-web: $(WEB_DEPS) ## Web unit tests (vitest)
	cd webapp && $(NPM) test

test-e2e: $(WEB_DEPS) ## Browser end-to-end tests against the real binary (needs a prior build)
	@scripts/ensure-chromium.sh
	cd webapp && LAMPLIGHT_BIN=$(CURDIR)/$(BIN) $(NPM) run e2e

$(GOLANGCI_LINT): tools/golangci/go.mod tools/golangci/go.sum
	cd tools/golangci && $(GO) build -o $(CURDIR)/$@ github.com/golangci/golangci-lint/v2/cmd/golangci-lint

lint: lint-go lint-web lint-deploy ## Go, web and deployment linters (lint-go, lint-web, lint-deploy)

lint-go: $(GOLANGCI_LINT) ## go.mod tidy, gofmt, golangci-lint (vet, staticcheck, errcheck; module boundaries: app/boundaries_test.go)
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy"; exit 1; }
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GOLANGCI_LINT) run --allow-parallel-runners ./...

$(DEPLOYCHECK): $(wildcard tools/deploycheck/*.go) tools/deploycheck/go.mod tools/deploycheck/go.sum
	cd tools/deploycheck && $(GO) build -o $(CURDIR)/$@ .

lint-deploy: $(DEPLOYCHECK) ## Kubernetes manifests (strict API types), compose file (compose schema), Dockerfile and .dockerignore
	cd tools/deploycheck && $(GO) test -count=1 ./...
	$(DEPLOYCHECK) -root .

lint-web: $(WEB_DEPS) ## eslint, tsc
	cd webapp && $(NPM) run lint && $(NPM) run typecheck

bench-admin: ## Admin scale benchmark on PostgreSQL (own database lamplight_scale; TEST_DATABASE_URL, TEST_REDIS_URL; not part of test)
	ADMIN_BENCH_READERS=$${ADMIN_BENCH_READERS:-100000} ADMIN_BENCH_ENTRIES=$${ADMIN_BENCH_ENTRIES:-10000000} \
		$(GO) test -tags adminbench -run TestAdminBench -v -count=1 -timeout 90m ./bench/admin/

bench: ## Go benchmarks (figures go to docs/BENCHMARKS.md)
	$(GO) test -run '^$$' -bench . -benchmem ./...

fault: go ## Fault suite: own PostgreSQL and Redis on loopback, kills and restarts under load (~7 min; FAULT_FLAGS=-only kill,load)
	$(GO) run ./bench/fault -bin $(BIN) $(FAULT_FLAGS)

clean: ## Remove build output
	rm -rf bin
	find webapp/dist -mindepth 1 ! -name .gitkeep -delete
