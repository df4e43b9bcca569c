import { API_BASE_URL, baseApi } from '@/shared/api';
import type { Locale } from '@/shared/i18n';

/** The two sections of the app's own texts: /about/... and /policy/... */
export type ContentSection = 'about' | 'policy';

export interface ContentPageLink {
  slug: string;
  title: string;
  /** With the locale prefix: "/de/about/overview". */
  path: string;
}

/** A page of the app's own texts as GET /_content/{locale}/{section}/{slug} answers it. */
export interface ContentPage {
  locale: Locale;
  section: ContentSection;
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  updated: string;
  markdown: string;
  alternates: { locale: Locale; path: string }[];
  /** Every page of the section, in reading order. */
  pages: ContentPageLink[];
}

export interface ContentPageArgs {
  locale: Locale;
  section: ContentSection;
  /** Without one the server answers the section's first page. */
  slug?: string;
}

// The texts are served beside the API, not under /api.
function contentUrl({ locale, section, slug }: ContentPageArgs): string {
  const parts = ['_content', locale, section, ...(slug ? [slug] : [])];
  return new URL(`/${parts.map(encodeURIComponent).join('/')}`, API_BASE_URL).href;
}

export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getContentPage: build.query<ContentPage, ContentPageArgs>({
      query: contentUrl,
      // The texts change only with a new release.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetContentPageQuery } = contentApi;
