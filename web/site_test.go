package web

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxModuleGzip is the most bytes the WebAssembly module may take gzipped
// (issue 38): what a static host sends.
const maxModuleGzip = 2_500_000

// TestSiteModuleSize builds the module and checks it stays small: under
// maxModuleGzip gzipped, with neither net/http nor html/template linked
// (package api answers the API without them; with them the module was
// about 1 MB larger gzipped).
func TestSiteModuleSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module; runs without -short")
	}
	t.Parallel()
	cmd := exec.Command("go", "list", "-deps", "github.com/minesat/minesat/cmd/minesat-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	deps, err := cmd.Output()
	require.NoError(t, err)
	for _, pkg := range []string{"net/http", "html/template", "crypto/tls"} {
		assert.NotContains(t, strings.Fields(string(deps)), pkg, "the module links %s", pkg)
	}

	dir, err := buildSite()
	require.NoError(t, err)
	module, err := os.ReadFile(filepath.Join(dir, SiteModule))
	require.NoError(t, err)
	var gz bytes.Buffer
	w, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	require.NoError(t, err)
	_, err = w.Write(module)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	t.Logf("module: %d bytes, %d gzipped", len(module), gz.Len())
	assert.Less(t, gz.Len(), maxModuleGzip, "the module gzipped")
}
