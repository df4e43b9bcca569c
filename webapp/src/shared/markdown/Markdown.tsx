import { Lexer, type Token, type Tokens } from 'marked';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LocaleLink } from '@/shared/i18n';
import styles from './Markdown.module.css';

// Markdown (a reader's note, a help page) is rendered as React elements from marked's tokens,
// never as an HTML string: raw HTML shows as the text it is, links work only for web and mail
// addresses (and, where allowed, the app's own pages), and images stay links (nothing is fetched
// from elsewhere).

const SAFE_LINK = /^(https?:|mailto:)/i;
/** An app path ("/about/faq", "/today#x"), not a protocol-relative address ("//host"). */
const APP_PATH = /^\/(?!\/)/;
/** A link to a heading on the same page ("#is-lamplight-free"). */
const FRAGMENT = /^#[\p{L}\p{N}_-]+$/u;

interface Options {
  /** Added to a Markdown heading's depth. */
  headingBase: number;
  /** App paths become in-app links in the current language; headings get ids for "#..." links. */
  internalLinks: boolean;
}

let decoder: HTMLTextAreaElement | null = null;

/** Character references in text ("&amp;", "&#8212;"); a textarea decodes them without running anything. */
function decode(text: string): string {
  if (!text.includes('&')) return text;
  decoder ??= document.createElement('textarea');
  decoder.innerHTML = text;
  return decoder.value;
}

function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return SAFE_LINK.test(trimmed) ? trimmed : null;
}

/** "Is Lamplight free?" -> "is-lamplight-free": a heading's id, for links to it. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/[\s_]+/g, '-');
}

function plainText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? []).map((token) => ('tokens' in token && token.tokens ? plainText(token.tokens) : 'text' in token ? decode(String(token.text)) : '')).join('');
}

function inline(tokens: readonly Token[] | undefined, options: Options): ReactNode[] {
  return (tokens ?? []).map((token, i) => renderInline(token, i, options));
}

function renderLink(link: Tokens.Link, key: number, options: Options): ReactNode {
  const children = link.autolink ? link.text : inline(link.tokens, options);
  const target = link.href.trim();
  if (options.internalLinks && APP_PATH.test(target)) {
    return (
      <LocaleLink key={key} to={target} title={link.title ?? undefined}>
        {children}
      </LocaleLink>
    );
  }
  if (options.internalLinks && FRAGMENT.test(target)) {
    return (
      <a key={key} href={target} title={link.title ?? undefined}>
        {children}
      </a>
    );
  }
  const href = safeHref(target);
  return href ? (
    <a key={key} href={href} title={link.title ?? undefined} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ) : (
    <span key={key}>{children}</span>
  );
}

function renderInline(token: Token, key: number, options: Options): ReactNode {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <span key={key}>{inline(text.tokens, options)}</span> : decode(text.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return <strong key={key}>{inline((token as Tokens.Strong).tokens, options)}</strong>;
    case 'em':
      return <em key={key}>{inline((token as Tokens.Em).tokens, options)}</em>;
    case 'del':
      return <del key={key}>{inline((token as Tokens.Del).tokens, options)}</del>;
    case 'codespan':
      return <code key={key}>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link':
      return renderLink(token as Tokens.Link, key, options);
    case 'image': {
      const image = token as Tokens.Image;
      const href = safeHref(image.href);
      const label = decode(image.text) || image.href;
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {label}
        </a>
      ) : (
        label
      );
    }
    case 'checkbox':
      // A task's box as a character, read out as "ballot box" with or without a check.
      return (
        <span key={key} className={styles.task}>
          {(token as Tokens.Checkbox).checked ? '☑' : '☐'}{' '}
        </span>
      );
    default:
      // Raw HTML and anything unknown: the text as written.
      return token.raw;
  }
}

function renderBlock(token: Token, key: number, options: Options): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens, options)}</p>;
    case 'text': {
      const text = token as Tokens.Text;
      return <p key={key}>{text.tokens ? inline(text.tokens, options) : decode(text.text)}</p>;
    }
    case 'heading': {
      const heading = token as Tokens.Heading;
      // Headings inside a note sit below the page's own headings.
      const level = Math.min(6, heading.depth + options.headingBase) as 1 | 2 | 3 | 4 | 5 | 6;
      const Tag = `h${level}` as const;
      return (
        <Tag key={key} id={options.internalLinks ? headingId(plainText(heading.tokens)) : undefined} className={styles.heading}>
          {inline(heading.tokens, options)}
        </Tag>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{blocks((token as Tokens.Blockquote).tokens, options)}</blockquote>;
    case 'code':
      return (
        <pre key={key}>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, i) => (
        <li key={i} className={item.task ? styles.taskItem : undefined}>
          {item.loose ? blocks(item.tokens, options) : item.tokens.map((child, j) => listChild(child, j, options))}
        </li>
      ));
      return list.ordered ? (
        <ol key={key} start={list.start === '' || list.start === 1 ? undefined : list.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'table': {
      const table = token as Tokens.Table;
      const align = (a: Tokens.TableCell['align']) => (a ? styles[`align-${a}`] : undefined);
      return (
        <TableScroll key={key} label={table.header.map((cell) => plainText(cell.tokens)).join(', ')}>
          <table>
            <thead>
              <tr>
                {table.header.map((cell, i) => (
                  <th key={i} scope="col" className={align(cell.align)}>
                    {inline(cell.tokens, options)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} className={align(cell.align)}>
                      {inline(cell.tokens, options)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      );
    }
    case 'html':
      return (
        <p key={key} className={styles.raw}>
          {(token as Tokens.HTML).text}
        </p>
      );
    default:
      return renderInline(token, key, options);
  }
}

/**
 * A table scrolls sideways when it is wider than the text (on a phone); it can then be reached
 * and scrolled with the keyboard, as a region named by its column headers.
 */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    check();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={styles.tableWrap}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}

/** A tight list item holds text runs directly; other blocks inside it render as blocks. */
function listChild(token: Token, key: number, options: Options): ReactNode {
  if (token.type === 'text') {
    const text = token as Tokens.Text;
    return <span key={key}>{text.tokens ? inline(text.tokens, options) : decode(text.text)}</span>;
  }
  if (token.type === 'checkbox') return renderInline(token, key, options);
  return renderBlock(token, key, options);
}

function blocks(tokens: readonly Token[], options: Options): ReactNode[] {
  return tokens.map((token, i) => renderBlock(token, i, options));
}

export interface MarkdownProps {
  source: string;
  /** Added to a Markdown heading's depth: with 2, "# Title" becomes an h3. */
  headingBase?: number;
  /**
   * For the app's own texts: links to app paths ("/about/faq") open in the current language
   * without reloading, "#..." links reach headings (which get ids), and single line breaks
   * inside a paragraph are not kept. Off for what readers write.
   */
  internalLinks?: boolean;
  className?: string;
}

/** Markdown as safe React elements (GitHub-flavoured: tables, task lists, strikethrough, autolinks). */
export function Markdown({ source, headingBase = 2, internalLinks = false, className }: MarkdownProps) {
  const content = useMemo(
    () => blocks(Lexer.lex(source, { gfm: true, breaks: !internalLinks }), { headingBase, internalLinks }),
    [source, headingBase, internalLinks],
  );
  return <div className={[styles.markdown, className].filter(Boolean).join(' ')}>{content}</div>;
}
