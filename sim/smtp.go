package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The SMTP sink's limits. maxMessageSize is advertised in EHLO as SIZE.
const (
	smtpHostname       = "sim.drape.test"
	maxMessageSize     = 10 << 20
	maxRecipients      = 100
	maxSMTPConns       = 64
	maxCommandBytes    = 64 << 10
	smtpCommandWait    = 5 * time.Minute
	smtpDataWait       = 10 * time.Minute
	smtpReplyWait      = 30 * time.Second
	acceptRetryPause   = 50 * time.Millisecond
	drainWait          = time.Second
	authUsernamePrompt = "VXNlcm5hbWU6" // base64 of "Username:"
	authPasswordPrompt = "UGFzc3dvcmQ6" // base64 of "Password:"
)

// errLineTooLong is returned by a readBudget that has run out.
var errLineTooLong = errors.New("line too long")

// smtpServer is an SMTP sink: it accepts any message from anyone, with or
// without AUTH, and delivers it to a mailbox. No STARTTLS, no relaying.
type smtpServer struct {
	box         *mailbox
	logger      *slog.Logger
	maxSize     int64
	commandWait time.Duration
	dataWait    time.Duration
	slots       chan struct{}

	mu       sync.Mutex
	listener net.Listener
	conns    map[net.Conn]struct{}
	closing  bool
	sessions sync.WaitGroup
}

func newSMTPServer(box *mailbox, logger *slog.Logger) *smtpServer {
	return &smtpServer{
		box:         box,
		logger:      logger,
		maxSize:     maxMessageSize,
		commandWait: smtpCommandWait,
		dataWait:    smtpDataWait,
		slots:       make(chan struct{}, maxSMTPConns),
		conns:       make(map[net.Conn]struct{}),
	}
}

// serve accepts connections until shutdown; it then returns an error wrapping net.ErrClosed.
func (s *smtpServer) serve(l net.Listener) error {
	s.mu.Lock()
	s.listener = l
	closing := s.closing
	s.mu.Unlock()
	if closing {
		l.Close()
		return net.ErrClosed
	}
	for {
		conn, err := l.Accept()
		if errors.Is(err, net.ErrClosed) {
			return err
		}
		if err != nil {
			s.logger.Warn("smtp accept failed", "err", err)
			time.Sleep(acceptRetryPause)
			continue
		}
		if !s.track(conn) {
			conn.Close()
			return net.ErrClosed
		}
		select {
		case s.slots <- struct{}{}:
			go func() {
				defer func() { <-s.slots }()
				defer s.untrack(conn)
				s.handle(conn)
			}()
		default:
			conn.SetWriteDeadline(time.Now().Add(smtpReplyWait))
			fmt.Fprintf(conn, "421 4.7.0 %s Too many connections, try again later\r\n", smtpHostname)
			s.untrack(conn)
		}
	}
}

// track registers a live connection; it refuses once shutdown has begun.
func (s *smtpServer) track(conn net.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	s.conns[conn] = struct{}{}
	s.sessions.Add(1)
	return true
}

func (s *smtpServer) untrack(conn net.Conn) {
	conn.Close()
	s.mu.Lock()
	delete(s.conns, conn)
	s.mu.Unlock()
	s.sessions.Done()
}

// setReadDeadline arms conn's read deadline, or expires it at once when shutting
// down. It holds the lock so shutdown cannot be overtaken by a later deadline.
func (s *smtpServer) setReadDeadline(conn net.Conn, wait time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		conn.SetReadDeadline(time.Now())
		return
	}
	conn.SetReadDeadline(time.Now().Add(wait))
}

func (s *smtpServer) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// shutdown stops accepting, tells each client 421, and waits for sessions to end.
// When ctx expires first, remaining connections are closed outright.
func (s *smtpServer) shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	if s.listener != nil {
		s.listener.Close()
	}
	for conn := range s.conns {
		conn.SetReadDeadline(time.Now())
	}
	s.mu.Unlock()

	done := make(chan struct{})
	go func() {
		s.sessions.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		for conn := range s.conns {
			conn.Close()
		}
		s.mu.Unlock()
		<-done
		return fmt.Errorf("smtp shutdown: %w", ctx.Err())
	}
}

