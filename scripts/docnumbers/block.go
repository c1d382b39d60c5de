package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/minesat/minesat/scripts/internal/docgen"
)

// command is how the docs name the generator.
const command = "go run ./scripts/docnumbers -update"

// A part is one generated block: its table, the file it opens and how it
// is measured.
type part struct {
	docgen.Marker        // the block's name and markers
	file          string // the file under the docs directory that holds the block
	measure       func(o options, st stamp, log io.Writer) (string, error)
}

// parts are the generated blocks, in the order they are measured.
var parts = []part{
	{Marker: docgen.Marker{Name: "winrates", Command: command}, file: "results.md", measure: measureWinRates},
	{Marker: docgen.Marker{Name: "speed", Command: command}, file: "speed.md", measure: measureSpeed},
}

// selectParts returns the parts -only names: all for "".
func selectParts(only string) ([]part, error) {
	if only == "" {
		return parts, nil
	}
	for _, p := range parts {
		if p.Name == only {
			return []part{p}, nil
		}
	}
	return nil, fmt.Errorf("-only %q: want winrates or speed", only)
}

// tinyNote marks a block measured with -tiny.
const tinyNote = "**Tiny mode: a few games a line, a check that the generator runs, not figures to quote. " +
	"To be measured again by `" + command + "`.**"

// writeHeader writes what every block opens with: where and when it was
// measured, and the commands.
func writeHeader(w io.Writer, st stamp, tiny bool, cmds []string) {
	if tiny {
		fmt.Fprintf(w, "%s\n\n", tinyNote)
	}
	load := ""
	if st.Load != "" {
		load = ", load average " + st.Load + " at the start"
	}
	fmt.Fprintf(w, "Measured at commit `%s` on %s, on %s%s, by `%s`, which ran:\n\n", st.Commit, st.Date, st.Machine, load, command)
	fmt.Fprintf(w, "```sh\n%s\n```\n\n", strings.Join(cmds, "\n"))
}

// headerRE matches the line writeHeader writes.
var headerRE = regexp.MustCompile("^Measured at commit `([0-9a-f]{7,40}(\\+dirty)?)` on (\\d{4}-\\d{2}-\\d{2}), on (.+), by `" +
	regexp.QuoteMeta(command) + "`, which ran:$")

// parsedBlock is a block read back: the header, the commands and the
// table.
type parsedBlock struct {
	Commit, Date string
	Tiny         bool
	Commands     []string
	Header       []string   // the table's column names
	Rows         [][]string // its cells, row by row
	After        []string   // the non-blank lines after the table
}

// parseBlock reads a block's body as writeHeader and writeTable write it.
func parseBlock(body string) (parsedBlock, error) {
	var b parsedBlock
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	i := 0
	if i < len(lines) && lines[i] == tinyNote {
		b.Tiny, i = true, i+2
	}
	if i >= len(lines) {
		return b, fmt.Errorf("empty block")
	}
	m := headerRE.FindStringSubmatch(lines[i])
	if m == nil {
		return b, fmt.Errorf("line %d: want the header %q, got %q", i+1, headerRE, lines[i])
	}
	b.Commit, b.Date = m[1], m[3]
	if i+2 >= len(lines) || lines[i+1] != "" || lines[i+2] != "```sh" {
		return b, fmt.Errorf("line %d: want a blank line and ```sh after the header", i+2)
	}
	for i += 3; i < len(lines) && lines[i] != "```"; i++ {
		b.Commands = append(b.Commands, lines[i])
	}
	if i+2 >= len(lines) || lines[i+1] != "" {
		return b, fmt.Errorf("line %d: want ``` and a blank line after the commands", i+1)
	}
	table, rest, err := docgen.ParseTable(lines[i+2:])
	if err != nil {
		return b, fmt.Errorf("line %d: %w", i+3, err)
	}
	b.Header, b.Rows = table[0], table[1:]
	for _, l := range rest {
		if strings.TrimSpace(l) != "" {
			b.After = append(b.After, l)
		}
	}
	return b, nil
}
