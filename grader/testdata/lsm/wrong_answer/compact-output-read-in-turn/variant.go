// VARIANT lsm_compactsplit: Compact merges correctly (newest values, no tombstones) but writes the
// result as 8 overlapping files split by a hash of the key, each a full table, in the one Compact
// call; it drops their own filters and keeps one union filter. A Get that passes the union filter
// reads the 8 files one after another until one holds the key: up to 8 real table reads per Get,
// and reads of files whose own filter would say absent. Should get: wrong_answer (several tables
// after Compact, several table reads per Get); a judge that merges "files one Compact writes"
// would count one and accept.
package lsm

func filterBits(bpk int) int                              { return bpk }
func variantOpen(db *DB) error                            { return openGroup(db) }
func variantGet(db *DB, key []byte) ([]byte, bool, error) { return db.baseGetTables(key) }
func variantForceRead(db *DB, t *table) bool              { return false }
func variantFlush(db *DB, es []entry) error               { return db.baseWriteTable(es) }
func variantCompact(db *DB) error {
	old := db.tables
	if len(old) == 0 {
		return nil
	}
	all, err := db.merged(old)
	if err != nil {
		return err
	}
	parts := make([][]entry, 8)
	for _, e := range all {
		if e.tomb {
			continue
		}
		a, _ := khash(e.key)
		parts[a%8] = append(parts[a%8], e)
	}
	db.tables = nil
	first := db.seq + 1
	for _, p := range parts {
		if len(p) > 0 {
			if err := db.baseWriteTable(p); err != nil {
				return err
			}
		}
	}
	last := db.seq
	for _, t := range old {
		if err := db.d.Remove(t.name); err != nil {
			return err
		}
	}
	if len(db.tables) == 0 {
		return nil
	}
	return setGroup(db, first, last)
}
