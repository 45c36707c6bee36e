/** One call the browser would make for this page, with the answer the HTML was drawn from. */
export interface EmbeddedAnswer {
  path: string;
  body: unknown;
  data: unknown;
}

/** A public page drawn on the server: its head, its body, and the answers it was drawn from. */
export interface RenderedPage {
  title: string;
  description: string;
  html: string;
  answers: EmbeddedAnswer[];
  /** The page schemas the app draws it with. */
  pageIds: string[];
  /** 404 for a record or an address that is not there (or not public): a page that says so, kept out of search results. */
  status?: 404;
}

/** What the app's article and record pages say of a record that is not there (ArticlePage ARTICLE_NOT_FOUND). */
export const MISSING_TEXT = '您访问的内容不存在或已撤下';

/**
 * The answer for an address whose record is not there, withdrawn, never published or not a
 * record's address at all: said in words, out of search results, with nothing for the app to wait
 * for before it takes over.
 */
export function missingPage(title: string, siteName: string, pageIds: string[]): RenderedPage {
  return {
    title: `${title} - ${siteName}`,
    description: '',
    html: `<p class="ssr-missing">${MISSING_TEXT}</p>`,
    answers: [],
    pageIds,
    status: 404,
  };
}
