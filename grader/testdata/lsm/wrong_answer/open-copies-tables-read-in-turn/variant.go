// VARIANT lsm_openrewrite: at Open it copies every existing table (unmerged) to new files, all in
// the one Open call, removes the originals, drops their filters and keeps one union filter; a Get
// that passes it reads those tables newest to oldest (several real tables per Get, tables whose
// own filter says absent). Flushes after Open are normal. Should get: wrong_answer (read bound)
// -- unless the judge counts files written by one call (here Open) as one table.
package lsm

func filterBits(bpk int) int { return bpk }
func variantOpen(db *DB) error {
	if err := openGroup(db); err != nil {
		return err
	}
	old := db.tables
	if len(old) < 2 {
		return nil
	}
	db.tables = nil
	first := db.seq + 1
	for _, t := range old {
		es, err := db.tableAll(t)
		if err != nil {
			return err
		}
		if err := db.baseWriteTable(es); err != nil {
			return err
		}
	}
	last := db.seq
	for _, t := range old {
		if err := db.d.Remove(t.name); err != nil {
			return err
		}
	}
	return setGroup(db, first, last)
}
func variantGet(db *DB, key []byte) ([]byte, bool, error) { return db.baseGetTables(key) }
func variantForceRead(db *DB, t *table) bool              { return false }
func variantFlush(db *DB, es []entry) error               { return db.baseWriteTable(es) }
func variantCompact(db *DB) error                         { return db.baseCompact() }
