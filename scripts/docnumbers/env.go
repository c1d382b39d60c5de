package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/minesat/minesat/batch"
)

// modulePath is the module whose root moduleRoot looks for.
const modulePath = "github.com/minesat/minesat"

// moduleRoot returns the nearest directory at or above the working
// directory whose go.mod declares modulePath.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(data), "module "+modulePath+"\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of %s at or above the working directory: run from the checkout or give -root", modulePath)
		}
		dir = parent
	}
}

// build builds minesat from the checkout at root into dir and returns the
// binary's path.
func build(root, dir string) (string, error) {
	bin := filepath.Join(dir, "minesat")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/minesat")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/minesat: %v\n%s", err, out)
	}
	return bin, nil
}

// stamp says where and when figures were measured.
type stamp struct {
	Commit  string // git rev-parse --short HEAD, with "+dirty" for a tree with changes
	Date    string // the day, UTC, as 2006-01-02
	Machine string // the CPU model and the number of CPUs
	Load    string // the one-minute load average at the start; "" where unknown
}

// newStamp reads the checkout's commit and the machine.
func newStamp(root string) (stamp, error) {
	head, err := git(root, "rev-parse", "--short", "HEAD")
	if err != nil {
		return stamp{}, err
	}
	changes, err := git(root, "status", "--porcelain", "--untracked-files=no")
	if err != nil {
		return stamp{}, err
	}
	if changes != "" {
		head += "+dirty"
	}
	return stamp{
		Commit:  head,
		Date:    time.Now().UTC().Format(time.DateOnly),
		Machine: fmt.Sprintf("%s, %d CPUs", cpuModel(), runtime.NumCPU()),
		Load:    loadAverage(),
	}, nil
}

// git runs git in dir and returns its output, trimmed.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, bytes.TrimSpace(ee.Stderr))
		}
		return "", fmt.Errorf("git %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// cpuModel returns the first "model name" of /proc/cpuinfo, or GOARCH
// where there is none.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if key, val, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(key) == "model name" {
			return strings.Join(strings.Fields(val), " ")
		}
	}
	return runtime.GOARCH
}

// loadAverage returns the one-minute load average of /proc/loadavg, or "".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	if f := strings.Fields(string(data)); len(f) > 0 {
		return f[0]
	}
	return ""
}

// playRun is one 'minesat play --format json' process.
type playRun struct {
	Summary batch.Summary // its one level
	CPU     time.Duration // user + system time of the whole process
	PeakRSS int64         // its peak resident memory, in bytes
}

// play runs bin with args (which must hold --format json and one level) in
// dir and reads its summary and its resource use.
func play(bin, dir string, args []string) (playRun, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	name := "minesat " + strings.Join(args, " ")
	if err := cmd.Run(); err != nil {
		return playRun{}, fmt.Errorf("%s: %v: %s", name, err, bytes.TrimSpace(stderr.Bytes()))
	}
	f, err := batch.ParseSummaryFile(name, stdout.Bytes())
	if err != nil {
		return playRun{}, err
	}
	sums := f.Summaries()
	if len(sums) != 1 || !f.Complete {
		return playRun{}, fmt.Errorf("%s: want one complete level, got %d (complete %v)", name, len(sums), f.Complete)
	}
	rss, err := peakRSS(cmd.ProcessState)
	if err != nil {
		return playRun{}, fmt.Errorf("%s: %w", name, err)
	}
	return playRun{
		Summary: sums[0],
		CPU:     cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(),
		PeakRSS: rss,
	}, nil
}

// peakRSS returns the peak resident memory of an ended process in bytes:
// getrusage's ru_maxrss, which Linux gives in KiB and macOS in bytes.
func peakRSS(ps *os.ProcessState) (int64, error) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, fmt.Errorf("no resource usage on %s", runtime.GOOS)
	}
	switch runtime.GOOS {
	case "linux":
		return int64(ru.Maxrss) * 1024, nil
	case "darwin":
		return int64(ru.Maxrss), nil
	}
	return 0, fmt.Errorf("peak memory is read on linux and darwin, not %s", runtime.GOOS)
}
