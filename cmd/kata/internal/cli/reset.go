package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"kata/cmd/kata/internal/backup"
	"kata/cmd/kata/internal/stubs"
)

// resetOptions are kata reset's argument.
type resetOptions struct {
	streams *Streams
	name    string
}

func newReset(s *Streams) *cobra.Command {
	o := &resetOptions{streams: s}
	return &cobra.Command{
		Use:   "reset NAME",
		Short: "Start an exercise over from its stub (your files are backed up)",
		Long: `Put the stub of exercises/NAME back, as the kit shipped it. First every file
in the folder, extra files and subfolders too, is copied to
.kata/backups/NAME-YYYYMMDD-HHMMSS/, and kata says where; then the folder is
made exactly the stub again, extra files removed. kata restore NAME brings the
backup back.

The stubs come from kata itself, not from git: reset works in any copy of the
kit. Your progress (attempts, solved date, hints) is kept.`,
		Example: `  kata reset hashset
  kata restore hashset   # undo: bring the files back`,
		Args:              exactlyOne("kata reset NAME (kata list shows the names)"),
		ValidArgsFunction: completeExercises,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.name = args[0]
			return resetRun(cmd.Context(), o)
		},
	}
}

func resetRun(_ context.Context, o *resetOptions) error {
	e, err := lookup(o.name)
	if err != nil {
		return err
	}
	k, err := openKit(o.streams)
	if err != nil {
		return err
	}
	stub, err := stubs.FS(e.Name)
	if err != nil {
		return kitErr("%v", err)
	}
	dir := k.Exercise(e.Name)
	if same, err := backup.Same(dir, stub); err != nil {
		return kitErr("cannot read %s: %v", k.display(dir), err)
	} else if same {
		fmt.Fprintf(o.streams.Out, "%s is already the stub: nothing to reset.\n", k.displayDir(dir))
		return nil
	}
	saved, err := saveCurrent(k, e.Name)
	if err != nil {
		return err
	}
	if err := backup.Sync(dir, stub); err != nil {
		if saved {
			return kitErr("cannot reset %s (your files are in the backup above): %v", k.display(dir), err)
		}
		return kitErr("cannot reset %s: %v", k.display(dir), err)
	}
	fmt.Fprintf(o.streams.Out, "Reset %s to the stub.\n", k.displayDir(dir))
	if saved {
		fmt.Fprintf(o.streams.Out, "To bring your files back: kata restore %s\n", e.Name)
	}
	return nil
}

// saveCurrent backs up every file of the exercise called name, if its folder holds any, says
// where, and reports whether it made a backup.
func saveCurrent(k *kit, name string) (bool, error) {
	dir := k.Exercise(name)
	if n, err := backup.Count(os.DirFS(dir)); errors.Is(err, fs.ErrNotExist) || err == nil && n == 0 {
		return false, nil
	}
	b, n, err := backup.Save(k.backupsDir(), name, dir, k.streams.now())
	if err != nil {
		return false, kitErr("nothing changed: %v", err)
	}
	fmt.Fprintf(k.streams.Out, "Backed up your %s to %s\n", plural(n, "file"), k.displayDir(b.Path))
	return true, nil
}

// kitErr is a failure of the kit's own files: one line on stderr, exit status 2.
func kitErr(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}
