module github.com/minesat/minesat

go 1.26.8

require (
	github.com/crillab/gophersat v1.4.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.47.0 // indirect
)
