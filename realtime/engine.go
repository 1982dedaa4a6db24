package realtime

import (
	"fmt"
	"log/slog"
	"sync"

	"github.com/lesismal/nbio"
	"github.com/lesismal/nbio/logging"
	"github.com/lesismal/nbio/nbhttp"
)

// The websocket protocol and the readiness loop come from nbio: its engine waits (epoll on
// Linux) for every idle connection of the process on one goroutine, and its websocket codec
// (Autobahn-tested) reads and writes the frames. One engine serves every hub of the process,
// the way Go's own network poller does.
var (
	engineOnce  sync.Once
	sharedEng   *nbhttp.Engine
	sharedErr   error
	engineNamed = "drape-realtime"
)

// engine returns the process's started engine.
func engine() (*nbhttp.Engine, error) {
	engineOnce.Do(func() {
		logging.SetLogger(engineLog{})
		e := nbhttp.NewEngine(nbhttp.Config{Name: engineNamed, SupportServerOnly: true})
		e.OnWrittenSize(func(c *nbio.Conn, _ []byte, n int) {
			if s := sessionOf(c); s != nil {
				s.wrote(n)
			}
		})
		if err := e.Start(); err != nil {
			sharedErr = fmt.Errorf("realtime: start the websocket engine: %w", err)
			return
		}
		sharedEng = e
	})
	return sharedEng, sharedErr
}

// engineLog hands nbio's messages to the default logger: its errors as warnings (a connection
// it could not take), the rest at debug level.
type engineLog struct{}

// Debug logs at debug level.
func (engineLog) Debug(format string, v ...any) { slog.Debug("nbio: " + fmt.Sprintf(format, v...)) }

// Info logs at debug level: nbio's start and stop are not news in our logs.
func (engineLog) Info(format string, v ...any) { slog.Debug("nbio: " + fmt.Sprintf(format, v...)) }

// Warn logs a warning.
func (engineLog) Warn(format string, v ...any) { slog.Warn("nbio: " + fmt.Sprintf(format, v...)) }

// Error logs a warning: a connection nbio could not take, which the shop survives.
func (engineLog) Error(format string, v ...any) { slog.Warn("nbio: " + fmt.Sprintf(format, v...)) }
