package docgen

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/minesat/minesat/stats"
)

// WriteTable writes a Markdown table; align holds each column's alignment
// row cell ("---" or "---:").
func WriteTable(w io.Writer, header, align []string, rows [][]string) {
	fmt.Fprintf(w, "| %s |\n|%s|\n", strings.Join(header, " | "), strings.Join(align, "|"))
	for _, r := range rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
	}
}

// ParseTable reads a Markdown table from the first of lines: its header
// and rows (the alignment row dropped), and the lines after it. Every row
// must have as many cells as the header.
func ParseTable(lines []string) (table [][]string, rest []string, err error) {
	n := 0
	for n < len(lines) && strings.HasPrefix(lines[n], "|") {
		n++
	}
	if n < 3 {
		return nil, nil, fmt.Errorf("want a table of a header, an alignment row and rows; got %d lines", n)
	}
	width := len(splitRow(lines[0]))
	for k, l := range lines[:n] {
		cells := splitRow(l)
		if len(cells) != width {
			return nil, nil, fmt.Errorf("table row %d has %d cells, the header %d", k, len(cells), width)
		}
		if k != 1 {
			table = append(table, cells)
		}
	}
	return table, lines[n:], nil
}

// splitRow splits a table row into its trimmed cells.
func splitRow(l string) []string {
	cells := strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// Rate writes k of n as a percentage with its 95% Wilson interval, to 2
// decimals: "41.16% [40.94, 41.37]".
func Rate(k, n int) string {
	lo, hi := stats.Wilson(k, n)
	return fmt.Sprintf("%.2f%% [%.2f, %.2f]", 100*float64(k)/float64(n), 100*lo, 100*hi)
}

// Thousands writes n with commas between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
