// A Go program that speaks announcerd's protocol itself (only Go's standard library): JSON
// lines on a Unix socket (docs/protocol.md). The player's window, its Play button as the focus,
// and what it plays, waited for until it has finished.
//
//	go run now_playing.go      (announcerd running)
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"os"
)

// The socket every client finds announcerd at.
func socketPath() string {
	if path := os.Getenv("ANNOUNCER_SOCKET"); path != "" {
		return path
	}
	if runtime := os.Getenv("XDG_RUNTIME_DIR"); runtime != "" {
		return runtime + "/announcer/socket"
	}
	return os.Getenv("HOME") + "/.cache/announcer/socket"
}

type connection struct {
	socket net.Conn
	lines  *bufio.Scanner
	events []map[string]any
}

// Sends one request and returns its reply; events that come first are kept.
func (c *connection) request(request map[string]any) (map[string]any, error) {
	line, err := json.Marshal(request)
	if err != nil {
		return nil, err
	}
	if _, err := c.socket.Write(append(line, '\n')); err != nil {
		return nil, err
	}
	for {
		message, err := c.next()
		if err != nil {
			return nil, err
		}
		switch message["type"] {
		case "event":
			c.events = append(c.events, message)
		case "error":
			return nil, fmt.Errorf("%v: %v", message["code"], message["message"])
		default:
			return message, nil
		}
	}
}

func (c *connection) next() (map[string]any, error) {
	if !c.lines.Scan() {
		return nil, fmt.Errorf("announcerd closed the connection")
	}
	var message map[string]any
	err := json.Unmarshal(c.lines.Bytes(), &message)
	return message, err
}

// Waits for the utterance's `finished` event: how it ended.
func (c *connection) finished(utterance float64) (string, error) {
	for {
		for _, event := range c.events {
			if event["event"] == "finished" && event["utterance"] == utterance {
				return event["status"].(string), nil
			}
		}
		message, err := c.next()
		if err != nil {
			return "", err
		}
		c.events = append(c.events, message)
	}
}

func main() {
	socket, err := net.Dial("unix", socketPath())
	if err != nil {
		fmt.Fprintln(os.Stderr, "now_playing: cannot reach announcerd:", err)
		os.Exit(1)
	}
	defer socket.Close()
	c := &connection{socket: socket, lines: bufio.NewScanner(socket)}
	steps := []map[string]any{
		{"type": "hello", "client": "now-playing-go", "protocol": 1, "hints": "keyboard"},
		{"type": "subscribe", "events": []string{"finished"}},
		{"type": "window", "title": "Player"},
		{"type": "focus", "element": map[string]any{"id": "play", "label": "Play", "traits": []string{"button"}}},
		{"type": "announce", "text": "Now playing: Blue in Green"},
	}
	var reply map[string]any
	for _, step := range steps {
		if reply, err = c.request(step); err != nil {
			fmt.Fprintf(os.Stderr, "now_playing: %v: %v\n", step["type"], err)
			os.Exit(1)
		}
	}
	status, err := c.finished(reply["utterance"].(float64))
	if err != nil {
		fmt.Fprintln(os.Stderr, "now_playing:", err)
		os.Exit(1)
	}
	fmt.Println(status)
}
