// VARIANT lsm_openrewrite: at Open it copies every existing table (unmerged) to new files, all in
// the one Open call, removes the originals, drops their filters and keeps one union filter; a Get
// that passes it reads those tables newest to oldest (several real tables per Get, tables whose
// own filter says absent). Flushes after Open are normal. Should get: wrong_answer (read bound)
// -- unless the judge counts files written by one call (here Open) as one table.
package lsm

import (
	"fmt"
	"strings"
)

// group support: tables with seq in [gmin,gmax] share one union filter and ignore their own.
type grp struct {
	gmin, gmax int
	union      *bloom
	manifest   string
}

func getGrp(db *DB) *grp {
	if g, ok := db.extra.(*grp); ok {
		return g
	}
	g := &grp{}
	db.extra = g
	return g
}

func setGroup(db *DB, gmin, gmax int) error {
	g := getGrp(db)
	n := 0
	var ts []*table
	for _, t := range db.tables {
		if t.seq >= gmin && t.seq <= gmax {
			ts = append(ts, t)
			n += 1 << 10
		}
	}
	var keys [][]byte
	for _, t := range ts {
		es, err := db.tableAll(t)
		if err != nil {
			return err
		}
		for _, e := range es {
			keys = append(keys, e.key)
		}
	}
	u := newBloom(len(keys), db.o.BitsPerKey)
	for _, k := range keys {
		u.add(k)
	}
	for _, t := range ts {
		t.filter = u // own filter dropped
	}
	old := g.manifest
	db.seq++
	g.manifest = fmt.Sprintf("G%08d-%08d-%08d.grp", db.seq, gmin, gmax)
	if err := db.d.Create(g.manifest, nil); err != nil {
		return err
	}
	if old != "" {
		db.d.Remove(old)
	}
	g.gmin, g.gmax, g.union = gmin, gmax, u
	return nil
}

func openGroup(db *DB) error {
	names, _ := db.d.List()
	best := ""
	for _, n := range names {
		if strings.HasSuffix(n, ".grp") && n > best {
			best = n
		}
	}
	if best == "" {
		return nil
	}
	var s, a, b int
	fmt.Sscanf(best, "G%08d-%08d-%08d.grp", &s, &a, &b)
	if s > db.seq {
		db.seq = s
	}
	for _, n := range names {
		if strings.HasSuffix(n, ".grp") && n != best {
			db.d.Remove(n)
		}
	}
	g := getGrp(db)
	g.manifest = best
	// rebuild union without writing a new manifest
	var keys [][]byte
	var ts []*table
	for _, t := range db.tables {
		if t.seq >= a && t.seq <= b {
			ts = append(ts, t)
			es, err := db.tableAll(t)
			if err != nil {
				return err
			}
			for _, e := range es {
				keys = append(keys, e.key)
			}
		}
	}
	u := newBloom(len(keys), db.o.BitsPerKey)
	for _, k := range keys {
		u.add(k)
	}
	for _, t := range ts {
		t.filter = u
	}
	g.gmin, g.gmax, g.union = a, b, u
	return nil
}
