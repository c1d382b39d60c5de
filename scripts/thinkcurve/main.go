package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/minesat/minesat/scripts/internal/docgen"
)

func main() {
	log.SetPrefix("thinkcurve: ")
	log.SetFlags(0)
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		log.Fatal(err)
	}
}

// marker is the block the tool writes.
var marker = docgen.Marker{Name: "thinkcurve", Command: "go run ./scripts/thinkcurve -dir DIR -plot docs/think-curve.png -update docs/results.md"}

// options are the tool's flags.
type options struct {
	dir     string // the runs' directory
	refs    string // the directory of reference files; "" for none
	plot    string // the plot's file; "" for none
	update  string // the file whose block to rewrite; "" to print only
	workers int    // record files read at once
}

// run parses args, reads the runs and writes the block and the plot.
func run(args []string, stdout, stderr io.Writer) error {
	var o options
	fs := flag.NewFlagSet("thinkcurve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.dir, "dir", "", "the directory of the runs (required)")
	fs.StringVar(&o.refs, "refs", filepath.Join("testdata", "reference"), "the directory of other players' outcome files to pair with; empty for none")
	fs.StringVar(&o.plot, "plot", "", "draw the curve to this .png or .svg file")
	fs.StringVar(&o.update, "update", "", "rewrite the thinkcurve block of this Markdown file")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "record files read at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.dir == "":
		return errors.New("-dir is required: the directory of the runs")
	case o.workers < 1:
		return errors.New("-workers must be at least 1")
	}
	if err := checkUpdate(o.update); err != nil {
		return err
	}
	runs, unfinished, err := loadRuns(o.dir)
	if err != nil {
		return err
	}
	if len(unfinished) > 0 {
		fmt.Fprintf(stderr, "thinkcurve: not finished, left out: %s\n", strings.Join(unfinished, ", "))
	}
	refs, err := readRefs(o.refs)
	if err != nil {
		return err
	}
	ps, left := pairRuns(runs, refs)
	if len(left) > 0 {
		fmt.Fprintf(stderr, "thinkcurve: left out: %s\n", strings.Join(left, ", "))
	}
	if len(ps) == 0 {
		return fmt.Errorf("%s: no finished think run with a finished default run of its level, rules and seed", o.dir)
	}
	if err := readAll(ps, o.workers); err != nil {
		return err
	}
	st, err := newStamp(o, args, ps)
	if err != nil {
		return err
	}
	var body bytes.Buffer
	writeBlock(&body, st, ps)
	fmt.Fprint(stdout, marker.Print(body.String()))
	if o.plot != "" {
		if err := writePlot(o.plot, ps); err != nil {
			return err
		}
	}
	if o.update != "" {
		if err := marker.Replace(o.update, body.String()); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "thinkcurve: wrote %s\n", o.update)
	}
	return nil
}

// readAll reads the records of every pairing (readPhases), up to workers
// files at once, and returns the error of the first pairing that failed.
func readAll(ps []*pairing, workers int) error {
	errs := make([]error, len(ps))
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i, p := range ps {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			errs[i] = p.readPhases()
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkUpdate checks, before any run is read, that the file to update
// holds the block: nothing if path is "".
func checkUpdate(path string) error {
	if path == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if _, _, _, err := marker.Locate(string(data)); err != nil {
		return fmt.Errorf("%s: %w: the block goes between a line %q and a line %q", path, err, marker.BeginPrefix()+" -->", marker.End())
	}
	return nil
}

// anyDir returns args with -dir's directory written DIR: the runs are
// wherever a reader keeps them, and the block names no path of the
// machine that read them.
func anyDir(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		switch {
		case i > 0 && (args[i-1] == "-dir" || args[i-1] == "--dir"):
			a = "DIR"
		case strings.HasPrefix(a, "-dir=") || strings.HasPrefix(a, "--dir="):
			a = a[:strings.Index(a, "=")+1] + "DIR"
		}
		out[i] = a
	}
	return out
}

// newStamp reads the commit of the runs' binary and dates them by the
// last run used to finish.
func newStamp(o options, args []string, ps []*pairing) (stamp, error) {
	st := stamp{command: strings.Join(append([]string{"go run ./scripts/thinkcurve"}, anyDir(args)...), " ")}
	data, err := os.ReadFile(filepath.Join(o.dir, "commit.txt"))
	switch {
	case err == nil:
		st.commit, _, _ = strings.Cut(strings.TrimSpace(string(data)), "\n")
	case !errors.Is(err, os.ErrNotExist):
		return st, err
	}
	var last time.Time
	seen := map[*runData]bool{}
	for _, p := range ps {
		for _, r := range []*runData{p.think, p.base} {
			if !seen[r] {
				seen[r] = true
				st.runs = append(st.runs, r.command())
				if r.finished.After(last) {
					last = r.finished
				}
			}
		}
	}
	st.date = last.UTC().Format(time.DateOnly)
	if o.plot != "" {
		st.image = o.plot
		if o.update != "" {
			if rel, err := filepath.Rel(filepath.Dir(o.update), o.plot); err == nil {
				st.image = rel
			}
		}
		st.image = filepath.ToSlash(st.image)
	}
	return st, nil
}
