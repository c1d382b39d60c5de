package probe

import "sync/atomic"

var (
	// Analyses counts the analyses package exact makes: of a whole
	// position, or of one a reveal ahead of an analysed one.
	Analyses atomic.Int64
	// KBs counts the knowledge bases package kb builds.
	KBs atomic.Int64
)
