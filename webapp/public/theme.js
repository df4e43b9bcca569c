/* global document, localStorage */
// Runs before the style sheets so the first paint has the reader's theme (src/shared/ui/theme/theme.ts
// writes the same key). A plain file, as the server's CSP refuses inline scripts.
try {
  var theme = localStorage.getItem('lamplight:theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
} catch {
  // storage blocked: the device's colour scheme applies
}
