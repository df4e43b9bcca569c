import { Lexer, type Token, type Tokens } from 'marked';
import { useMemo, type ReactNode } from 'react';
import styles from './Markdown.module.css';

// Notes are Markdown written by the reader. They are rendered as React elements from marked's
// tokens, never as an HTML string: raw HTML shows as the text it is, links work only for web and
// mail addresses, and images stay links (nothing is fetched from elsewhere).

const SAFE_LINK = /^(https?:|mailto:)/i;

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

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, i) => renderInline(token, i));
}

function renderInline(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <span key={key}>{inline(text.tokens)}</span> : decode(text.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return <strong key={key}>{inline((token as Tokens.Strong).tokens)}</strong>;
    case 'em':
      return <em key={key}>{inline((token as Tokens.Em).tokens)}</em>;
    case 'del':
      return <del key={key}>{inline((token as Tokens.Del).tokens)}</del>;
    case 'codespan':
      return <code key={key}>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      const children = link.autolink ? link.text : inline(link.tokens);
      return href ? (
        <a key={key} href={href} title={link.title ?? undefined} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      ) : (
        <span key={key}>{children}</span>
      );
    }
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

function renderBlock(token: Token, key: number, headingBase: number): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens)}</p>;
    case 'text': {
      const text = token as Tokens.Text;
      return <p key={key}>{text.tokens ? inline(text.tokens) : decode(text.text)}</p>;
    }
    case 'heading': {
      const heading = token as Tokens.Heading;
      // Headings inside a note sit below the page's own headings.
      const level = Math.min(6, heading.depth + headingBase) as 1 | 2 | 3 | 4 | 5 | 6;
      const Tag = `h${level}` as const;
      return (
        <Tag key={key} className={styles.heading}>
          {inline(heading.tokens)}
        </Tag>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{blocks((token as Tokens.Blockquote).tokens, headingBase)}</blockquote>;
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
          {item.loose ? blocks(item.tokens, headingBase) : item.tokens.map((child, j) => listChild(child, j, headingBase))}
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
        <div key={key} className={styles.tableWrap}>
          <table>
            <thead>
              <tr>
                {table.header.map((cell, i) => (
                  <th key={i} scope="col" className={align(cell.align)}>
                    {inline(cell.tokens)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} className={align(cell.align)}>
                      {inline(cell.tokens)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'html':
      return (
        <p key={key} className={styles.raw}>
          {(token as Tokens.HTML).text}
        </p>
      );
    default:
      return renderInline(token, key);
  }
}

/** A tight list item holds text runs directly; other blocks inside it render as blocks. */
function listChild(token: Token, key: number, headingBase: number): ReactNode {
  if (token.type === 'text') {
    const text = token as Tokens.Text;
    return <span key={key}>{text.tokens ? inline(text.tokens) : decode(text.text)}</span>;
  }
  if (token.type === 'checkbox') return renderInline(token, key);
  return renderBlock(token, key, headingBase);
}

function blocks(tokens: readonly Token[], headingBase: number): ReactNode[] {
  return tokens.map((token, i) => renderBlock(token, i, headingBase));
}

export interface MarkdownProps {
  source: string;
  /** Added to a Markdown heading's depth: with 2, "# Title" becomes an h3. */
  headingBase?: number;
  className?: string;
}

/** A note's Markdown as safe React elements (GitHub-flavoured: tables, task lists, strikethrough, autolinks). */
export function Markdown({ source, headingBase = 2, className }: MarkdownProps) {
  const content = useMemo(() => blocks(Lexer.lex(source, { gfm: true, breaks: true }), headingBase), [source, headingBase]);
  return <div className={[styles.markdown, className].filter(Boolean).join(' ')}>{content}</div>;
}
