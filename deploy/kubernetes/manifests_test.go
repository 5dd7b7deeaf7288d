// Package kubernetes holds the manifests that run sudokubot as a
// Kubernetes StatefulSet, one Discord shard per pod; its test checks their
// syntax and that they fit together and with the bot.
package kubernetes

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestManifests parses every manifest (a small YAML parser below: the
// module has no YAML library) and checks what the bot relies on: the
// StatefulSet's Service, SHARD_COUNT equal to replicas with SHARD_ID left
// to the hostname, the token from a Secret file, /healthz probes and the
// Prometheus annotations on the metrics port, resources, the image's user,
// and a PodDisruptionBudget over the same pods.
func TestManifests(t *testing.T) {
	docs := map[string]map[string]any{} // by kind
	files, err := filepath.Glob("*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	var kust map[string]any
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := parseYAML(string(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, d := range ds {
			m, ok := d.(map[string]any)
			if !ok {
				t.Fatalf("%s: a document is not a mapping", f)
			}
			kind := str(m, "kind")
			if str(m, "apiVersion") == "" || kind == "" {
				t.Errorf("%s: a document without apiVersion or kind", f)
			}
			if kind == "Kustomization" {
				kust = m
				continue
			}
			if str(m, "metadata", "name") == "" {
				t.Errorf("%s: %s without metadata.name", f, kind)
			}
			if docs[kind] != nil {
				t.Errorf("%s: a second %s", f, kind)
			}
			docs[kind] = m
		}
	}

	// The kustomization lists every other manifest.
	if kust == nil {
		t.Fatal("no kustomization.yaml")
	}
	listed := strs(kust, "resources")
	for _, f := range files {
		if f != "kustomization.yaml" && !slices.Contains(listed, f) {
			t.Errorf("kustomization.yaml does not list %s", f)
		}
	}
	for _, r := range listed {
		if !slices.Contains(files, r) {
			t.Errorf("kustomization.yaml lists %s, which is not here", r)
		}
	}

	sts, svc, pdb := docs["StatefulSet"], docs["Service"], docs["PodDisruptionBudget"]
	if sts == nil || svc == nil || pdb == nil {
		t.Fatalf("want a StatefulSet, a Service and a PodDisruptionBudget, have %v", slices.Sorted(maps.Keys(docs)))
	}
	labels := get(sts, "spec", "template", "metadata", "labels")
	matches := func(what string, sel any) {
		m, _ := sel.(map[string]any)
		if len(m) == 0 {
			t.Errorf("%s: no selector", what)
		}
		for k, v := range m {
			if get(labels, k) != v {
				t.Errorf("%s: selector %s=%v does not match the pods' labels %v", what, k, v, labels)
			}
		}
	}
	matches("StatefulSet", get(sts, "spec", "selector", "matchLabels"))
	matches("Service", get(svc, "spec", "selector"))
	matches("PodDisruptionBudget", get(pdb, "spec", "selector", "matchLabels"))
	if str(sts, "spec", "serviceName") != str(svc, "metadata", "name") || str(svc, "spec", "clusterIP") != "None" {
		t.Error("the StatefulSet's serviceName is not the headless Service")
	}
	if str(pdb, "spec", "maxUnavailable") != "1" {
		t.Errorf("PodDisruptionBudget maxUnavailable %q, want 1 (one shard down at a time)", str(pdb, "spec", "maxUnavailable"))
	}

	pod := get(sts, "spec", "template", "spec")
	containers := list(pod, "containers")
	if len(containers) != 1 {
		t.Fatalf("want one container, have %d", len(containers))
	}
	c := containers[0]
	env := map[string]string{}
	for _, e := range list(c, "env") {
		env[str(e, "name")] = str(e, "value")
		if get(e, "valueFrom") != nil && str(e, "name") == "DISCORD_TOKEN" {
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
	if env["SHARD_COUNT"] == "" || env["SHARD_COUNT"] != str(sts, "spec", "replicas") {
		t.Errorf("SHARD_COUNT %q, replicas %q: want them equal", env["SHARD_COUNT"], str(sts, "spec", "replicas"))
	}
	if _, ok := env["SHARD_ID"]; ok {
		t.Error("SHARD_ID is set: every pod would be the same shard; the bot takes it from the pod's hostname")
	}
	if str(pod, "hostname") != "" {
		t.Error("the pods' hostname is set: the bot takes its shard from the StatefulSet's pod name")
	}

	// The token from a Secret mounted as a file.
	if _, ok := env["DISCORD_TOKEN"]; ok {
		t.Error("DISCORD_TOKEN in the manifest: use the Secret file")
	}
	tokenFile := env["DISCORD_TOKEN_FILE"]
	secretVolume := ""
	for _, v := range list(pod, "volumes") {
		if str(v, "secret", "secretName") != "" {
			secretVolume = str(v, "name")
		}
	}
	mounted := false
	for _, m := range list(c, "volumeMounts") {
		if str(m, "name") == secretVolume && filepath.Dir(tokenFile) == str(m, "mountPath") && str(m, "readOnly") == "true" {
			mounted = true
		}
	}
	if secretVolume == "" || !mounted {
		t.Errorf("DISCORD_TOKEN_FILE %q is not in a Secret volume mounted read-only", tokenFile)
	}

	// Metrics and health on one port, scraped by Prometheus.
	_, port, _ := strings.Cut(env["METRICS_ADDR"], ":")
	portName := ""
	for _, p := range list(c, "ports") {
		if str(p, "containerPort") == port {
			portName = str(p, "name")
		}
	}
	if port == "" || portName == "" {
		t.Fatalf("METRICS_ADDR %q is not a container port", env["METRICS_ADDR"])
	}
	ann := get(sts, "spec", "template", "metadata", "annotations")
	if str(ann, "prometheus.io/scrape") != "true" || str(ann, "prometheus.io/port") != port || str(ann, "prometheus.io/path") != "/metrics" {
		t.Errorf("Prometheus annotations %v, want scrape true, port %s, path /metrics", ann, port)
	}
	for _, probe := range []string{"startupProbe", "readinessProbe", "livenessProbe"} {
		if str(c, probe, "httpGet", "path") != "/healthz" || (str(c, probe, "httpGet", "port") != portName && str(c, probe, "httpGet", "port") != port) {
			t.Errorf("%s does not ask /healthz on the metrics port", probe)
		}
	}
	if !slices.Contains(listedPorts(svc), port) {
		t.Errorf("the Service does not expose the metrics port %s", port)
	}

	// Resources: requests and limits, limits not below requests.
	for _, r := range []string{"cpu", "memory"} {
		req, lim := quantity(t, str(c, "resources", "requests", r)), quantity(t, str(c, "resources", "limits", r))
		if req <= 0 || lim < req {
			t.Errorf("resources %s: request %v, limit %v", r, req, lim)
		}
	}

	// The image's unprivileged user.
	dockerfile, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	user := regexp.MustCompile(`(?m)^USER (\d+):(\d+)$`).FindStringSubmatch(string(dockerfile))
	sc := get(pod, "securityContext")
	if user == nil || str(sc, "runAsUser") != user[1] || str(sc, "runAsGroup") != user[2] || str(sc, "runAsNonRoot") != "true" {
		t.Errorf("pod securityContext %v does not match the Dockerfile's USER %v", sc, user)
	}
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

// TestParseYAML checks the small parser on the forms the manifests use and
// on mistakes it must refuse.
func TestParseYAML(t *testing.T) {
	docs, err := parseYAML(`# comment
a: 1
b:
  c: "x: y" # a comment
  d: ['p', "q"]
e:
- f: 2
  g:
    - h
-   i: 3
---
k: {}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := `[map[a:1 b:map[c:x: y d:[p q]] e:[map[f:2 g:[h]] map[i:3]]] map[k:map[]]]`
	if got := fmt.Sprint(docs); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, bad := range []string{"a: 1\n\tb: 2\n", "a: 1\na: 2\n", "a:\n    b: 1\n  c: 2\n", "a 1\n", "a: [1, 2\n", "a: |\n  x\n"} {
		if _, err := parseYAML(bad); err == nil {
			t.Errorf("parseYAML(%q): no error", bad)
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

func listedPorts(svc map[string]any) []string {
	var ports []string
	for _, p := range list(svc, "spec", "ports") {
		ports = append(ports, str(p, "port"))
	}
	return ports
}

// quantity reads a Kubernetes quantity like "500m", "2", "192Mi" or "1Gi".
func quantity(t *testing.T, q string) float64 {
	t.Helper()
	mult := 1.0
	for _, s := range []struct {
		suffix string
		mult   float64
	}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"m", 1e-3}} {
		if strings.HasSuffix(q, s.suffix) {
			q, mult = strings.TrimSuffix(q, s.suffix), s.mult
			break
		}
	}
	v, err := strconv.ParseFloat(q, 64)
	if err != nil {
		t.Errorf("quantity %q: %v", q, err)
	}
	return v * mult
}

// get follows keys through nested mappings; nil when one is missing.
func get(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// str is get as a string ("" when missing).
func str(v any, keys ...string) string {
	s, _ := get(v, keys...).(string)
	return s
}

// list is get as a sequence of mappings (other items are left out).
func list(v any, keys ...string) []map[string]any {
	var out []map[string]any
	s, _ := get(v, keys...).([]any)
	for _, e := range s {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// strs is get as a sequence of strings (other items are left out).
func strs(v any, keys ...string) []string {
	var out []string
	s, _ := get(v, keys...).([]any)
	for _, e := range s {
		if x, ok := e.(string); ok {
			out = append(out, x)
		}
	}
	return out
}
