import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { hydrateRoot } from 'react-dom/client';
import type { ShopDocument } from '../../contracts/storefront';
import { ShopRoot } from './shop-root';

const data = document.getElementById('shop-data')?.textContent;
if (data) {
  const shopDocument = JSON.parse(data) as ShopDocument;
  hydrateRoot(document.getElementById('root')!, <ShopRoot document={shopDocument} />);
}