// readBudget caps how many bytes may be read before the next allow call, so a
// client cannot grow a line or a message without bound.
type readBudget struct {
	r    io.Reader
	left int64
}

func (b *readBudget) allow(n int64) { b.left = n }

func (b *readBudget) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errLineTooLong
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// smtpSession is the state of one SMTP connection.
type smtpSession struct {
	server *smtpServer
	conn   net.Conn
	budget *readBudget
	in     *textproto.Reader
	out    *textproto.Writer
	remote string

	greeted       bool
	authenticated bool
	inMail        bool
	sender        string
	recipients    []string
}

// errQuit ends a session after a reply that closes the connection.
var errQuit = errors.New("quit")

func (s *smtpServer) handle(conn net.Conn) {
	budget := &readBudget{r: conn}
	session := &smtpSession{
		server: s,
		conn:   conn,
		budget: budget,
		in:     textproto.NewReader(bufio.NewReader(budget)),
		out:    textproto.NewWriter(bufio.NewWriter(conn)),
		remote: conn.RemoteAddr().String(),
	}
	if err := session.reply(220, "%s ESMTP drape sim ready", smtpHostname); err != nil {
		return
	}
	for {
		line, err := session.readLine(maxCommandBytes, s.commandWait)
		if err != nil {
			session.readFailed(err)
			return
		}
		if err := session.dispatch(line); err != nil {
			if !errors.Is(err, errQuit) {
				s.logger.Debug("smtp session ended", "remote", session.remote, "err", err)
			}
			return
		}
	}
}

// readLine reads one CRLF-terminated line within the given byte budget and time.
func (c *smtpSession) readLine(maxBytes int64, wait time.Duration) (string, error) {
	c.budget.allow(maxBytes)
	c.server.setReadDeadline(c.conn, wait)
	return c.in.ReadLine()
}

// readFailed sends the best closing reply for a failed read.
func (c *smtpSession) readFailed(err error) {
	var netErr net.Error
	switch {
	case errors.Is(err, errLineTooLong):
		c.reply(500, "5.5.2 Line too long")
		c.drainBeforeClose()
	case c.server.isClosing():
		c.reply(421, "4.3.2 %s Service shutting down", smtpHostname)
	case errors.As(err, &netErr) && netErr.Timeout():
		c.reply(421, "4.4.2 %s Timeout exceeded, closing connection", smtpHostname)
	case errors.Is(err, io.EOF):
	default:
		c.server.logger.Debug("smtp read failed", "remote", c.remote, "err", err)
	}
}

// drainBeforeClose half-closes the connection and discards what the client is
// still sending, so closing does not reset the connection before the client has
// read the last reply.
func (c *smtpSession) drainBeforeClose() {
	if tcp, ok := c.conn.(*net.TCPConn); ok {
		tcp.CloseWrite()
	}
	c.server.setReadDeadline(c.conn, drainWait)
	io.Copy(io.Discard, io.LimitReader(c.conn, maxCommandBytes))
}

func (c *smtpSession) reply(code int, format string, args ...any) error {
	c.conn.SetWriteDeadline(time.Now().Add(smtpReplyWait))
	return c.out.PrintfLine("%d %s", code, fmt.Sprintf(format, args...))
}

// replyLines sends a multi-line reply: every line but the last uses "code-".
func (c *smtpSession) replyLines(code int, lines ...string) error {
	c.conn.SetWriteDeadline(time.Now().Add(smtpReplyWait))
	for i, line := range lines {
		sep := "-"
		if i == len(lines)-1 {
			sep = " "
		}
		if _, err := fmt.Fprintf(c.out.W, "%d%s%s\r\n", code, sep, line); err != nil {
			return err
		}
	}
	return c.out.W.Flush()
}

func (c *smtpSession) resetTransaction() {
	c.inMail = false
	c.sender = ""
	c.recipients = nil
}

