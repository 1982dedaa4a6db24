package realtime

import (
	"encoding/binary"
	"errors"
	"net"
)

// Websocket opcodes (RFC 6455 §5.2).
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

// Close codes (RFC 6455 §7.4.1) the hub sends.
const (
	closeNormal          = 1000
	closeGoingAway       = 1001
	closeProtocolError   = 1002
	closePolicyViolation = 1008
	closeMessageTooBig   = 1009
)

// frameError is a client frame the hub cannot accept: the connection is closed with code.
type frameError struct {
	code   int
	reason string
}

func (e *frameError) Error() string { return e.reason }

var (
	errUnmasked      = &frameError{closeProtocolError, "client frames must be masked"}
	errReservedBits  = &frameError{closeProtocolError, "reserved bits set"}
	errUnknownOpcode = &frameError{closeProtocolError, "unknown opcode"}
	errBadControl    = &frameError{closeProtocolError, "control frames must be final and at most 125 bytes"}
	errBadSequence   = &frameError{closeProtocolError, "continuation out of sequence"}
	errTooBig        = &frameError{closeMessageTooBig, "message too big"}
)

// inbound turns the bytes a client sends into whole messages and control frames. Bytes of a
// frame that has not fully arrived are kept until the next read; a connection that is between
// frames (every idle one) keeps nothing.
type inbound struct {
	partial []byte // the start of a frame whose rest has not arrived yet
	message []byte // the fragments so far of a message sent in several frames
	kind    byte   // the opcode of that message
	limit   int    // the largest message accepted, in bytes
}

// feed reads the frames in data, which it may modify (payloads are unmasked in place), and
// calls deliver for each whole message (opText or opBinary) and each control frame. payload is
// only valid during the call. It stops at the first error: a *frameError or deliver's.
func (in *inbound) feed(data []byte, deliver func(op byte, payload []byte) error) error {
	if len(in.partial) > 0 {
		data = append(in.partial, data...)
		in.partial = nil
	}
	for len(data) > 0 {
		n, err := in.frame(data, deliver)
		if err != nil {
			return err
		}
		if n == 0 {
			// A frame bounded by limit, so what waits for its rest is bounded too.
			in.partial = append([]byte(nil), data...)
			return nil
		}
		data = data[n:]
	}
	return nil
}

// frame handles the frame at the start of data and returns its length, or 0 when data holds
// only part of it.
func (in *inbound) frame(data []byte, deliver func(op byte, payload []byte) error) (int, error) {
	if len(data) < 2 {
		return 0, nil
	}
	fin, rsv, op := data[0]&0x80 != 0, data[0]&0x70, data[0]&0x0F
	masked, length := data[1]&0x80 != 0, uint64(data[1]&0x7F)
	switch {
	case rsv != 0:
		return 0, errReservedBits
	case !masked:
		return 0, errUnmasked
	}
	head := 2
	switch length {
	case 126:
		if len(data) < 4 {
			return 0, nil
		}
		length, head = uint64(binary.BigEndian.Uint16(data[2:])), 4
	case 127:
		if len(data) < 10 {
			return 0, nil
		}
		length, head = binary.BigEndian.Uint64(data[2:]), 10
	}
	control := op >= opClose
	switch {
	case op > opBinary && op < opClose, op > opPong:
		return 0, errUnknownOpcode
	case control && (!fin || length > 125):
		return 0, errBadControl
	case !control && length+uint64(len(in.message)) > uint64(in.limit):
		return 0, errTooBig
	}
	size := head + 4 + int(length)
	if len(data) < size {
		return 0, nil
	}
	key, payload := data[head:head+4], data[head+4:size]
	for i := range payload {
		payload[i] ^= key[i&3]
	}

	switch {
	case control:
		return size, deliver(op, payload)
	case op == opContinuation && in.message == nil, op != opContinuation && in.message != nil:
		return 0, errBadSequence
	case op != opContinuation && fin:
		return size, deliver(op, payload)
	case op != opContinuation:
		in.kind, in.message = op, append(make([]byte, 0, len(payload)), payload...)
		return size, nil
	}
	in.message = append(in.message, payload...)
	if !fin {
		return size, nil
	}
	message := in.message
	in.message = nil
	return size, deliver(in.kind, message)
}

// frameHeader returns the header of a final, unmasked server frame of op with n bytes of payload.
func frameHeader(dst []byte, op byte, n int) []byte {
	dst = append(dst, 0x80|op)
	switch {
	case n <= 125:
		return append(dst, byte(n))
	case n <= 0xFFFF:
		return binary.BigEndian.AppendUint16(append(dst, 126), uint16(n))
	}
	return binary.BigEndian.AppendUint64(append(dst, 127), uint64(n))
}

// writeFrames writes frames (op, payload pairs as built by the writer) in one system call
// where the connection allows it.
func writeFrames(conn net.Conn, frames net.Buffers) error {
	_, err := frames.WriteTo(conn)
	return err
}

// closePayload is the body of a close frame: the code, big-endian, then the reason.
func closePayload(code int, reason string) []byte {
	payload := binary.BigEndian.AppendUint16(make([]byte, 0, 2+len(reason)), uint16(code))
	return append(payload, reason...)
}

// closeCode reads the code of a client's close frame; a frame without one means 1000 (normal).
func closeCode(payload []byte) int {
	if len(payload) < 2 {
		return closeNormal
	}
	return int(binary.BigEndian.Uint16(payload))
}

var errClosed = errors.New("realtime: connection closed")
