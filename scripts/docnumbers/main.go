package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
)

func main() {
	log.SetPrefix("docnumbers: ")
	log.SetFlags(0)
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		log.Fatal(err)
	}
}

// options are the generator's flags.
type options struct {
	update  bool   // rewrite the docs' blocks instead of printing them
	tiny    bool   // a few games a line: a check that the generator runs
	only    string // "winrates", "speed", or "" for both
	root    string // the module's root directory: built, stamped, its testdata read
	docs    string // the directory of results.md and speed.md; "" for root/docs
	minesat string // a minesat binary to run; "" builds one from root
	workers int    // workers of the win-rate runs
	rounds  int    // rounds of the speed runs
}

// run parses args, measures and writes the blocks.
func run(args []string, stdout, stderr io.Writer) error {
	var o options
	fs := flag.NewFlagSet("docnumbers", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&o.update, "update", false, "rewrite the marked blocks of docs/results.md and docs/speed.md")
	fs.BoolVar(&o.tiny, "tiny", false, "play a few games a line: a check that the generator runs, not figures to quote")
	fs.StringVar(&o.only, "only", "", "measure only winrates or speed")
	fs.StringVar(&o.root, "root", "", "the module's root directory (default: found from the working directory)")
	fs.StringVar(&o.docs, "docs", "", "the directory of results.md and speed.md (default: docs under the root)")
	fs.StringVar(&o.minesat, "minesat", "", "run this minesat binary instead of building one")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "workers of the win-rate runs (their results are the same for any number)")
	fs.IntVar(&o.rounds, "rounds", 3, "rounds of the speed runs (the table gives the median)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	todo, err := selectParts(o.only)
	if err != nil {
		return err
	}
	if o.workers < 1 || o.rounds < 1 {
		return fmt.Errorf("-workers and -rounds must be at least 1")
	}
	if o.root == "" {
		if o.root, err = moduleRoot(); err != nil {
			return err
		}
	}
	if o.docs == "" {
		o.docs = filepath.Join(o.root, "docs")
	}
	st, err := newStamp(o.root)
	if err != nil {
		return err
	}
	if o.minesat == "" {
		dir, err := os.MkdirTemp("", "docnumbers")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if o.minesat, err = build(o.root, dir); err != nil {
			return err
		}
	}
	for _, p := range todo {
		block, err := p.measure(o, st, stderr)
		if err != nil {
			return err
		}
		if !o.update {
			fmt.Fprintf(stdout, "%s\n", p.Print(block))
			continue
		}
		if err := p.Replace(filepath.Join(o.docs, p.file), block); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "docnumbers: wrote %s\n", filepath.Join(o.docs, p.file))
	}
	return nil
}
