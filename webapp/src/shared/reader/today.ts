import { useEffect, useState } from 'react';
import { browserTimeZone } from '@/shared/auth';
import { useGetReaderSettingsQuery } from './api';

// Creating a date format takes milliseconds and every reader screen asks for today on each
// render, so each zone's format is made once.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string | undefined): Intl.DateTimeFormat {
  let format = dayFormats.get(zone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone ?? '', format);
  }
  return format;
}

/** The calendar date (YYYY-MM-DD) at `now` in an IANA time zone; the browser's zone for an unknown one. */
export function dateInTimeZone(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return dayFormat(timeZone || undefined).format(now);
  } catch {
    return dayFormat(undefined).format(now);
  }
}

// The browser's zone stands in only until the settings arrive; asking the browser for it creates a
// date format each time, so it is asked once.
let browserZone: string | undefined;
function fallbackZone(): string {
  return (browserZone ??= browserTimeZone() || 'UTC');
}

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The reader's today (YYYY-MM-DD) and the time zone it is computed in. Before the settings arrive
 * it uses the browser's zone, so a page can ask for today's figures in the same round of requests
 * as the settings; once the settings' zone is known it wins (the date only changes when the two
 * zones disagree about the date). Moves on at midnight.
 */
export function useReaderToday(): { today: string; timeZone: string; settled: boolean } {
  const { data: settings } = useGetReaderSettingsQuery();
  const now = useMinuteClock();
  const timeZone = settings?.timeZone || fallbackZone();
  return { today: dateInTimeZone(timeZone, now), timeZone, settled: settings !== undefined };
}
