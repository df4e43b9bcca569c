/* global self, URL, fetch */
// Daily reminders in the installed app: imported into the generated service worker
// (vite.config.ts, workbox.importScripts). The server's payload is
// {title, body, date, url, log: {startVerseId, endVerseId} | null, actions: [{action, title}]}.
self.addEventListener('push', (event) => {
  if (!event.data) return;
  let reminder;
  try {
    reminder = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: `reminder-${reminder.date}`,
      icon: '/icons/icon-192.png',
      data: reminder,
      actions: (reminder.actions || []).filter((a) => a.action !== 'log' || reminder.log).map((a) => ({ action: a.action, title: a.title })),
    }),
  );
});

async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = new URL(url, self.location.origin);
  for (const client of windows) {
    if (new URL(client.url).origin === target.origin && 'navigate' in client) {
      await client.focus();
      return client.navigate(target.href);
    }
  }
  return self.clients.openWindow(target.href);
}

// "Log today's suggestion" records the first suggestion for the reminder's date (signed in by
// the session cookie), then opens the app through the reminder's tracked link; "Open" and a
// click on the notification only open it.
self.addEventListener('notificationclick', (event) => {
  const reminder = event.notification.data || {};
  event.notification.close();
  const url = reminder.url || '/today';
  if (event.action === 'log' && reminder.log) {
    event.waitUntil(
      fetch('/api/log-entries', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ date: reminder.date, startVerseId: reminder.log.startVerseId, endVerseId: reminder.log.endVerseId }),
      })
        .catch(() => undefined)
        .then(() => openApp(url)),
    );
    return;
  }
  event.waitUntil(openApp(url));
});
