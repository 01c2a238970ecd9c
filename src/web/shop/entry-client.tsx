import './mantine-styles';
import './shop.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ShopDocument } from '../../contracts/storefront';
import { loadPageView } from './shop-pages';
import { ShopRoot } from './shop-root';

const data = document.getElementById('shop-data')?.textContent;
if (data) {
  const shopDocument = JSON.parse(data) as ShopDocument;
  // The page's code first (the server preloads it in the head), then hydrate the same tree. In a
  // transition, React hydrates in slices that give the main thread back every few milliseconds
  // instead of one long task (docs/decisions/0086); a click before it is done is replayed after.
  void loadPageView(shopDocument).then((view) =>
    startTransition(() => {
      hydrateRoot(document.getElementById('root')!, <ShopRoot document={shopDocument} view={view} />);
    }),
  );
}
