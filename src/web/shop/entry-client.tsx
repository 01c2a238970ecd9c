import './mantine-styles';
import './shop.css';
import { hydrateRoot } from 'react-dom/client';
import type { ShopDocument } from '../../contracts/storefront';
import { loadPageView } from './shop-pages';
import { ShopRoot } from './shop-root';

const data = document.getElementById('shop-data')?.textContent;
if (data) {
  const shopDocument = JSON.parse(data) as ShopDocument;
  // The page's code first (the server preloads it in the head), then hydrate the same tree.
  void loadPageView(shopDocument).then((view) =>
    hydrateRoot(document.getElementById('root')!, <ShopRoot document={shopDocument} view={view} />),
  );
}
