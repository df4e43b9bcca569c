import { useEffect } from 'react';

/**
 * Keeps <meta name="description"> in step with the page shown (the server writes it for the page
 * first opened; moving between pages happens in the browser). The previous text comes back when
 * the page goes.
 */
export function useMetaDescription(description: string | undefined): void {
  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
