package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// dockerignoreMust keeps a reader's database, host dependencies, caches and
// secrets out of the build context.
var dockerignoreMust = []string{".git", "**/node_modules", "data/", ".cache", "bin", "webapp/dist/*", "!webapp/dist/.gitkeep", "webapp/test-results", "deploy/secrets"}

// checkImage reads the final stage of the Dockerfile: it must run as a
// numeric non-root user, check its health with the binary itself (no shell
// or curl in the image), label the image and own its data folder.
func checkImage(root string) []string {
	file := filepath.Join(root, "deploy", "Dockerfile")
	b, err := os.ReadFile(file)
	if err != nil {
		return []string{err.Error()}
	}
	text := strings.ReplaceAll(string(b), "\\\n", " ")
	stages := regexp.MustCompile(`(?m)^FROM `).Split(text, -1)
	final := stages[len(stages)-1]
	var problems []string
	fail := func(msg string) { problems = append(problems, file+": "+msg) }
	if u := regexp.MustCompile(`(?m)^USER\s+(\S+)`).FindStringSubmatch(final); u == nil || !regexp.MustCompile(`^[1-9][0-9]*(:[0-9]+)?$`).MatchString(u[1]) {
		fail("the final stage must run as a numeric non-root USER")
	}
	if !regexp.MustCompile(`(?m)^HEALTHCHECK .*CMD \["/usr/local/bin/lamplight", "healthcheck"\]`).MatchString(final) {
		fail(`HEALTHCHECK must be CMD ["/usr/local/bin/lamplight", "healthcheck"]`)
	}
	for _, label := range []string{"org.opencontainers.image.version", "org.opencontainers.image.revision", "org.opencontainers.image.title"} {
		if !strings.Contains(final, label+"=") {
			fail("missing label " + label)
		}
	}
	if !regexp.MustCompile(`(?m)^COPY .*--chown=65532:65532 \S+ /data$`).MatchString(final) {
		fail("/data must be copied owned by the runtime user (65532)")
	}
	if !strings.Contains(text, "COMMIT=") || !strings.Contains(text, "make go") {
		fail("build the binary with make go so its LDFLAGS stamp VERSION and COMMIT")
	}

	ignore := filepath.Join(root, ".dockerignore")
	f, err := os.Open(ignore)
	if err != nil {
		return append(problems, err.Error())
	}
	defer f.Close()
	var patterns []string
	for s := bufio.NewScanner(f); s.Scan(); {
		patterns = append(patterns, strings.TrimSpace(s.Text()))
	}
	for _, p := range dockerignoreMust {
		if !slices.Contains(patterns, p) {
			problems = append(problems, ignore+": missing "+p)
		}
	}
	return problems
}
