package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestRecipes builds gsbench with the files of CONTRIBUTING.md's Recipes
// section added (a method and its registration, a family, a generator, a
// metric; go build -overlay, so nothing is written into the tree), then
// runs the section's commands with the section's config, as a contributor
// following the recipes would. It proves that a new method is one package
// plus one registration, usable from the CLI and a config.
func TestRecipes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gsbench (about 10 s)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Recipes\n")
	if !ok {
		t.Fatal("CONTRIBUTING.md has no Recipes section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	tmp, work := t.TempDir(), t.TempDir()
	overlay := map[string]string{}
	var commands []string
	for _, b := range fencedBlocks(section) {
		first, _, _ := strings.Cut(b.text, "\n")
		switch {
		case b.lang == "go" && strings.HasPrefix(first, "// file: "):
			rel := strings.TrimPrefix(first, "// file: ")
			if _, err := os.Stat(filepath.Join(root, rel)); err == nil {
				t.Fatalf("the recipe file %s exists in the tree: give the example a new name", rel)
			}
			src := filepath.Join(tmp, strings.ReplaceAll(rel, "/", "_"))
			if err := os.WriteFile(src, []byte(b.text), 0o644); err != nil {
				t.Fatal(err)
			}
			overlay[filepath.Join(root, rel)] = src
		case b.lang == "yaml" && strings.HasPrefix(first, "# file: "):
			if err := os.WriteFile(filepath.Join(work, strings.TrimPrefix(first, "# file: ")), []byte(b.text), 0o644); err != nil {
				t.Fatal(err)
			}
		case b.lang == "sh":
			for _, line := range strings.Split(b.text, "\n") {
				if strings.HasPrefix(line, "gsbench ") {
					commands = append(commands, line)
				}
			}
		}
	}
	if len(overlay) != 5 || len(commands) == 0 {
		t.Fatalf("found %d recipe files and %d commands; want the method, its registration, the family, the generator and the metric, and the commands", len(overlay), len(commands))
	}
	ov, _ := json.Marshal(map[string]any{"Replace": overlay})
	ovPath := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "gsbench")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-overlay", ovPath, "-o", bin, "./cmd/gsbench")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building gsbench with the recipes: %v\n%s", err, out)
	}
	outputs := map[string]string{}
	for _, c := range commands {
		cmd := exec.Command(bin, strings.Fields(strings.TrimPrefix(c, "gsbench "))...)
		cmd.Dir = work
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
		outputs[c] = string(out)
	}
	// What each recipe added shows.
	all := strings.Join(func() []string {
		var s []string
		for _, c := range commands {
			s = append(s, outputs[c])
		}
		return s
	}(), "\n")
	for _, want := range []string{"chain:1", "method maxvar on noisy-copies", "method gfs on noisy-copies", "recipe: 12 cells: 12 computed"} {
		if !strings.Contains(all, want) {
			t.Errorf("the commands' output lacks %q:\n%s", want, all)
		}
	}
	readme, err := os.ReadFile(filepath.Join(work, "results", "recipe", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// maxvar keeps 2 of 4 and of 6 columns; GFS with the chain family finds
	// the independent half.
	for _, want := range []string{"Columns kept (%)", "| maxvar | 50 | 33 |", "| GFS chain | 50 | 50 |"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("results/recipe/README.md lacks %q:\n%s", want, readme)
		}
	}
}

type fencedBlock struct{ lang, text string }

// fencedBlocks returns the ``` blocks of a Markdown text with their
// language.
func fencedBlocks(md string) []fencedBlock {
	var out []fencedBlock
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		lang, ok := strings.CutPrefix(lines[i], "```")
		if !ok || lang == "" {
			continue
		}
		var body []string
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			body = append(body, lines[i])
		}
		out = append(out, fencedBlock{lang, strings.Join(body, "\n") + "\n"})
	}
	return out
}
