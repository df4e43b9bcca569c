package domain

import "strings"

// DeviceLabel names a session's device from its User-Agent for the
// sessions list, e.g. "Firefox on Windows"; never longer than 64 bytes.
func DeviceLabel(userAgent string) string {
	ua := userAgent
	browser := ""
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"}, {"Firefox/", "Firefox"},
		{"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"},
		{"curl/", "curl"}, {"Go-http-client", "Go client"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, s := range []struct{ token, name string }{
		{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"}, {"Windows", "Windows"},
		{"Mac OS X", "macOS"}, {"Macintosh", "macOS"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, s.token) {
			system = s.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return system
	}
	ua = strings.TrimSpace(ua)
	if ua == "" {
		return "Unknown device"
	}
	if len(ua) > 64 {
		ua = strings.ToValidUTF8(ua[:64], "")
	}
	return ua
}
