package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites golden files instead of comparing with them:
// go test ./cmd/minesat -update. Every golden test in this package uses it
// through checkGolden.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// checkGolden compares got with the file testdata/name, or rewrites the file
// under -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// result is what one run of the command line produced.
type result struct {
	out, err string // stdout and stderr
	code     int    // the exit code main would use
}

// runCmd runs the command line args as main would, with stdin as standard
// input, no terminal, and the environment env (nil for an empty one). Files
// named on the command line are opened from the real file system.
func runCmd(t *testing.T, stdin string, env map[string]string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	in := strings.NewReader(stdin)
	s := &stdio{
		in: in, out: &out, err: &errb,
		getenv: func(k string) string { return env[k] },
		openInput: func(name string) (io.ReadCloser, error) {
			if name == "-" {
				return io.NopCloser(in), nil
			}
			return os.Open(name)
		},
	}
	err := run(context.Background(), args, s)
	if err != nil && err.Error() != "" {
		fmt.Fprintf(&errb, "minesat: %v\n", err) // as main logs it
	}
	return result{out.String(), errb.String(), exitCode(err)}
}

func TestDispatch(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  []string // substrings of stdout
		stderr  []string // substrings of stderr
		noStdou bool     // stdout must be empty
	}{
		{name: "no args", args: nil, code: 2,
			stderr: []string{"Usage: minesat <command>", "minesat: no command given"}, noStdou: true},
		{name: "help", args: []string{"help"}, code: 0,
			stdout: []string{"Usage: minesat <command>", "gen ", "cnf ", "solve ", "Exit codes: 0 success"}},
		{name: "-h", args: []string{"-h"}, code: 0, stdout: []string{"Usage: minesat <command>"}},
		{name: "--help", args: []string{"--help"}, code: 0, stdout: []string{"Commands:"}},
		{name: "unknown command", args: []string{"frobnicate"}, code: 2,
			stderr: []string{"Commands:", `minesat: unknown command "frobnicate"`}, noStdou: true},
		{name: "help unknown", args: []string{"help", "frobnicate"}, code: 2,
			stderr: []string{"minesat: help frobnicate: unknown command"}, noStdou: true},
		{name: "help gen", args: []string{"help", "gen"}, code: 0,
			stdout: []string{"Usage: minesat gen", "-rows", "-seed"}},
		{name: "gen -h", args: []string{"gen", "-h"}, code: 0,
			stdout: []string{"Usage: minesat gen", "-reveal", "-hints"}},
		{name: "gen --help", args: []string{"gen", "--help", "--rows", "x"}, code: 0,
			stdout: []string{"Usage: minesat gen"}},
		{name: "gen bad flag", args: []string{"gen", "--bogus"}, code: 2,
			stderr: []string{"minesat: gen: unknown flag --bogus (see 'minesat gen -h')\n"}, noStdou: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, "", nil, tc.args...)
			if r.code != tc.code {
				t.Errorf("exit code %d; want %d\nstderr: %s", r.code, tc.code, r.err)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(r.out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.out)
				}
			}
			for _, s := range tc.stderr {
				if !strings.Contains(r.err, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.err)
				}
			}
			if tc.noStdou && r.out != "" {
				t.Errorf("stdout is %q; want nothing", r.out)
			}
		})
	}
}

// TestHelpEveryCommand checks that every command answers -h with its usage
// on stdout and exit 0, and that help lists it.
func TestHelpEveryCommand(t *testing.T) {
	help := runCmd(t, "", nil, "help")
	for name, c := range commands {
		t.Run(name, func(t *testing.T) {
			if !strings.Contains(help.out, "  "+name+" ") || !strings.Contains(help.out, c.summary) {
				t.Errorf("help does not list %s (%q):\n%s", name, c.summary, help.out)
			}
			for _, p := range helpProblems(name, runCmd(t, "", nil, name, "-h")) {
				t.Error(p)
			}
		})
	}
}

// helpProblems returns what is wrong with r, the result of 'minesat name -h'.
func helpProblems(name string, r result) []string {
	var problems []string
	for _, s := range []string{"not implemented", "placeholder", "TODO"} {
		if strings.Contains(r.out+r.err, s) {
			problems = append(problems, fmt.Sprintf("%s -h says %q: a command is finished before it is listed", name, s))
		}
	}
	if r.code != 0 || !strings.Contains(r.out, "Usage: minesat "+name) || r.err != "" {
		problems = append(problems, fmt.Sprintf("%s -h: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout only", name, r.code, r.out, r.err))
	}
	if !strings.Contains(r.out, "\nExit status: 0 ") {
		problems = append(problems, fmt.Sprintf("%s -h does not give its exit codes:\n%s", name, r.out))
	}
	return problems
}

