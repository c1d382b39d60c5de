package main

// The flag machinery every command shares: one FlagSet per command, flags
// accepted before, between and after the positional arguments, bad values
// reported in one line, and the usage printed with double-dash flags.

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// newFlagSet returns a FlagSet for a subcommand that reports errors instead of
// exiting. Its usage (printed by -h, on stdout) is the usage line, about, the
// flags and the command's exit codes.
func newFlagSet(name, argsUsage, about string, io *stdio) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.err)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: %s\n\n%s\n", strings.TrimSpace("minesat "+name+" [flags] "+argsUsage), strings.TrimSpace(about))
		if hasFlags(fs) {
			fmt.Fprintf(w, "\nFlags:\n")
			printFlags(fs)
		}
		fmt.Fprintf(w, "\n%s\n", wrap("Exit status: "+commandExits(name), 78))
	}
	return fs
}

// hasFlags reports whether fs defines any flag.
func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// printFlags writes fs's flags to its output as flag.PrintDefaults does, but
// with the double dash the help texts use: "--rows int".
func printFlags(fs *flag.FlagSet) {
	w := fs.Output()
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if name == "value" && isString(f) {
			name = "string" // a parsedFlag reads as the string it parses
		}
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		usage = strings.ReplaceAll(usage, "\n", "\n    \t")
		line += "\n    \t" + usage
		// A default the usage states itself, such as one that depends on the
		// machine, is not repeated.
		if !isZeroDefault(f) && !strings.Contains(usage, "(default") {
			if isString(f) {
				line += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				line += " (default " + f.DefValue + ")"
			}
		}
		fmt.Fprintln(w, line)
	})
}

// isZeroDefault reports whether f's default is its type's zero value, which
// the usage leaves unsaid, as flag.PrintDefaults does.
func isZeroDefault(f *flag.Flag) bool {
	switch f.DefValue {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// isString reports whether f holds a plain string.
func isString(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	_, ok = g.Get().(string)
	return ok
}

// setFlags returns the names of the flags the command line set.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// parseFlags parses args into fs. Flags may come before, between and after
// the positional arguments, which fs.Args() then holds in their order; a
// lone "--" ends the flags, and "-" is an argument (standard input). -h,
// -help or --help anywhere among the flags prints the usage on stdout and
// returns help. Any other problem is a usage error (exit 2) of one line:
// "CMD: what was wrong (see 'minesat CMD -h')".
func parseFlags(fs *flag.FlagSet, args []string, io *stdio) (help bool, err error) {
	fs.SetOutput(io.err)
	flags, positional, help, err := splitArgs(fs, args)
	if help {
		fs.SetOutput(io.out)
		fs.Usage()
		return true, nil
	}
	if err == nil {
		err = setFlagArgs(fs, flags, positional)
	}
	if err != nil {
		return false, flagError(fs.Name(), err)
	}
	return false, nil
}

// parseFlagList parses args, a list of flags inside a flag's value (such as
// play's --vs "--lookahead 16"), into fs as parseFlags does, but without
// help: -h is an unknown flag there. Its errors say what was wrong in the
// user's terms, with no prefix; fs.Args() holds any positional arguments.
func parseFlagList(fs *flag.FlagSet, args []string) error {
	flags, positional, help, err := splitArgs(fs, args)
	switch {
	case err != nil:
		return err
	case help:
		return errors.New("unknown flag -h")
	}
	return setFlagArgs(fs, flags, positional)
}

// setFlagArgs sets the flags and leaves fs.Args() = positional.
func setFlagArgs(fs *flag.FlagSet, flags []flagArg, positional []string) error {
	if err := setArgs(fs, flags); err != nil {
		return err
	}
	// Everything after "--" is an argument.
	return fs.Parse(append([]string{"--"}, positional...))
}

// flagError is a usage error about a command's flags, pointing to its help.
func flagError(cmd string, err error) error {
	return usageErrorf("%s: %w (see 'minesat %s -h')", cmd, err, cmd)
}

// A flagArg is one flag of a command line and its value as written.
type flagArg struct {
	name     string
	value    string
	hasValue bool // the command line gave a value ("--x=v", or "--x v" for a non-boolean flag)
}

// splitArgs separates the flags of args from the positional arguments, the
// way the flag package reads them: "-x" or "--x", "=value" or, for a flag
// that is not boolean, the next argument as its value.
func splitArgs(fs *flag.FlagSet, args []string) (flags []flagArg, positional []string, help bool, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(positional, args[i+1:]...), help, err
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		name := strings.TrimPrefix(a[1:], "-")
		if name == "" || name[0] == '-' || name[0] == '=' {
			if err == nil {
				err = fmt.Errorf("bad flag syntax %q", a)
			}
			continue
		}
		fa := flagArg{name: name}
		if n, v, ok := strings.Cut(name, "="); ok {
			fa = flagArg{name: n, value: v, hasValue: true}
		}
		f := fs.Lookup(fa.name)
		switch {
		case f == nil && (fa.name == "h" || fa.name == "help"):
			help = true
			continue
		case f == nil:
		case !fa.hasValue && !isBoolFlag(f) && i+1 < len(args):
			i++
			fa.value, fa.hasValue = args[i], true
		}
		flags = append(flags, fa)
	}
	return flags, positional, help, err
}

// isBoolFlag reports whether f takes no value, as flag's boolean flags.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// setArgs sets each flag to its value, in order, and reports the first
// problem in the user's terms.
func setArgs(fs *flag.FlagSet, flags []flagArg) error {
	for _, fa := range flags {
		f := fs.Lookup(fa.name)
		switch {
		case f == nil:
			return fmt.Errorf("unknown flag --%s", fa.name)
		case !fa.hasValue && isBoolFlag(f):
			fa.value = "true"
		case !fa.hasValue:
			return fmt.Errorf("--%s needs a value: %s", fa.name, expected(f))
		}
		if err := fs.Set(fa.name, fa.value); err != nil {
			return valueError(f, fa.value, err)
		}
	}
	return nil
}

// valueError says why value does not suit f, in the user's terms; an
// integer too large is reported as written.
func valueError(f *flag.Flag, value string, err error) error {
	if kindOf(f) == "integer" {
		if _, perr := strconv.ParseInt(value, 0, 64); errors.Is(perr, strconv.ErrRange) {
			if strings.HasPrefix(value, "-") {
				return fmt.Errorf("--%s %s: the number is too small", f.Name, value)
			}
			return fmt.Errorf("--%s %s: the number is too large", f.Name, value)
		}
	}
	if _, parsed := f.Value.(interface{ parsed() }); parsed || kindOf(f) == "" {
		// A flag of its own type (a level, an order) explains itself.
		return fmt.Errorf("--%s %s: %w", f.Name, quoteValue(value), err)
	}
	return fmt.Errorf("--%s %s: %s", f.Name, quoteValue(value), expected(f))
}

// quoteValue writes a value as given, quoted when it is empty or holds
// spaces.
func quoteValue(v string) string {
	if v == "" || strings.ContainsAny(v, " \t\n\"") {
		return strconv.Quote(v)
	}
	return v
}

// kindOf names the kind of value f holds: "integer", "number", "duration",
// "boolean", "string", or "" for a flag of its own type.
func kindOf(f *flag.Flag) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return ""
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		return "integer"
	case float64:
		return "number"
	case time.Duration:
		return "duration"
	case bool:
		return "boolean"
	case string:
		return "string"
	}
	return ""
}

