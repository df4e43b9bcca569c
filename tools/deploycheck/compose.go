package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
)

// secretEnv are settings that must come from files in compose; a URL
// without credentials (an internal Redis) may stay in the environment.
var secretEnv = []string{"DATABASE_URL", "REDIS_URL", "SMTP_URL", "LAMPLIGHT_OPERATOR_TOKEN", "LAMPLIGHT_GOOGLE_CLIENT_SECRET", "POSTGRES_PASSWORD"}

func holdsSecret(key, value string) bool {
	if strings.HasSuffix(key, "_URL") {
		return strings.Contains(value, "@")
	}
	return value != ""
}

// checkCompose loads the compose file as the compose tool does (schema,
// interpolation, references between services, secrets and volumes).
func checkCompose(root string) []string {
	file := filepath.Join(root, "deploy", "docker-compose.yml")
	opts, err := cli.NewProjectOptions([]string{file},
		cli.WithWorkingDirectory(filepath.Dir(file)), cli.WithName("lamplight"), cli.WithInterpolation(true))
	if err != nil {
		return []string{err.Error()}
	}
	p, err := opts.LoadProject(context.Background())
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", file, err)}
	}
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, file+": "+fmt.Sprintf(format, args...)) }
	for name, s := range p.Services {
		if s.Restart == "" || s.Restart == "no" {
			fail("service %s: set a restart policy", name)
		}
		if s.HealthCheck == nil || len(s.HealthCheck.Test) == 0 {
			fail("service %s: set a health check", name)
		}
		for _, key := range secretEnv {
			if v, ok := s.Environment[key]; ok && v != nil && holdsSecret(key, *v) {
				fail("service %s: %s is a secret: give %s_FILE and a compose secret", name, key, key)
			}
		}
		for dep, d := range s.DependsOn {
			if d.Condition != "service_healthy" {
				fail("service %s: wait for %s with condition service_healthy", name, dep)
			}
		}
	}
	if app, ok := p.Services["app"]; !ok || !strings.Contains(strings.Join(app.HealthCheck.Test, " "), "lamplight healthcheck") {
		fail("service app: the health check must run lamplight healthcheck")
	}
	return problems
}
