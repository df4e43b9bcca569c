import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const PAGE = { timeout: 20_000 };

describe('Export page', () => {
  it('offers each download as a link, with the log layout and language and the notes format', async () => {
    signedInAs();
    const { user } = renderApp('/settings/export');
    await screen.findByRole('heading', { level: 1, name: 'Export your data' }, PAGE);
    expect(document.title).toContain('Export');

    const archive = screen.getByRole('link', { name: 'Download the archive (JSON)' });
    expect(archive).toHaveAttribute('href', expect.stringMatching(/\/api\/export\/archive\.json$/));
    expect(archive).toHaveAttribute('download');
    expect(screen.getByText(/This is the backup format/)).toBeInTheDocument();

    const log = screen.getByRole('link', { name: 'Download the reading log (CSV)' });
    expect(log).toHaveAttribute('href', expect.stringMatching(/\/api\/export\/log\.csv\?format=simple&locale=en$/));
    const language = screen.getByRole('combobox', { name: 'Language of the book names' });
    expect(language).toHaveValue('en');
    await user.selectOptions(language, 'de');
    await user.click(screen.getByRole('radio', { name: /For spreadsheets/ }));
    expect(log).toHaveAttribute('href', expect.stringMatching(/\/api\/export\/log\.csv\?format=ids&locale=de$/));

    const notesCard = screen.getByRole('region', { name: 'Notes' });
    const notes = within(notesCard).getByRole('link', { name: 'Download the notes' });
    expect(notes).toHaveAttribute('href', expect.stringMatching(/\/api\/export\/notes\.md\?locale=en$/));
    await user.click(within(notesCard).getByRole('radio', { name: /CSV: one note per row/ }));
    expect(notes).toHaveAttribute('href', expect.stringMatching(/\/api\/export\/notes\.csv\?locale=en$/));
  });

  it('defaults the log language to the page language', async () => {
    signedInAs({ locale: 'fr' });
    renderApp('/fr/settings/export');
    const language = await screen.findByRole('combobox', { name: 'Langue des noms de livres' }, PAGE);
    expect(language).toHaveValue('fr');
    expect(screen.getByRole('link', { name: 'Télécharger le journal de lecture (CSV)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/locale=fr$/),
    );
  });

  it('is linked from the settings page', async () => {
    signedInAs();
    renderApp('/settings');
    const link = await screen.findByRole('link', { name: 'Export your data' }, PAGE);
    expect(link).toHaveAttribute('href', '/settings/export');
  });
});