// expected says what f's value must be.
func expected(f *flag.Flag) string {
	switch kindOf(f) {
	case "integer":
		return "want a whole number"
	case "number":
		return "want a number such as 0.5"
	case "duration":
		return "want a duration such as 500ms, 10s or 1m30s"
	case "boolean":
		return "want true or false"
	}
	if name, _ := flag.UnquoteUsage(f); name != "" {
		return "want a " + name
	}
	return "want a value"
}

// The flags several commands share mean the same in each: --timeout D is a
// time limit, 0 for none; --max-nodes N is a backtracking node budget of at
// least 1, backtrack.DefaultMaxNodes unless set.

// checkTimeout checks the --timeout of the command cmd.
func checkTimeout(cmd string, d time.Duration) error {
	if d < 0 {
		return usageErrorf("%s: --timeout %v: want a duration of 0 (no limit) or more", cmd, d)
	}
	return nil
}

// checkMaxNodes checks the --max-nodes of the command cmd.
func checkMaxNodes(cmd string, n int64) error {
	if n < 1 {
		return usageErrorf("%s: --max-nodes %d: want at least 1", cmd, n)
	}
	return nil
}

// wrap breaks text into lines of at most width bytes, at spaces; a word
// longer than width gets a line of its own.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(word) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// parsedFlag is a flag whose text parse turns into a typed value once, as
// the command line is read: a bad value is the flag's error, naming the
// valid ones. It reads as a string flag in the help.
type parsedFlag[T any] struct {
	p     *T
	parse func(string) (T, error)
}

// parsedVar defines on fs the flag name, parsed into *p by parse, with
// def as its default.
func parsedVar[T any](fs *flag.FlagSet, p *T, name string, def T, parse func(string) (T, error), usage string) {
	*p = def
	fs.Var(parsedFlag[T]{p, parse}, name, usage)
}

func (f parsedFlag[T]) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return err
	}
	*f.p = v
	return nil
}

func (f parsedFlag[T]) String() string {
	if f.p == nil {
		return ""
	}
	return fmt.Sprint(*f.p)
}

func (parsedFlag[T]) parsed() {}

// Get returns the value as String writes it, so that the help quotes its
// default as a string flag's.
func (f parsedFlag[T]) Get() any { return f.String() }
