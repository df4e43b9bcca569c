import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi } from '@/test/http';
import { renderApp } from '@/test/renderApp';
import type { ContentPage } from '../api';

const pages = (locale: string) => [
  { slug: 'overview', title: locale === 'de' ? 'Überblick' : 'Overview', path: `${locale === 'en' ? '' : `/${locale}`}/about/overview` },
  { slug: 'faq', title: locale === 'de' ? 'Häufige Fragen' : 'Frequently asked questions', path: `${locale === 'en' ? '' : `/${locale}`}/about/faq` },
];

const OVERVIEW: ContentPage = {
  locale: 'en',
  section: 'about',
  slug: 'overview',
  title: 'Overview',
  description: 'What Lamplight is and whom it is for.',
  updated: '2026-11-25',
  markdown:
    '# Overview\n\nLamplight keeps a log of your Bible reading.\nIt is free.\n\n## What it stores\n\nSee the [FAQ](/about/faq) and [log today](/today), or [the privacy policy](/policy/privacy#cookies).\n\n<script>alert(1)</script>',
  alternates: [{ locale: 'de', path: '/de/about/overview' }],
  pages: pages('en'),
};

const FAQ_DE: ContentPage = {
  locale: 'de',
  section: 'about',
  slug: 'faq',
  title: 'Häufige Fragen',
  description: 'Antworten auf häufige Fragen.',
  updated: '2026-11-20',
  markdown: '## Ist Lamplight kostenlos?\n\nJa. Mehr im [Überblick](/about/overview).\n\n| Frage | Antwort |\n|---|---|\n| Export | Ja |\n',
  alternates: [{ locale: 'en', path: '/about/faq' }],
  pages: pages('de'),
};

const FAQ_EN: ContentPage = { ...OVERVIEW, slug: 'faq', title: 'Frequently asked questions', description: 'Answers.', markdown: '## Is it free?\n\nYes.' };

describe('ContentPage', () => {
  beforeEach(() => {
    mockApi({
      'GET /_content/en/about': json(200, OVERVIEW),
      'GET /_content/en/about/overview': json(200, OVERVIEW),
      'GET /_content/en/about/faq': json(200, FAQ_EN),
      'GET /_content/de/about/faq': json(200, FAQ_DE),
      'GET /_content/en/about/nothing-here': apiError(404, 'not_found'),
    });
  });

  it('shows the overview at /about: title, date, the section’s pages and the text with in-app links', async () => {
    const { user, router } = renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('November 25, 2026')).toHaveAttribute('dateTime', '2026-11-25');
    expect(screen.getByRole('heading', { level: 2, name: 'What it stores' })).toHaveAttribute('id', 'what-it-stores');
    // Line breaks inside a paragraph are not kept; raw HTML stays text.
    expect(screen.getByText('Lamplight keeps a log of your Bible reading. It is free.')).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Overview | Lamplight'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'What Lamplight is and whom it is for.');

    const nav = screen.getByRole('navigation', { name: 'Pages about Lamplight' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Frequently asked questions' })).not.toHaveAttribute('aria-current');

    const article = screen.getByRole('article');
    expect(within(article).getByRole('link', { name: 'log today' })).toHaveAttribute('href', '/today');
    expect(within(article).getByRole('link', { name: 'the privacy policy' })).toHaveAttribute('href', '/policy/privacy#cookies');
    expect(within(article).getByRole('link', { name: 'the privacy policy' })).not.toHaveAttribute('target');

    await user.click(within(article).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about/faq');
    expect(within(screen.getByRole('navigation', { name: 'Pages about Lamplight' })).getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('keeps the language in links and renders tables, in German', async () => {
    renderApp('/de/about/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeInTheDocument();
    expect(screen.getByText('20. November 2026')).toBeInTheDocument();
    expect(screen.getByText('Zuletzt aktualisiert am', { exact: false })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getByRole('link', { name: 'Überblick' })).toHaveAttribute('href', '/de/about/overview');
    expect(within(article).getByRole('columnheader', { name: 'Frage' })).toBeInTheDocument();
    expect(within(article).getByRole('cell', { name: 'Export' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Feedback senden' })).toHaveAttribute('href', '/de/feedback');
    expect(within(screen.getByRole('navigation', { name: 'Seiten über Lamplight' })).getByRole('link', { name: 'Überblick' })).toHaveAttribute(
      'href',
      '/de/about/overview',
    );
    expect(apiCalls('GET /_content/de/about/faq')).toHaveLength(1);
  });

  it('shows the 404 page for an unknown page', async () => {
    renderApp('/about/nothing-here');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404');
  });

  it('says when a page could not be loaded and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /_content/en/about/faq': () => (fail ? apiError(500, 'internal_error') : json(200, FAQ_EN)) });
    const { user } = renderApp('/about/faq');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
  });
});
