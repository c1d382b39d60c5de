package main

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClockContext ends a clockContext without a timer: a loop that only
// computes and calls Err sees the deadline pass, Done's channel is then
// closed, and cancel and the parent end it too.
func TestClockContext(t *testing.T) {
	ctx, cancel := withClock(context.Background(), 20*time.Millisecond)
	defer cancel()
	dl, ok := ctx.Deadline()
	require.True(t, ok)
	assert.WithinDuration(t, time.Now().Add(20*time.Millisecond), dl, time.Second)
	require.NoError(t, ctx.Err())
	n := 0
	for ctx.Err() == nil {
		n++
	}
	assert.ErrorIs(t, ctx.Err(), context.DeadlineExceeded)
	assert.False(t, time.Now().Before(dl), "ended before its deadline")
	select {
	case <-ctx.Done():
	default:
		t.Error("Done is open after the deadline")
	}

	ctx, cancel = withClock(context.Background(), time.Hour)
	done := ctx.Done()
	cancel()
	assert.ErrorIs(t, ctx.Err(), context.Canceled)
	_, open := <-done
	assert.False(t, open, "the channel Done gave before cancel is closed")

	parent, stop := context.WithCancel(context.Background())
	ctx, cancel = withClock(parent, time.Hour)
	defer cancel()
	stop()
	assert.ErrorIs(t, ctx.Err(), context.Canceled, "the parent's end")
}
