package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"kata/cmd/kata/internal/backup"
)

// restoreOptions are kata restore's flags and arguments.
type restoreOptions struct {
	streams *Streams
	name    string
	backup  string
	list    bool
}

func newRestore(s *Streams) *cobra.Command {
	o := &restoreOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "restore NAME [BACKUP]",
		Short: "Bring back a backup of an exercise that reset or restore made",
		Long: `Bring back the files of exercises/NAME from a backup in .kata/backups/: the
newest one, or the BACKUP named (its folder name, as --list shows it, or its
path). The files now in the folder are backed up first, so a restore can be
undone by another: kata restore NAME brings back what you had just before.`,
		Example: `  kata restore hashset
  kata restore hashset --list
  kata restore hashset hashset-20260102-150405`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
				return usageErr("which exercise? kata restore NAME [BACKUP] (kata list shows the names)")
			case len(args) > 2:
				return usageErr("too many arguments: kata restore NAME [BACKUP]")
			}
			return nil
		},
		ValidArgsFunction: completeExercises,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.name = args[0]
			if len(args) == 2 {
				o.backup = args[1]
			}
			return restoreRun(cmd.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.list, "list", false, "list the exercise's backups, newest first, and restore nothing")
	return cmd
}

func restoreRun(_ context.Context, o *restoreOptions) error {
	if o.list && o.backup != "" {
		return usageErr("--list lists the backups: give it no BACKUP")
	}
	e, err := lookup(o.name)
	if err != nil {
		return err
	}
	k, err := openKit(o.streams)
	if err != nil {
		return err
	}
	backups, err := backup.List(k.backupsDir(), e.Name)
	if err != nil {
		return kitErr("cannot read the backups: %v", err)
	}
	w := o.streams.Out
	if o.list {
		if len(backups) == 0 {
			fmt.Fprintf(w, "No backups of %s yet: kata reset %s makes one before it resets.\n", e.Name, e.Name)
			return nil
		}
		fmt.Fprintf(w, "Backups of %s in %s, newest first:\n", e.Name, k.displayDir(k.backupsDir()))
		for _, b := range backups {
			n, err := backup.Count(os.DirFS(b.Path))
			if err != nil {
				return kitErr("cannot read %s: %v", k.display(b.Path), err)
			}
			fmt.Fprintf(w, "  %-30s %s\n", b.Name, plural(n, "file"))
		}
		return nil
	}

	var from string
	switch {
	case o.backup != "":
		if from, err = findBackup(k, e.Name, o.backup); err != nil {
			return err
		}
	case len(backups) == 0:
		return usageErr("no backup of %s to restore (kata reset %s makes one)", e.Name, e.Name)
	default:
		from = backups[0].Path
	}
	src := os.DirFS(from)
	dir := k.Exercise(e.Name)
	if same, err := backup.Same(dir, src); err != nil {
		return kitErr("cannot read %s: %v", k.display(dir), err)
	} else if same {
		fmt.Fprintf(w, "Nothing to restore: %s already matches that backup.\n", k.displayDir(dir))
		return nil
	}
	if _, err := saveCurrent(k, e.Name); err != nil {
		return err
	}
	if err := backup.Sync(dir, src); err != nil {
		return kitErr("cannot restore %s from %s: %v", k.display(dir), k.display(from), err)
	}
	fmt.Fprintf(w, "Restored %s from %s.\n", k.displayDir(dir), filepath.Base(from))
	return nil
}

// findBackup finds the backup of exercise that arg names: a folder name in the backups folder,
// or a path to a backup folder.
func findBackup(k *kit, exercise, arg string) (string, error) {
	path := filepath.Join(k.backupsDir(), arg)
	if filepath.Base(arg) != arg {
		path = arg
		if !filepath.IsAbs(path) {
			path = filepath.Join(k.streams.Dir, path)
		}
	}
	path = filepath.Clean(path)
	if !backup.IsBackupOf(exercise, filepath.Base(path)) {
		return "", usageErr("%s is not a backup of %s (kata restore %s --list shows them)", arg, exercise, exercise)
	}
	if info, err := os.Stat(path); err != nil || !info.IsDir() {
		return "", usageErr("no backup %s (kata restore %s --list shows them)", arg, exercise)
	}
	return path, nil
}
