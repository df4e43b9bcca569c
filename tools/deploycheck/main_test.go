package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyDeploy copies the repository's deployment files into a temporary root.
func copyDeploy(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, pattern := range []string{"deploy/Dockerfile", "deploy/docker-compose.yml", "deploy/k8s/*.yaml", "deploy/k8s/*/*.yaml", ".dockerignore"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", pattern))
		for _, f := range files {
			rel, _ := filepath.Rel(filepath.Join("..", ".."), f)
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			dst := filepath.Join(root, rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(dst, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

func check(root string) []string {
	return append(append(checkKubernetes(root), checkCompose(root)...), checkImage(root)...)
}

func TestTheRepositoryFilesPass(t *testing.T) {
	if problems := check(copyDeploy(t)); len(problems) > 0 {
		t.Fatalf("%q", problems)
	}
}

func TestMistakesAreFound(t *testing.T) {
	for _, tc := range []struct {
		name, file, old, new, want string
	}{
		{"a misspelt field", "deploy/k8s/deployment.yaml", "readinessProbe:", "readynessProbe:", `unknown field "readynessProbe"`},
		{"a wrong type", "deploy/k8s/service.yaml", "port: 80", "port: eighty", "service.yaml"},
		{"two SQLite replicas", "deploy/k8s/sqlite/deployment.yaml", "replicas: 1", "replicas: 2", "replicas: 1 and strategy Recreate"},
		{"root", "deploy/k8s/deployment.yaml", "runAsNonRoot: true", "runAsNonRoot: false", "runAsNonRoot"},
		{"a probe on an undeclared port", "deploy/k8s/deployment.yaml", "port: http\n            periodSeconds: 20", "port: web\n            periodSeconds: 20", "port web"},
		{"a missing ConfigMap", "deploy/k8s/configmap.yaml", "name: lamplight\n", "name: settings\n", "no ConfigMap lamplight"},
		{"compose without a restart policy", "deploy/docker-compose.yml", "    restart: unless-stopped\n    command:", "    command:", "service redis: set a restart policy"},
		{"a password in compose's environment", "deploy/docker-compose.yml", "DATABASE_URL_FILE: /run/secrets/database_url", "DATABASE_URL: postgres://lamplight:pw@postgres/lamplight", "DATABASE_URL is a secret"},
		{"compose not valid", "deploy/docker-compose.yml", "restart: unless-stopped", "restart: [unless-stopped]", "docker-compose.yml"},
		{"a health check needing curl", "deploy/Dockerfile", `CMD ["/usr/local/bin/lamplight", "healthcheck"]`, `CMD curl -f http://localhost:8080/readyz`, "HEALTHCHECK"},
		{"root in the image", "deploy/Dockerfile", "USER 65532:65532", "USER root", "non-root USER"},
		{"the data folder left in the context", ".dockerignore", "\ndata/\n", "\n", "missing data/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := copyDeploy(t)
			path := filepath.Join(root, tc.file)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tc.old) {
				t.Fatalf("%s has no %q", tc.file, tc.old)
			}
			if err := os.WriteFile(path, []byte(strings.Replace(string(b), tc.old, tc.new, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			problems := strings.Join(check(root), "\n")
			if !strings.Contains(problems, tc.want) {
				t.Fatalf("want %q among:\n%s", tc.want, problems)
			}
		})
	}
}
