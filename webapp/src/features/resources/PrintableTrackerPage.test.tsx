import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/renderApp';

describe('PrintableTrackerPage', () => {
  it('lists every book with a box per chapter, without signing in', async () => {
    const { container } = renderApp('/resources/printable-bible-reading-tracker');
    expect(await screen.findByRole('heading', { level: 1, name: 'Printable Bible reading tracker' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(66);
    expect(screen.getByRole('heading', { level: 4, name: 'Psalms' })).toBeInTheDocument();
    expect(container.querySelectorAll('ol[aria-hidden="true"] > li')).toHaveLength(1189);
  });

  it('opens the print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderApp('/resources/printable-bible-reading-tracker');
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('names the books in the page language', async () => {
    renderApp('/de/resources/printable-bible-reading-tracker');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bibellese-Checkliste zum Ausdrucken' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: '1. Mose' })).toBeInTheDocument();
  });
});