// dispatch runs one command. A non-nil error ends the session.
func (c *smtpSession) dispatch(line string) error {
	verb, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToUpper(verb) {
	case "EHLO":
		return c.hello(arg, true)
	case "HELO":
		return c.hello(arg, false)
	case "AUTH":
		return c.auth(arg)
	case "MAIL":
		return c.mail(arg)
	case "RCPT":
		return c.rcpt(arg)
	case "DATA":
		return c.data(arg)
	case "RSET":
		c.resetTransaction()
		return c.reply(250, "2.0.0 Ok")
	case "NOOP":
		return c.reply(250, "2.0.0 Ok")
	case "VRFY":
		if arg == "" {
			return c.reply(501, "5.5.4 Syntax: VRFY <address>")
		}
		return c.reply(252, "2.5.0 Cannot VRFY user, but will accept message and attempt delivery")
	case "HELP":
		return c.reply(214, "2.0.0 Commands: EHLO HELO AUTH MAIL RCPT DATA RSET NOOP VRFY QUIT")
	case "QUIT":
		c.reply(221, "2.0.0 %s Bye", smtpHostname)
		return errQuit
	case "STARTTLS":
		return c.reply(502, "5.5.1 STARTTLS not offered by this server")
	default:
		return c.reply(500, "5.5.2 Command not recognized")
	}
}

func (c *smtpSession) hello(domain string, extended bool) error {
	if domain == "" {
		if extended {
			return c.reply(501, "5.5.4 Syntax: EHLO domain")
		}
		return c.reply(501, "5.5.4 Syntax: HELO domain")
	}
	c.greeted = true
	c.resetTransaction()
	if !extended {
		return c.reply(250, "%s", smtpHostname)
	}
	return c.replyLines(250,
		fmt.Sprintf("%s greets %s", smtpHostname, domain),
		"8BITMIME",
		fmt.Sprintf("SIZE %d", c.server.maxSize),
		"AUTH PLAIN LOGIN",
		"HELP",
	)
}

func (c *smtpSession) auth(arg string) error {
	switch {
	case !c.greeted:
		return c.reply(503, "5.5.1 Send EHLO first")
	case c.authenticated:
		return c.reply(503, "5.5.1 Already authenticated")
	case c.inMail:
		return c.reply(503, "5.5.1 AUTH not allowed during a mail transaction")
	}
	mechanism, initial, _ := strings.Cut(arg, " ")
	switch strings.ToUpper(mechanism) {
	case "PLAIN":
		response, err := c.authResponse(initial, "")
		if err != nil {
			return err
		}
		if response == nil {
			return c.reply(501, "5.7.0 Authentication cancelled or not base64")
		}
		if strings.Count(string(response), "\x00") != 2 {
			return c.reply(501, "5.5.2 PLAIN wants authzid NUL authcid NUL password")
		}
	case "LOGIN":
		username, err := c.authResponse(initial, authUsernamePrompt)
		if err != nil {
			return err
		}
		if username == nil {
			return c.reply(501, "5.7.0 Authentication cancelled or not base64")
		}
		password, err := c.authResponse("", authPasswordPrompt)
		if err != nil {
			return err
		}
		if password == nil {
			return c.reply(501, "5.7.0 Authentication cancelled or not base64")
		}
	case "":
		return c.reply(501, "5.5.4 Syntax: AUTH mechanism [initial-response]")
	default:
		return c.reply(504, "5.5.4 Unrecognized authentication type")
	}
	c.authenticated = true
	return c.reply(235, "2.7.0 Authentication successful")
}

// authResponse returns the decoded initial response, or prompts with 334 and
// reads one. It returns nil (and no error) when the client cancels with "*" or
// sends bad base64; an error means the connection failed.
func (c *smtpSession) authResponse(initial, prompt string) ([]byte, error) {
	encoded := initial
	if encoded == "" {
		if err := c.reply(334, "%s", prompt); err != nil {
			return nil, err
		}
		line, err := c.readLine(maxCommandBytes, c.server.commandWait)
		if err != nil {
			c.readFailed(err)
			return nil, err
		}
		encoded = strings.TrimSpace(line)
	}
	switch encoded {
	case "*":
		return nil, nil
	case "=":
		return []byte{}, nil
	}
	decoded, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil {
		return nil, nil
	}
	return decoded, nil
}

