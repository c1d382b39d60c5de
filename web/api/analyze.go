package api

import (
	"strings"
	"time"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/game"
)

// AnalyzeRequest is POST /api/analyze's body.
type AnalyzeRequest struct {
	// Puzzle is the position as a puzzle file holds it: the character grid
	// ("mines 10" or "mines ?" then rows such as "1..F2") or the
	// integer format (see game.ParsePuzzle).
	Puzzle string `json:"puzzle"`
	// ThinkMS, when positive, races the guess of the analysis for the game
	// for that many milliseconds at most (the win-probability search:
	// move.think); at most the server's max_think_ms.
	ThinkMS int `json:"think_ms"`
}

// AnalyzeResponse is POST /api/analyze's answer.
type AnalyzeResponse struct {
	Advice    *advice.Advice `json:"advice"`
	ElapsedMS float64        `json:"elapsed_ms"` // the analysis's wall time
}

func (s *Server) analyze(w *Answer, r *request) {
	var req AnalyzeRequest
	if !s.decode(w, r, &req) {
		return
	}
	think, terr := s.thinkTime(req.ThinkMS)
	if terr != nil {
		writeRefusal(w, terr)
		return
	}
	if strings.TrimSpace(req.Puzzle) == "" {
		writeError(w, CodeBadRequest, `"puzzle" is empty: want a position, such as "mines 1\n1..", in the grid or the integer format`)
		return
	}
	p, err := game.ParsePuzzle("puzzle", strings.NewReader(req.Puzzle))
	if err != nil {
		writeRefusal(w, badPosition(err))
		return
	}
	if err := p.Validate(); err != nil {
		writeRefusal(w, noSolution(err))
		return
	}
	if p.Rows()*p.Cols() > s.cfg.MaxPuzzleCells {
		writeError(w, CodeBoardTooLarge, "a %dx%d position has more than this server's %d cells a position (--max-puzzle-cells)",
			p.Rows(), p.Cols(), s.cfg.MaxPuzzleCells)
		return
	}
	ctx, done, rerr := s.work(r, analysisCost(p.Unknowns(), think))
	if rerr != nil {
		writeRefusal(w, rerr)
		return
	}
	defer done()
	start := time.Now()
	adv, err := s.advise(ctx, p, think)
	switch {
	case err != nil:
		writeError(w, CodeInternal, "the analysis failed: %v", err)
	case adv == nil:
		writeError(w, CodeOutOfTime, "out of time: the analysis found nothing within the server's time budget of %v", s.cfg.Timeout)
	default:
		writeJSON(w, StatusOK, AnalyzeResponse{Advice: adv, ElapsedMS: float64(time.Since(start).Microseconds()) / 1000})
	}
}
