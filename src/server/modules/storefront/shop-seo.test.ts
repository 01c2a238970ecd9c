import { describe, expect, it } from 'vitest';
import type { ShopListView, ShopProductDetail } from '../../../contracts/shop-catalogue';
import { listingSeo, metaText, productSeo } from './shop-seo';

describe('meta descriptions', () => {
  it.each([
    ['<p>Warm <b>brass</b> lamp</p>', 'Warm brass lamp'],
    ['  two\n lines ', 'two lines'],
    [null, ''],
  ])('%j → %j', (text, expected) => {
    expect(metaText(text)).toBe(expected);
  });

  it('cuts long text on a word at 160 characters', () => {
    const text = metaText('word '.repeat(100));
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('word…')).toBe(true);
  });
});

const view = (over: Partial<ShopListView['query']>, page = 1): ShopListView => ({
  products: [],
  current_page: page,
  last_page: 3,
  total: 30,
  query: {
    sort: 'newest',
    search: '',
    category: '',
    brand: '',
    color: '',
    min_price: '',
    max_price: '',
    in_stock: false,
    ...over,
  },
  path: '/products',
  category: null,
  facets: { categories: [], brands: [], colors: [] },
});

describe('listing SEO', () => {
  it('keeps only the page in the canonical URL and indexes the plain listing', () => {
    const seo = listingSeo('https://shop.test', 'Shop', view({ sort: 'price_asc' }, 2));
    expect(seo.canonical).toBe('https://shop.test/products?page=2');
    expect(seo.robots).toBe('index, follow');
    expect(seo.title).toBe('All products – page 2');
  });

  it.each([{ search: 'lamp' }, { brand: 'acme' }, { in_stock: true }, { min_price: '5' }])(
    'does not index a filtered view %j',
    (over) => {
      expect(listingSeo('https://shop.test', 'Shop', view(over)).robots).toBe('noindex, follow');
    },
  );
});

describe('product SEO', () => {
  const discount = (final: number) => ({
    has_discount: false,
    final_price: final,
    original_price: final,
    total_discount_percentage: 0,
    total_discount_amount: 0,
  });
  const detail = (prices: number[], outOfStock = false): ShopProductDetail =>
    ({
      product: {
        id: 1,
        name: 'Lamp',
        slug: 'lamp',
        description: 'A lamp.',
        brand: null,
        sku: null,
        is_out_of_stock: outOfStock,
        discount_data: discount(prices[0] ?? 10),
        productStocks: prices.map((p, i) => ({ id: i + 1, discount_data: discount(p) })),
      },
      galleryImages: { product: [{ url: '/uploads/a.jpg' }], variants: {} },
    }) as unknown as ShopProductDetail;
  const off = { enabled: false, title: 'SEO', description: 'SEO text', robots: 'noindex', imageUrl: null };

  it('uses the SEO fields only when the product’s SEO features are on', () => {
    expect(productSeo('https://s.test', 'S', detail([]), off, 'USD')).toMatchObject({
      title: 'Lamp',
      description: 'A lamp.',
      robots: 'index, follow',
      og: { image: 'https://s.test/uploads/a.jpg' },
    });
    expect(productSeo('https://s.test', 'S', detail([]), { ...off, enabled: true }, 'USD')).toMatchObject({
      title: 'SEO',
      description: 'SEO text',
      robots: 'noindex',
    });
  });

  it('offers one price, or the range of the variants, with the availability', () => {
    expect(productSeo('https://s.test', 'S', detail([]), off, 'EUR').json_ld?.offers).toEqual({
      '@type': 'Offer',
      priceCurrency: 'EUR',
      price: '10.00',
      availability: 'https://schema.org/InStock',
      url: 'https://s.test/products/lamp',
    });
    expect(
      productSeo('https://s.test', 'S', detail([12.5, 9], true), off, 'EUR').json_ld?.offers,
    ).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '9.00',
      highPrice: '12.50',
      offerCount: 2,
      availability: 'https://schema.org/OutOfStock',
    });
  });
});
