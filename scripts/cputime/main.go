// Command cputime runs a command and writes the CPU seconds (user + system) that it and every
// process it started used, to a file, for make test's step figures (scripts/test.sh).
//
//	cputime FILE COMMAND [ARG...]
//
// A shell's own figure for its children (cutime and cstime) misses the processes that outlive
// their parent: Chromium's renderers are forked by its zygote, which exits before them when the
// browser closes, so they are re-parented to init and their CPU is counted nowhere (a page's
// 20 CPU-s busy loop showed as 1.7 s). cputime makes itself their subreaper
// (PR_SET_CHILD_SUBREAPER), so every orphan of the command's tree is re-parented to it and its
// usage is counted when cputime reaps it. It waits up to 10 s after the command for such
// orphans, says how many it left running (their CPU is then not counted), and exits with the
// command's status. SIGINT and SIGTERM reach the command's process group as they would without
// cputime; cputime itself outlives them to reap and report.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// orphanGrace is how long cputime waits, after the command exits, for processes it left behind.
const orphanGrace = 10 * time.Second

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: cputime FILE COMMAND [ARG...]")
		os.Exit(2)
	}
	out, args := os.Args[1], os.Args[2:]
	// Caught, not ignored: an ignored signal stays ignored in the command, a caught one does not.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGINT, syscall.SIGTERM)
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		fmt.Fprintf(os.Stderr, "cputime: PR_SET_CHILD_SUBREAPER: %v (orphans' CPU is not counted)\n", errno)
	}
	path, err := exec.LookPath(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "cputime: %v\n", err)
		os.Exit(127)
	}
	proc, err := os.StartProcess(path, args, &os.ProcAttr{Files: []*os.File{os.Stdin, os.Stdout, os.Stderr}}) //nolint:gosec // running the command it is given is its job
	if err != nil {
		fmt.Fprintf(os.Stderr, "cputime: %v\n", err)
		os.Exit(127)
	}
	status := reap(proc.Pid)

	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &usage); err == nil {
		seconds := float64(usage.Utime.Nano()+usage.Stime.Nano()) / 1e9
		if err := os.WriteFile(out, fmt.Appendf(nil, "%.0f\n", seconds), 0o600); err != nil { //nolint:gosec // the file make test names for the figure
			fmt.Fprintf(os.Stderr, "cputime: %v\n", err)
		}
	}
	os.Exit(status)
}

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER from <linux/prctl.h>.
const prSetChildSubreaper = 36

// reap waits for the command (pid) and every process re-parented to cputime, and returns the
// command's exit status (128 + the signal when a signal ended it). After the command, it waits
// up to orphanGrace for the rest.
func reap(pid int) int {
	status, flags := -1, 0
	var deadline time.Time
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(-1, &ws, flags, nil)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil: // ECHILD: nothing left to wait for
			return status
		case got == pid:
			status = ws.ExitStatus()
			if ws.Signaled() {
				status = 128 + int(ws.Signal())
			}
			flags, deadline = syscall.WNOHANG, time.Now().Add(orphanGrace)
		case got == 0: // WNOHANG: orphans still running
			if time.Now().After(deadline) {
				fmt.Fprintln(os.Stderr, "cputime: processes the command started are still running after it; their CPU is not counted")
				return status
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}
