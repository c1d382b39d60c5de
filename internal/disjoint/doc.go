// Package disjoint holds a disjoint-set forest (union-find) over 0..n-1.
// The counting's components (package exact) and the endgame search's
// independent parts (package agent) both group cells with it.
package disjoint
