package kubernetes

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// kustomization is the part of kustomize's Kustomization (the
// kustomize.config.k8s.io/v1beta1 kind) that kustomization.yaml uses,
// with kustomize's field names. A field of kustomize's that is not here
// fails the strict decoding: add it here when the manifests start using it.
type kustomization struct {
	metav1.TypeMeta `json:",inline"`
	Labels          []kustomizeLabel `json:"labels,omitempty"`
	Resources       []string         `json:"resources,omitempty"`
	Images          []kustomizeImage `json:"images,omitempty"`
}

// kustomizeLabel is one entry of a Kustomization's labels.
type kustomizeLabel struct {
	Pairs            map[string]string `json:"pairs,omitempty"`
	IncludeSelectors bool              `json:"includeSelectors,omitempty"`
	IncludeTemplates bool              `json:"includeTemplates,omitempty"`
	Fields           []map[string]any  `json:"fields,omitempty"`
}

// kustomizeImage is one entry of a Kustomization's images.
type kustomizeImage struct {
	Name    string `json:"name,omitempty"`
	NewName string `json:"newName,omitempty"`
	NewTag  string `json:"newTag,omitempty"`
	Digest  string `json:"digest,omitempty"`
}

// kinds gives, for each apiVersion and kind the manifests use, a new value
// of the Go type its documents decode into.
var kinds = map[metav1.TypeMeta]func() any{
	{APIVersion: "apps/v1", Kind: "StatefulSet"}:                           func() any { return new(appsv1.StatefulSet) },
	{APIVersion: "v1", Kind: "Service"}:                                    func() any { return new(corev1.Service) },
	{APIVersion: "policy/v1", Kind: "PodDisruptionBudget"}:                 func() any { return new(policyv1.PodDisruptionBudget) },
	{APIVersion: "kustomize.config.k8s.io/v1beta1", Kind: "Kustomization"}: func() any { return new(kustomization) },
}

// decodeManifests decodes every YAML document of a manifest file into the
// Kubernetes API type of its apiVersion and kind, strictly, as the API
// server's strict field validation does: YAML that does not parse, a key
// given twice, a field the type does not have (also one spelt in another
// case) or a value of the wrong type is an error naming the document, and
// so is a kind the manifests are not meant to hold.
func decodeManifests(src []byte) ([]any, error) {
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(src)))
	var objs []any
	for n := 1; ; n++ {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return objs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", n, err)
		}
		obj, err := decodeDocument(doc)
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", n, err)
		}
		if obj != nil {
			objs = append(objs, obj)
		}
	}
}

// decodeDocument decodes one YAML document (nil for one holding only
// comments) into the type of its apiVersion and kind.
func decodeDocument(doc []byte) (any, error) {
	js, err := yaml.YAMLToJSONStrict(doc)
	if err != nil {
		return nil, err
	}
	if string(bytes.TrimSpace(js)) == "null" {
		return nil, nil
	}
	var tm metav1.TypeMeta
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(js, &tm); err != nil {
		return nil, fmt.Errorf("not a Kubernetes object: %w", err)
	}
	newObj, ok := kinds[tm]
	if !ok {
		var known []string
		for k := range kinds {
			known = append(known, k.APIVersion+" "+k.Kind)
		}
		slices.Sort(known)
		return nil, fmt.Errorf("apiVersion %q kind %q is none of the kinds the manifests use (%s)", tm.APIVersion, tm.Kind, strings.Join(known, ", "))
	}
	obj := newObj()
	strict, err := sigsjson.UnmarshalStrict(js, obj)
	if err == nil {
		err = errors.Join(strict...)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tm.Kind, err)
	}
	return obj, nil
}

// TestDecodeManifests checks that the strict decoding takes the forms the
// manifests use and refuses the mistakes a hand edit makes.
func TestDecodeManifests(t *testing.T) {
	objs, err := decodeManifests([]byte(`# comment
apiVersion: v1
kind: Service
metadata:
  name: a # a comment
spec:
  clusterIP: None
  ports: [{port: 9090}]
---
# only a comment
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: b}
spec:
  maxUnavailable: 1
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) != 2 {
		t.Fatalf("got %d objects, want 2", len(objs))
	}
	svc, ok := objs[0].(*corev1.Service)
	if !ok || svc.Name != "a" || svc.Spec.ClusterIP != "None" || len(svc.Spec.Ports) != 1 || svc.Spec.Ports[0].Port != 9090 {
		t.Errorf("first object %#v", objs[0])
	}
	pdb, ok := objs[1].(*policyv1.PodDisruptionBudget)
	if !ok || pdb.Name != "b" || pdb.Spec.MaxUnavailable == nil || pdb.Spec.MaxUnavailable.IntValue() != 1 {
		t.Errorf("second object %#v", objs[1])
	}

	const head = "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n"
	for _, tc := range []struct{ name, src, msg string }{
		{"unknown field", head + "spec:\n  clusterIp: None\n", `unknown field "spec.clusterIp"`},
		{"field in another case", head + "Spec:\n  clusterIP: None\n", `unknown field "Spec"`},
		{"key given twice", head + "spec:\n  clusterIP: None\n  clusterIP: x\n", "already set in map"},
		{"wrong type", head + "spec:\n  ports:\n    - port: ninety\n", "spec.ports.port of type int32"},
		{"tab", head + "spec:\n\tclusterIP: None\n", "line 6: found character that cannot start any token"},
		{"unknown kind", "apiVersion: v1\nkind: Servise\n", `kind "Servise"`},
		{"wrong apiVersion", "apiVersion: apps/v1\nkind: Service\n", `apiVersion "apps/v1"`},
		{"not an object", "- a\n- b\n", "not a Kubernetes object"},
		{"unknown kustomize field", "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresource:\n  - a.yaml\n", `unknown field "resource"`},
	} {
		_, err := decodeManifests([]byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: got %v, want an error saying %q", tc.name, err, tc.msg)
		}
	}
}
