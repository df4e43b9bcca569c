package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/yaml"
)

// manifests are the objects of one folder: its own files and the shared
// files of the folder above (deploy/k8s/sqlite uses ../configmap.yaml, ...).
type manifests struct {
	deployments []*appsv1.Deployment
	jobs        []*batchv1.Job
	services    []*corev1.Service
	configMaps  map[string]bool
	secrets     map[string]bool
	claims      map[string]*corev1.PersistentVolumeClaim
	budgets     []*policyv1.PodDisruptionBudget
}

var docSeparator = regexp.MustCompile(`(?m)^---\s*$`)

func checkKubernetes(root string) []string {
	dir := filepath.Join(root, "deploy", "k8s")
	base, problems := readManifests(dir)
	if len(base.deployments) == 0 {
		problems = append(problems, dir+": no Deployment")
	}
	problems = append(problems, base.check(dir)...)
	subdirs, _ := os.ReadDir(dir)
	for _, d := range subdirs {
		if !d.IsDir() {
			continue
		}
		variant, p := readManifests(filepath.Join(dir, d.Name()))
		problems = append(problems, p...)
		problems = append(problems, base.with(variant).check(filepath.Join(dir, d.Name()))...)
	}
	return problems
}

// readManifests decodes each YAML document of dir strictly: an unknown or
// misspelt field, or a value of the wrong type, is an error.
func readManifests(dir string) (*manifests, []string) {
	m := &manifests{configMaps: map[string]bool{}, secrets: map[string]bool{}, claims: map[string]*corev1.PersistentVolumeClaim{}}
	var problems []string
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		for i, doc := range docSeparator.Split(string(b), -1) {
			if strings.TrimSpace(doc) == "" {
				continue
			}
			if err := m.add([]byte(doc)); err != nil {
				problems = append(problems, fmt.Sprintf("%s (document %d): %v", f, i+1, err))
			}
		}
	}
	return m, problems
}

func (m *manifests) add(doc []byte) error {
	var tm metav1.TypeMeta
	if err := yaml.Unmarshal(doc, &tm); err != nil {
		return err
	}
	var obj interface{ GetName() string }
	switch tm.APIVersion + " " + tm.Kind {
	case "apps/v1 Deployment":
		obj = &appsv1.Deployment{}
	case "batch/v1 Job":
		obj = &batchv1.Job{}
	case "v1 Service":
		obj = &corev1.Service{}
	case "v1 ConfigMap":
		obj = &corev1.ConfigMap{}
	case "v1 Secret":
		obj = &corev1.Secret{}
	case "v1 PersistentVolumeClaim":
		obj = &corev1.PersistentVolumeClaim{}
	case "policy/v1 PodDisruptionBudget":
		obj = &policyv1.PodDisruptionBudget{}
	default:
		return fmt.Errorf("unexpected kind %q %q", tm.APIVersion, tm.Kind)
	}
	if err := yaml.UnmarshalStrict(doc, obj); err != nil {
		return err
	}
	name := obj.GetName()
	if errs := validation.IsDNS1123Subdomain(name); len(errs) > 0 {
		return fmt.Errorf("%s name %q: %s", tm.Kind, name, strings.Join(errs, "; "))
	}
	switch o := obj.(type) {
	case *appsv1.Deployment:
		m.deployments = append(m.deployments, o)
	case *batchv1.Job:
		m.jobs = append(m.jobs, o)
	case *corev1.Service:
		m.services = append(m.services, o)
	case *corev1.ConfigMap:
		m.configMaps[name] = true
	case *corev1.Secret:
		m.secrets[name] = true
	case *corev1.PersistentVolumeClaim:
		m.claims[name] = o
	case *policyv1.PodDisruptionBudget:
		m.budgets = append(m.budgets, o)
	}
	return nil
}

// with is the base set with variant's objects; a variant's Deployment
// replaces the base's of the same name.
func (m *manifests) with(v *manifests) *manifests {
	out := &manifests{configMaps: m.configMaps, secrets: m.secrets, claims: v.claims, services: m.services, budgets: m.budgets}
	out.deployments = v.deployments
	out.jobs = v.jobs
	return out
}

