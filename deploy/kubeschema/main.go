// Command kubeschema writes the JSON schemas kubeconform validates drape's Kubernetes
// manifests against, from the Kubernetes API's own OpenAPI document (swagger.json in the
// k8s.io/kubernetes module, which the Go module proxy serves; kubeconform's usual schemas are
// fetched from GitHub, which this project's machines cannot reach).
//
// For each kind the manifests name it writes <kind>-<group>-<version>.json (kubeconform's file
// naming) as a standalone schema: every reference inlined or kept under the file's own
// definitions, objects closed to unknown fields (kubeconform's strict mode), and the API's
// int-or-string and quantity types accepting what YAML writes for them.
//
//	go run ./deploy/kubeschema -swagger …/api/openapi-spec/swagger.json -out DIR manifest.yaml…
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

func main() {
	swagger := flag.String("swagger", "", "the Kubernetes API's swagger.json")
	out := flag.String("out", "", "directory to write the schemas into")
	flag.Parse()
	if err := run(*swagger, *out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "kubeschema:", err)
		os.Exit(1)
	}
}

// gvk is a kind's API group, version and name, as the OpenAPI document tags its definitions.
type gvk struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

func run(swaggerPath, out string, manifests []string) error {
	if swaggerPath == "" || out == "" || len(manifests) == 0 {
		return errors.New("usage: kubeschema -swagger swagger.json -out DIR manifest.yaml…")
	}
	raw, err := os.ReadFile(swaggerPath)
	if err != nil {
		return err
	}
	var doc struct {
		Definitions map[string]map[string]any `json:"definitions"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s: %w", swaggerPath, err)
	}
	wanted, err := kindsIn(manifests)
	if err != nil {
		return err
	}
	byKind := map[gvk]string{}
	for name, def := range doc.Definitions {
		tags, _ := def["x-kubernetes-group-version-kind"].([]any)
		for _, tag := range tags {
			m, _ := tag.(map[string]any)
			g, _ := m["group"].(string)
			v, _ := m["version"].(string)
			k, _ := m["kind"].(string)
			byKind[gvk{g, v, k}] = name
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for kind := range wanted {
		name, ok := byKind[kind]
		if !ok {
			continue // not a Kubernetes API kind (kustomize's own, a CRD): kubeconform says so
		}
		schema := standalone(doc.Definitions, name)
		data, err := json.MarshalIndent(schema, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, fileName(kind)), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// kindsIn answers the apiVersion and kind of every document in the manifest files.
func kindsIn(files []string) (map[gvk]bool, error) {
	kinds := map[gvk]bool{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		dec := yaml.NewDecoder(bytes.NewReader(raw))
		for {
			var head struct {
				APIVersion string `yaml:"apiVersion"`
				Kind       string `yaml:"kind"`
			}
			if err := dec.Decode(&head); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			group, version, found := strings.Cut(head.APIVersion, "/")
			if !found {
				group, version = "", head.APIVersion
			}
			kinds[gvk{group, version, head.Kind}] = true
		}
	}
	return kinds, nil
}

// fileName is kubeconform's default schema file name for kind: deployment-apps-v1.json,
// service-v1.json, poddisruptionbudget-policy-v1.json.
func fileName(k gvk) string {
	suffix := "-" + strings.ToLower(k.Version)
	if k.Group != "" {
		suffix = "-" + strings.ToLower(strings.Split(k.Group, ".")[0]) + suffix
	}
	return strings.ToLower(k.Kind) + suffix + ".json"
}

// standalone answers definition root as a schema file of its own: the definitions it reaches
// copied under its "definitions", references pointed at them.
func standalone(defs map[string]map[string]any, root string) map[string]any {
	reached := map[string]any{}
	var visit func(name string)
	visit = func(name string) {
		if _, done := reached[name]; done {
			return
		}
		reached[name] = nil
		reached[name] = rewrite(defs[name], visit)
	}
	visit(root)
	schema := rewrite(defs[root], func(string) {}).(map[string]any)
	delete(reached, root)
	if len(reached) > 0 {
		schema["definitions"] = reached
	}
	schema["$schema"] = "http://json-schema.org/draft-07/schema#"
	return schema
}

// rewrite copies a schema node: references point into the file's own definitions (and are
// visited), objects with properties refuse unknown fields, and the API's string-typed
// int-or-string and quantity accept the numbers YAML writes for them.
func rewrite(node any, visit func(string)) any {
	switch n := node.(type) {
	case map[string]any:
		if ref, ok := n["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/definitions/")
			switch name {
			case "io.k8s.apimachinery.pkg.util.intstr.IntOrString":
				return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}}
			case "io.k8s.apimachinery.pkg.api.resource.Quantity":
				return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "number"}}}
			}
			visit(name)
			return map[string]any{"$ref": "#/definitions/" + name}
		}
		out := make(map[string]any, len(n)+1)
		for k, v := range n {
			out[k] = rewrite(v, visit)
		}
		if _, has := n["properties"]; has {
			if _, set := n["additionalProperties"]; !set {
				out["additionalProperties"] = false
			}
		}
		return out
	case []any:
		out := make([]any, len(n))
		for i, v := range n {
			out[i] = rewrite(v, visit)
		}
		return out
	default:
		return node
	}
}
