// Package kubernetes holds the manifests that run sudokubot as a
// Kubernetes StatefulSet, one Discord shard per pod; its tests decode them
// strictly into the Kubernetes API types and check that they fit together
// and with the bot.
package kubernetes

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// TestManifests decodes every manifest strictly into its Kubernetes API
// type (yaml_test.go) and checks what the bot relies on: the StatefulSet's
// Service, SHARD_COUNT equal to replicas with SHARD_ID left to the
// hostname, the token from a Secret file, /healthz probes and the
// Prometheus annotations on the metrics port, resources, the image's user,
// and a PodDisruptionBudget over the same pods.
func TestManifests(t *testing.T) {
	files, err := filepath.Glob("*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	var (
		sts  *appsv1.StatefulSet
		svc  *corev1.Service
		pdb  *policyv1.PodDisruptionBudget
		kust *kustomization
	)
	kinds := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		objs, err := decodeManifests(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, obj := range objs {
			var kind, name string
			switch o := obj.(type) {
			case *kustomization:
				kust = o
				continue
			case *appsv1.StatefulSet:
				sts, kind, name = o, "StatefulSet", o.Name
			case *corev1.Service:
				svc, kind, name = o, "Service", o.Name
			case *policyv1.PodDisruptionBudget:
				pdb, kind, name = o, "PodDisruptionBudget", o.Name
			}
			if name == "" {
				t.Errorf("%s: %s without metadata.name", f, kind)
			}
			if kinds[kind] {
				t.Errorf("%s: a second %s", f, kind)
			}
			kinds[kind] = true
		}
	}

	// The kustomization lists every other manifest.
	if kust == nil {
		t.Fatal("no kustomization.yaml")
	}
	for _, f := range files {
		if f != "kustomization.yaml" && !slices.Contains(kust.Resources, f) {
			t.Errorf("kustomization.yaml does not list %s", f)
		}
	}
	for _, r := range kust.Resources {
		if !slices.Contains(files, r) {
			t.Errorf("kustomization.yaml lists %s, which is not here", r)
		}
	}

	if sts == nil || svc == nil || pdb == nil {
		t.Fatalf("want a StatefulSet, a Service and a PodDisruptionBudget, have %v", slices.Sorted(maps.Keys(kinds)))
	}
	labels := sts.Spec.Template.Labels
	matches := func(what string, sel map[string]string) {
		if len(sel) == 0 {
			t.Errorf("%s: no selector", what)
		}
		for k, v := range sel {
			if labels[k] != v {
				t.Errorf("%s: selector %s=%v does not match the pods' labels %v", what, k, v, labels)
			}
		}
	}
	if sts.Spec.Selector == nil || pdb.Spec.Selector == nil {
		t.Fatal("the StatefulSet or the PodDisruptionBudget has no selector")
	}
	matches("StatefulSet", sts.Spec.Selector.MatchLabels)
	matches("Service", svc.Spec.Selector)
	matches("PodDisruptionBudget", pdb.Spec.Selector.MatchLabels)
	if sts.Spec.ServiceName != svc.Name || svc.Spec.ClusterIP != "None" {
		t.Error("the StatefulSet's serviceName is not the headless Service")
	}
	if m := pdb.Spec.MaxUnavailable; m == nil || *m != intstr.FromInt32(1) {
		t.Errorf("PodDisruptionBudget maxUnavailable %v, want 1 (one shard down at a time)", m)
	}

	pod := sts.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("want one container, have %d", len(pod.Containers))
	}
	c := pod.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
		if e.ValueFrom != nil && e.Name == "DISCORD_TOKEN" {
			t.Error("the token must come from a file (DISCORD_TOKEN_FILE), not an environment variable")
		}
	}
	known := settingsOfTheBot(t)
	for name := range env {
		if !known[name] {
			t.Errorf("env %s is not a setting of the bot", name)
		}
	}

	// One shard per pod.
	replicas := ""
	if sts.Spec.Replicas != nil {
		replicas = strconv.Itoa(int(*sts.Spec.Replicas))
	}
	if env["SHARD_COUNT"] == "" || env["SHARD_COUNT"] != replicas {
		t.Errorf("SHARD_COUNT %q, replicas %q: want them equal", env["SHARD_COUNT"], replicas)
	}
	if _, ok := env["SHARD_ID"]; ok {
		t.Error("SHARD_ID is set: every pod would be the same shard; the bot takes it from the pod's hostname")
	}
	if pod.Hostname != "" {
		t.Error("the pods' hostname is set: the bot takes its shard from the StatefulSet's pod name")
	}

	// The token from a Secret mounted as a file.
	if _, ok := env["DISCORD_TOKEN"]; ok {
		t.Error("DISCORD_TOKEN in the manifest: use the Secret file")
	}
	tokenFile := env["DISCORD_TOKEN_FILE"]
	secretVolume := ""
	for _, v := range pod.Volumes {
		if v.Secret != nil && v.Secret.SecretName != "" {
			secretVolume = v.Name
		}
	}
	mounted := false
	for _, m := range c.VolumeMounts {
		if m.Name == secretVolume && filepath.Dir(tokenFile) == m.MountPath && m.ReadOnly {
			mounted = true
		}
	}
	if secretVolume == "" || !mounted {
		t.Errorf("DISCORD_TOKEN_FILE %q is not in a Secret volume mounted read-only", tokenFile)
	}

	// Metrics and health on one port, scraped by Prometheus.
	_, port, _ := strings.Cut(env["METRICS_ADDR"], ":")
	portName := ""
	for _, p := range c.Ports {
		if strconv.Itoa(int(p.ContainerPort)) == port {
			portName = p.Name
		}
	}
	if port == "" || portName == "" {
		t.Fatalf("METRICS_ADDR %q is not a container port", env["METRICS_ADDR"])
	}
	ann := sts.Spec.Template.Annotations
	if ann["prometheus.io/scrape"] != "true" || ann["prometheus.io/port"] != port || ann["prometheus.io/path"] != "/metrics" {
		t.Errorf("Prometheus annotations %v, want scrape true, port %s, path /metrics", ann, port)
	}
	for name, probe := range map[string]*corev1.Probe{"startupProbe": c.StartupProbe, "readinessProbe": c.ReadinessProbe, "livenessProbe": c.LivenessProbe} {
		if probe == nil || probe.HTTPGet == nil || probe.HTTPGet.Path != "/healthz" ||
			(probe.HTTPGet.Port.String() != portName && probe.HTTPGet.Port.String() != port) {
			t.Errorf("%s does not ask /healthz on the metrics port", name)
		}
	}
	if !slices.ContainsFunc(svc.Spec.Ports, func(p corev1.ServicePort) bool { return strconv.Itoa(int(p.Port)) == port }) {
		t.Errorf("the Service does not expose the metrics port %s", port)
	}

	// Resources: requests and limits, limits not below requests.
	for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		req, okReq := c.Resources.Requests[r]
		lim, okLim := c.Resources.Limits[r]
		if !okReq || !okLim || req.Sign() <= 0 || lim.Cmp(req) < 0 {
			t.Errorf("resources %s: request %v, limit %v", r, req.String(), lim.String())
		}
	}

	// The image's unprivileged user.
	dockerfile, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	user := regexp.MustCompile(`(?m)^USER (\d+):(\d+)$`).FindStringSubmatch(string(dockerfile))
	sc := pod.SecurityContext
	if user == nil {
		t.Fatal("the Dockerfile has no USER uid:gid line")
	}
	if sc == nil || !equalID(sc.RunAsUser, user[1]) || !equalID(sc.RunAsGroup, user[2]) || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot {
		t.Errorf("the pod's securityContext does not run as the Dockerfile's USER %s:%s with runAsNonRoot true", user[1], user[2])
	}
}