// TestHelpProblems checks that helpProblems fails a placeholder, which
// TestHelpEveryCommand once skipped.
func TestHelpProblems(t *testing.T) {
	good := result{out: "Usage: minesat x [flags]\n\nX does x.\n\nExit status: 0 always.\n"}
	if p := helpProblems("x", good); len(p) != 0 {
		t.Errorf("a finished help text: %v; want no problem", p)
	}
	for _, r := range []result{
		{out: good.out, err: "minesat: x: not implemented yet\n", code: 2},
		{out: strings.Replace(good.out, "X does x.", "X is still a placeholder.", 1)},
		{out: strings.Replace(good.out, "Exit status: 0 always.\n", "", 1)},
	} {
		if p := helpProblems("x", r); len(p) == 0 {
			t.Errorf("%+v passes; want a problem", r)
		}
	}
}

// TestPackageDoc checks that the package doc, the command's manual for go
// doc, lists exactly the commands help lists, with the same summaries.
func TestPackageDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(f.Doc.Text(), "The commands are:\n\n")
	if !ok {
		t.Fatalf("the package doc has no \"The commands are:\" list")
	}
	listed := map[string]string{}
	for _, line := range strings.Split(list, "\n") {
		if !strings.HasPrefix(line, "\t") {
			break
		}
		if name, summary, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			listed[name] = strings.TrimSpace(summary)
		}
	}
	for name, c := range commands {
		if listed[name] != c.summary {
			t.Errorf("package doc lists %s as %q; want %q", name, listed[name], c.summary)
		}
	}
	if len(listed) != len(commands) {
		t.Errorf("package doc lists %d commands %v; there are %d", len(listed), listed, len(commands))
	}
}

// TestEveryPackageHasDoc checks that every package of the module has a
// doc.go holding its package comment, and no other file a second one.
func TestEveryPackageHasDoc(t *testing.T) {
	root := filepath.Join("..", "..")
	dirs := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			dirs[filepath.Dir(path)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		var docs []string
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.PackageClauseOnly)
			if err != nil {
				t.Fatal(err)
			}
			if f.Doc != nil {
				docs = append(docs, filepath.Base(file))
			}
		}
		if len(docs) != 1 || docs[0] != "doc.go" {
			t.Errorf("%s: package comments in %v; want one, in doc.go", dir, docs)
		}
	}
	if len(dirs) < 5 {
		t.Errorf("found only %d packages under %s", len(dirs), root)
	}
}

// TestUsageLine checks the first line of a command's usage, with and without
// positional arguments.
func TestUsageLine(t *testing.T) {
	for cmd, want := range map[string]string{"gen": "Usage: minesat gen [flags]\n", "cnf": "Usage: minesat cnf [flags] FILE|-\n"} {
		r := runCmd(t, "", nil, cmd, "-h")
		if first, _, _ := strings.Cut(r.out, "\n"); first+"\n" != want {
			t.Errorf("%s -h starts %q; want %q", cmd, first+"\n", want)
		}
	}
}

func TestExitCode(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, 0},
		{"no solution", errNoSolution, 1},
		{"usage", usageErrorf("bad %s", "flag"), 2},
		{"budget", budgetError(errors.New("out of time")), 3},
		{"wrapped usage", fmt.Errorf("outer: %w", usageErrorf("inner")), 2},
		{"wrapped no solution", fmt.Errorf("x: %w", errNoSolution), 1},
		{"deadline", fmt.Errorf("solve: %w", context.DeadlineExceeded), 3},
		{"plain error", errors.New("read failed"), 2},
		{"explicit 1", &exitError{code: exitNoSolution, err: errors.New("lost")}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := exitCode(tc.err); got != tc.want {
				t.Errorf("exitCode(%v) = %d; want %d", tc.err, got, tc.want)
			}
		})
	}
}

func TestExitErrorMessage(t *testing.T) {
	if got := errNoSolution.Error(); got != "" {
		t.Errorf("errNoSolution.Error() = %q; want empty, so main prints nothing", got)
	}
	err := usageErrorf("gen: %d mines", 3)
	if got := err.Error(); got != "gen: 3 mines" {
		t.Errorf("usageErrorf message %q; want %q", got, "gen: 3 mines")
	}
	inner := errors.New("inner")
	if !errors.Is(budgetError(inner), inner) {
		t.Errorf("budgetError does not wrap its error")
	}
}
