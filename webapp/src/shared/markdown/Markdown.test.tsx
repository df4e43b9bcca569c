import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

const show = (source: string) => render(<Markdown source={source} />).container;

describe('Markdown', () => {
  it('renders GitHub-flavoured Markdown as elements', () => {
    const root = show('# Title\n\n*one* **two** ~~three~~ `a<b>`\n\n1. first\n2. second\n\n- [x] done\n- [ ] open\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted');
    expect(screen.getByRole('heading', { level: 3, name: 'Title' })).toBeInTheDocument();
    expect(root.querySelector('em')).toHaveTextContent('one');
    expect(root.querySelector('strong')).toHaveTextContent('two');
    expect(root.querySelector('del')).toHaveTextContent('three');
    expect(root.querySelector('code')).toHaveTextContent('a<b>');
    expect(root.querySelector('ol')).toHaveTextContent('firstsecond');
    expect(root.querySelector('ul')).toHaveTextContent('☑ done☐ open');
    expect(screen.getByRole('columnheader', { name: 'a' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(root.querySelector('blockquote')).toHaveTextContent('quoted');
  });

  it('shows raw HTML as text and decodes character references', () => {
    const root = show('<img src=x onerror=alert(1)> <i>x</i> &amp; &eacute;\n\n<div onclick="alert(1)">block</div>');
    expect(root.querySelector('img, i, div[onclick]')).toBeNull();
    expect(root).toHaveTextContent('<img src=x onerror=alert(1)> <i>x</i> & é');
    expect(root).toHaveTextContent('<div onclick="alert(1)">block</div>');
  });

  it('links only to web and mail addresses, and never loads images', () => {
    const root = show('[a](https://example.com) [b](mailto:x@example.com) [c](javascript:alert(1)) [d](data:text/html,x) ![pic](https://example.com/p.png)');
    expect(screen.getByRole('link', { name: 'a' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'b' })).toHaveAttribute('href', 'mailto:x@example.com');
    expect(screen.queryByRole('link', { name: 'c' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'd' })).toBeNull();
    expect(screen.getByRole('link', { name: 'pic' })).toHaveAttribute('href', 'https://example.com/p.png');
    expect(root.querySelector('img')).toBeNull();
  });
});

describe('Markdown with the app’s own links', () => {
  const showAt = (path: string, source: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Markdown source={source} headingBase={0} internalLinks />
      </MemoryRouter>,
    ).container;

  it('turns app paths into links in the current language and gives headings ids', () => {
    showAt('/uk/about/overview', '## Чи це безкоштовно?\n\n[FAQ](/about/faq) [up](#чи-це-безкоштовно) [web](https://example.com) [proto](//evil.example) [js](javascript:alert(1))');
    expect(screen.getByRole('heading', { level: 2 })).toHaveAttribute('id', 'чи-це-безкоштовно');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/uk/about/faq');
    expect(screen.getByRole('link', { name: 'up' })).toHaveAttribute('href', '#чи-це-безкоштовно');
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'proto' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'js' })).toBeNull();
  });

  it('leaves app paths unlinked in what readers write', () => {
    render(
      <MemoryRouter>
        <Markdown source="[FAQ](/about/faq)" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'FAQ' })).toBeNull();
  });
});
