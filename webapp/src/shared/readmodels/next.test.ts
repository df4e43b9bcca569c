// Runs the streak and "Read next" rules shared with the server (modules/readmodels/testdata/next.json,
// asserted by modules/readmodels/next_vectors_test.go against the server's computation) through the browser's.
import { describe, expect, it } from 'vitest';
import { streak, suggestions, type NextEntry, type Streak, type Suggestion } from './next';

interface NextCase {
  name: string;
  lookBackDate: string;
  restDaysPerWeek: number;
  today: string;
  log: NextEntry[];
  streak: Streak;
  suggestions: Suggestion[];
}

const files = import.meta.glob<{ cases: NextCase[] }>('../../../../modules/readmodels/testdata/next.json', { eager: true, import: 'default' });
const { cases } = Object.values(files)[0]!;

describe('streak and suggestion vectors', () => {
  it('has the shared cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  for (const c of cases) {
    it(c.name, () => {
      expect(streak(c.log, c.lookBackDate, c.today, c.restDaysPerWeek)).toEqual(c.streak);
      expect(suggestions(c.log, c.lookBackDate, c.today)).toEqual(c.suggestions);
    });
  }
});
