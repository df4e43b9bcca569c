import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '@/shared/lib/formats';
import { Chart, tickIndexes } from '../components/Chart';

describe('tickIndexes', () => {
  it('names the first and the last value and at most two between, evenly', () => {
    expect(tickIndexes(0)).toEqual([]);
    expect(tickIndexes(1)).toEqual([0]);
    expect(tickIndexes(2)).toEqual([0, 1]);
    expect(tickIndexes(7)).toEqual([0, 2, 4, 6]);
    expect(tickIndexes(30)).toEqual([0, 10, 19, 29]);
    expect(tickIndexes(366)).toEqual([0, 122, 243, 365]);
  });
});

describe('Chart', () => {
  it('writes its date axis in the page language, a few short dates', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const uk = formatsFor('uk');
    const { container } = render(
      <Chart
        title="Активні читачі"
        tableCaption="Таблиця"
        xLabel="Дата"
        labels={days.map(uk.date)}
        tick={(i) => uk.shortDate(days[i]!)}
        series={[{ label: 'Щодня', values: days.map((_, i) => i) }]}
        format={uk.integer}
      />,
    );
    const ticks = [...container.querySelectorAll('figure > div[aria-hidden="true"] > span')].map((s) => s.textContent);
    expect(ticks).toEqual(['1 лист.', '11 лист.', '20 лист.', '30 лист.']);
  });
});
