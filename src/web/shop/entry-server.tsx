import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { ShopDocument } from '../../contracts/storefront';
import { loadPageView } from './shop-pages';
import { pageTitle, ShopRoot } from './shop-root';

/** Streams a storefront page; the same ShopRoot hydrates in the browser. */
export async function render(
  _url: string,
  document: ShopDocument,
): Promise<{ html: Readable; title: string }> {
  const view = await loadPageView(document);
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const stream = renderToPipeableStream(<ShopRoot document={document} view={view} />, {
      onShellReady() {
        stream.pipe(out);
        resolve({ html: out, title: pageTitle(document) });
      },
      onShellError: reject,
      onError(error) {
        console.error(error);
      },
    });
  });
}