func (m *manifests) check(dir string) []string {
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, dir+": "+fmt.Sprintf(format, args...)) }
	for _, d := range m.deployments {
		selector, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
		if err != nil || selector.Empty() || !selector.Matches(labels.Set(d.Spec.Template.Labels)) {
			fail("Deployment %s: the selector does not match the pod labels", d.Name)
		}
		for _, p := range m.pod(&d.Spec.Template.Spec) {
			fail("Deployment %s: %s", d.Name, p)
		}
		c := d.Spec.Template.Spec.Containers[0]
		if c.ReadinessProbe == nil || c.ReadinessProbe.HTTPGet == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" {
			fail("Deployment %s: the readiness probe must GET /readyz", d.Name)
		}
		if c.LivenessProbe == nil || c.LivenessProbe.HTTPGet == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
			fail("Deployment %s: the liveness probe must GET /healthz", d.Name)
		}
		if m.usesClaim(&d.Spec.Template.Spec) {
			// One SQLite file on a ReadWriteOnce volume: one writer at a time.
			if d.Spec.Replicas == nil || *d.Spec.Replicas != 1 || d.Spec.Strategy.Type != appsv1.RecreateDeploymentStrategyType {
				fail("Deployment %s: a volume-backed (SQLite) server needs replicas: 1 and strategy Recreate", d.Name)
			}
		}
		for _, s := range m.services {
			if labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(d.Spec.Template.Labels)) {
				for _, port := range s.Spec.Ports {
					if !hasPort(c, port.TargetPort.String()) {
						fail("Service %s: target port %s is not a port of Deployment %s", s.Name, port.TargetPort.String(), d.Name)
					}
				}
			}
		}
	}
	for _, s := range m.services {
		if !m.selectsServer(labels.SelectorFromSet(s.Spec.Selector)) {
			fail("Service %s selects no Deployment's pods", s.Name)
		}
	}
	for _, b := range m.budgets {
		selector, err := metav1.LabelSelectorAsSelector(b.Spec.Selector)
		if err != nil || !m.selectsServer(selector) {
			fail("PodDisruptionBudget %s selects no Deployment's pods", b.Name)
		}
	}
	for _, j := range m.jobs {
		for _, p := range m.pod(&j.Spec.Template.Spec) {
			fail("Job %s: %s", j.Name, p)
		}
		if p := j.Spec.Template.Spec.RestartPolicy; p != corev1.RestartPolicyNever && p != corev1.RestartPolicyOnFailure {
			fail("Job %s: restartPolicy must be Never or OnFailure", j.Name)
		}
	}
	return problems
}

func (m *manifests) selectsServer(s labels.Selector) bool {
	return !s.Empty() && slices.ContainsFunc(m.deployments, func(d *appsv1.Deployment) bool { return s.Matches(labels.Set(d.Spec.Template.Labels)) })
}

// pod checks what every pod of the app must have: a non-root user, resource
// requests, no privilege escalation, and references that resolve.
func (m *manifests) pod(spec *corev1.PodSpec) []string {
	var problems []string
	if spec.SecurityContext == nil || spec.SecurityContext.RunAsNonRoot == nil || !*spec.SecurityContext.RunAsNonRoot {
		problems = append(problems, "the pod must set securityContext.runAsNonRoot: true")
	}
	if len(spec.Containers) == 0 {
		return append(problems, "no container")
	}
	volumes := map[string]bool{}
	for _, v := range spec.Volumes {
		volumes[v.Name] = true
		if v.Secret != nil && !m.secrets[v.Secret.SecretName] {
			problems = append(problems, fmt.Sprintf("volume %s: no Secret %s", v.Name, v.Secret.SecretName))
		}
		if v.PersistentVolumeClaim != nil && m.claims[v.PersistentVolumeClaim.ClaimName] == nil {
			problems = append(problems, fmt.Sprintf("volume %s: no PersistentVolumeClaim %s", v.Name, v.PersistentVolumeClaim.ClaimName))
		}
	}
	for _, c := range spec.Containers {
		if c.Image == "" {
			problems = append(problems, c.Name+": no image")
		}
		if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
			problems = append(problems, c.Name+": set cpu and memory requests and a memory limit")
		}
		if c.SecurityContext == nil || c.SecurityContext.AllowPrivilegeEscalation == nil || *c.SecurityContext.AllowPrivilegeEscalation {
			problems = append(problems, c.Name+": set securityContext.allowPrivilegeEscalation: false")
		}
		for _, vm := range c.VolumeMounts {
			if !volumes[vm.Name] {
				problems = append(problems, fmt.Sprintf("%s: mounts unknown volume %s", c.Name, vm.Name))
			}
		}
		for _, e := range c.EnvFrom {
			if e.ConfigMapRef != nil && !m.configMaps[e.ConfigMapRef.Name] {
				problems = append(problems, fmt.Sprintf("%s: no ConfigMap %s", c.Name, e.ConfigMapRef.Name))
			}
		}
		for _, p := range []*corev1.Probe{c.StartupProbe, c.ReadinessProbe, c.LivenessProbe} {
			if p != nil && p.HTTPGet != nil && !hasPort(c, p.HTTPGet.Port.String()) {
				problems = append(problems, fmt.Sprintf("%s: a probe uses port %s, which the container does not declare", c.Name, p.HTTPGet.Port.String()))
			}
		}
	}
	return problems
}

func (m *manifests) usesClaim(spec *corev1.PodSpec) bool {
	return slices.ContainsFunc(spec.Volumes, func(v corev1.Volume) bool { return v.PersistentVolumeClaim != nil })
}

func hasPort(c corev1.Container, port string) bool {
	return slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool {
		return p.Name == port || fmt.Sprint(p.ContainerPort) == port
	})
}
