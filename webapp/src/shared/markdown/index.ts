export { Markdown, headingId, type MarkdownProps } from './Markdown';
