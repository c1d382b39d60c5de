// Package probe counts the entries into packages exact and kb, for tests
// that follow one path through them (advice's TestAdviseAsksExactOnce):
// the analyses exact makes, whatever made them, and the knowledge bases kb
// builds. The counts are process-wide and only ever grow; a test reads them
// before and after the path, with nothing else running.
package probe
