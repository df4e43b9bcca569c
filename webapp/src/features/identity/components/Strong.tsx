import { Fragment } from 'react';

/**
 * Renders a translated sentence whose <strong>…</strong> parts are emphasised
 * ("We sent a code to <strong>{{email}}</strong>."). Everything is rendered as text, never as HTML.
 */
export function WithStrong({ text }: { text: string }) {
  const parts = text.split(/<strong>(.*?)<\/strong>/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? <strong key={index}>{part}</strong> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
