// Command seed registers the ten-year reader (bench/tenyear) on a running
// Lamplight server and logs its 4,000-odd entries through the API, so
// bench/today-trace can sign in as that reader.
//
//	go run ./bench/today-trace/seed -base http://127.0.0.1:8080 -email a@b.example -password secret
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"lamplight/bench/tenyear"
	"lamplight/platform/dates"
)

func main() {
	base := flag.String("base", "", "server base URL")
	email := flag.String("email", "ten-years@trace.example", "the reader's email")
	password := flag.String("password", "correct horse battery", "the reader's password")
	flag.Parse()
	n, err := seed(*base, *email, *password)
	if err != nil {
		fmt.Fprintln(os.Stderr, "seed:", err)
		os.Exit(1)
	}
	fmt.Println(n)
}

func seed(base, email, password string) (int, error) {
	creds := map[string]string{"email": email, "password": password}
	if code, res, err := call(base, http.MethodPost, "/api/auth/register", "", creds); err != nil || code != http.StatusAccepted {
		return 0, fmt.Errorf("register: %d %.200s %v", code, res, err)
	}
	code, res, err := call(base, http.MethodPost, "/api/auth/login", "", creds)
	var login struct {
		Token string `json:"token"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(res, &login) != nil {
		return 0, fmt.Errorf("login: %d %.200s %v", code, res, err)
	}
	log := tenyear.Log(dates.Today("UTC", time.Now()))
	settings := map[string]any{"lookBackDate": log[0]["date"], "timeZone": "UTC", "welcomeDone": true}
	if code, res, err := call(base, http.MethodPut, "/api/settings", login.Token, settings); err != nil || code != http.StatusOK {
		return 0, fmt.Errorf("settings: %d %.200s %v", code, res, err)
	}
	for from := 0; from < len(log); from += 1000 {
		batch := map[string]any{"entries": log[from:min(from+1000, len(log))]}
		if code, res, err := call(base, http.MethodPost, "/api/log-entries/batch", login.Token, batch); err != nil || code != http.StatusCreated {
			return 0, fmt.Errorf("entries: %d %.200s %v", code, res, err)
		}
	}
	return len(log), nil
}

func call(base, method, path, token string, body any) (int, []byte, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return 0, nil, err
	}
	req, err := http.NewRequest(method, base+path, bytes.NewReader(b))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}
