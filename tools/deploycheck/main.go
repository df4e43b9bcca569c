// Command deploycheck validates the deployment files offline, for make lint:
// every Kubernetes manifest under deploy/k8s decodes strictly into its API
// type and the objects fit together, the compose file loads against the
// compose schema, and the Dockerfile and .dockerignore keep their promises.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	root := flag.String("root", ".", "the repository root")
	flag.Parse()
	var problems []string
	problems = append(problems, checkKubernetes(*root)...)
	problems = append(problems, checkCompose(*root)...)
	problems = append(problems, checkImage(*root)...)
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, "deploy:", p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Println("deploy: Kubernetes manifests, compose file and Dockerfile are valid")
}