// equalID reports whether a user or group id of a security context is set
// and is the number written id.
func equalID(v *int64, id string) bool {
	return v != nil && strconv.FormatInt(*v, 10) == id
}

// TestKustomize builds the manifests with kubectl's kustomize, offline,
// when kubectl is installed.
func TestKustomize(t *testing.T) {
	if _, err := exec.LookPath("kubectl"); err != nil {
		t.Skip("kubectl is not installed")
	}
	out, err := exec.Command("kubectl", "kustomize", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("kubectl kustomize: %v\n%s", err, out)
	}
	for _, want := range []string{"kind: StatefulSet", "kind: Service", "kind: PodDisruptionBudget", "image: registry.example.com/sudokubot:"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("kubectl kustomize: no %q in\n%s", want, out)
		}
	}
}

// settingsOfTheBot returns the environment variables the bot reads, from
// config/config.go.
func settingsOfTheBot(t *testing.T) map[string]bool {
	b, err := os.ReadFile(filepath.Join("..", "..", "config", "config.go"))
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, m := range regexp.MustCompile(`\{env: "([A-Z_]+)"`).FindAllStringSubmatch(string(b), -1) {
		known[m[1]] = true
	}
	if !known["SHARD_COUNT"] {
		t.Fatal("no settings found in config/config.go")
	}
	return known
}