func (c *smtpSession) mail(arg string) error {
	switch {
	case !c.greeted:
		return c.reply(503, "5.5.1 Send EHLO/HELO first")
	case c.inMail:
		return c.reply(503, "5.5.1 Nested MAIL command")
	}
	address, params, ok := parsePath(arg, "FROM:")
	if !ok {
		return c.reply(501, "5.5.4 Syntax: MAIL FROM:<address> [parameters]")
	}
	for _, param := range params {
		key, value, _ := strings.Cut(param, "=")
		switch strings.ToUpper(key) {
		case "SIZE":
			size, err := strconv.ParseInt(value, 10, 64)
			if err != nil || size < 0 {
				return c.reply(501, "5.5.4 Bad SIZE parameter")
			}
			if size > c.server.maxSize {
				return c.reply(552, "5.3.4 Message size exceeds fixed maximum message size")
			}
		case "BODY":
			if v := strings.ToUpper(value); v != "7BIT" && v != "8BITMIME" {
				return c.reply(501, "5.5.4 BODY must be 7BIT or 8BITMIME")
			}
		case "AUTH":
		default:
			return c.reply(555, "5.5.4 MAIL parameter %s not recognized", key)
		}
	}
	c.inMail = true
	c.sender = address
	c.recipients = nil
	return c.reply(250, "2.1.0 Ok")
}

func (c *smtpSession) rcpt(arg string) error {
	if !c.inMail {
		return c.reply(503, "5.5.1 Need MAIL command first")
	}
	address, params, ok := parsePath(arg, "TO:")
	if !ok || !isMailbox(address) {
		return c.reply(501, "5.1.3 Syntax: RCPT TO:<address>")
	}
	if len(params) > 0 {
		return c.reply(555, "5.5.4 RCPT parameters not supported")
	}
	if len(c.recipients) >= maxRecipients {
		return c.reply(452, "4.5.3 Too many recipients")
	}
	c.recipients = append(c.recipients, address)
	return c.reply(250, "2.1.5 Ok")
}

func (c *smtpSession) data(arg string) error {
	switch {
	case arg != "":
		return c.reply(501, "5.5.4 Syntax: DATA")
	case !c.inMail:
		return c.reply(503, "5.5.1 Need MAIL command first")
	case len(c.recipients) == 0:
		return c.reply(503, "5.5.1 Need RCPT command first")
	}
	if err := c.reply(354, "End data with <CR><LF>.<CR><LF>"); err != nil {
		return err
	}
	c.budget.allow(2*c.server.maxSize + maxCommandBytes)
	c.server.setReadDeadline(c.conn, c.server.dataWait)
	body := c.in.DotReader()
	raw, err := io.ReadAll(io.LimitReader(body, c.server.maxSize+1))
	if err == nil && int64(len(raw)) > c.server.maxSize {
		_, err = io.Copy(io.Discard, body)
		if err == nil {
			c.resetTransaction()
			return c.reply(552, "5.3.4 Message size exceeds fixed maximum message size")
		}
	}
	if err != nil {
		c.readFailed(err)
		return err
	}

	msg := parseMessage(raw, c.sender, c.recipients, time.Now())
	c.server.box.add(msg)
	c.server.logger.Info("mail accepted",
		"id", msg.ID, "from", c.sender, "to", c.recipients, "subject", msg.Subject, "bytes", len(raw))
	c.resetTransaction()
	return c.reply(250, "2.0.0 Ok: queued as %s", msg.ID)
}

// parsePath splits "FROM:<a@b> KEY=V ..." (prefix FROM: or TO:, any case, spaces
// allowed after the colon) into the address between the angle brackets and the
// ESMTP parameters.
func parsePath(arg, prefix string) (string, []string, bool) {
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", nil, false
	}
	rest := strings.TrimLeft(arg[len(prefix):], " ")
	if !strings.HasPrefix(rest, "<") {
		return "", nil, false
	}
	end := strings.IndexByte(rest, '>')
	if end < 0 {
		return "", nil, false
	}
	return rest[1:end], strings.Fields(rest[end+1:]), true
}

// isMailbox accepts local@domain (and the special "postmaster") as a recipient.
func isMailbox(address string) bool {
	if strings.EqualFold(address, "postmaster") {
		return true
	}
	local, domain, ok := strings.Cut(address, "@")
	return ok && local != "" && domain != "" && !strings.ContainsAny(address, " \t")
}
