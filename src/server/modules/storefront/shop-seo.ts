import type { ShopListView, ShopProductDetail, ShopSeo } from '../../../contracts/shop-catalogue';

/**
 * The SEO of the shop's pages (issue 14): title, description, canonical URL, robots, Open Graph and
 * the product's schema.org structured data. URLs are absolute, on the configured public address.
 */

const DESCRIPTION_MAX = 160;

/** Text for a meta description: no markup, one line, cut at 160 characters on a word. */
export function metaText(text: string | null | undefined): string {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2))}…`;
}

export function homeSeo(base: string, siteName: string, description: string): ShopSeo {
  const url = `${base}/`;
  const text = metaText(description) || siteName;
  return {
    title: siteName,
    description: text,
    canonical: url,
    robots: 'index, follow',
    og: { type: 'website', title: siteName, description: text, url, image: null },
    json_ld: null,
  };
}

/**
 * The listing and category pages: the canonical URL keeps the page number only (filters and sorts
 * show the same products), and a search or filtered view is not indexed.
 */
export function listingSeo(base: string, siteName: string, view: ShopListView): ShopSeo {
  const q = view.query;
  const filtered = Boolean(
    q.search ||
      q.brand ||
      q.color ||
      q.min_price ||
      q.max_price ||
      q.in_stock ||
      (q.category && !view.category),
  );
  const title = view.category
    ? view.category.name
    : q.search
      ? `Search results for “${q.search}”`
      : 'All products';
  const pageSuffix = view.current_page > 1 ? ` – page ${view.current_page}` : '';
  const canonical = `${base}${view.path}${view.current_page > 1 ? `?page=${view.current_page}` : ''}`;
  const description =
    metaText(view.category?.description) ||
    `${view.category ? view.category.name : 'Products'} at ${siteName}: ${view.total} ${view.total === 1 ? 'product' : 'products'}.`;
  return {
    title: `${title}${pageSuffix}`,
    description,
    canonical,
    robots: filtered ? 'noindex, follow' : 'index, follow',
    og: { type: 'website', title: `${title} · ${siteName}`, description, url: canonical, image: null },
    json_ld: null,
  };
}

/** The product's SEO fields when its SEO features are on (spec 2 product form), else its own texts. */
export type ProductSeoFields = {
  enabled: boolean;
  title: string | null;
  description: string | null;
  robots: string | null;
  imageUrl: string | null;
};

const absolute = (base: string, url: string) => (/^https?:\/\//.test(url) ? url : `${base}${url}`);

export function productSeo(
  base: string,
  siteName: string,
  detail: ShopProductDetail,
  fields: ProductSeoFields,
  currency: string,
): ShopSeo {
  const { product } = detail;
  const canonical = `${base}/products/${encodeURIComponent(product.slug)}`;
  const title = (fields.enabled && fields.title?.trim()) || product.name;
  const description =
    metaText(fields.enabled ? fields.description : null) ||
    metaText(product.description) ||
    `${product.name} at ${siteName}.`;
  const images = detail.galleryImages.product.map((image) => absolute(base, image.url));
  const image = fields.enabled && fields.imageUrl ? absolute(base, fields.imageUrl) : (images[0] ?? null);
  const availability = product.is_out_of_stock
    ? 'https://schema.org/OutOfStock'
    : 'https://schema.org/InStock';
  const prices = product.productStocks.map((v) => v.discount_data.final_price);
  const offers =
    prices.length > 1
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: currency,
          lowPrice: Math.min(...prices).toFixed(2),
          highPrice: Math.max(...prices).toFixed(2),
          offerCount: prices.length,
          availability,
          url: canonical,
        }
      : {
          '@type': 'Offer',
          priceCurrency: currency,
          price: (prices[0] ?? product.discount_data.final_price).toFixed(2),
          availability,
          url: canonical,
        };
  return {
    title,
    description,
    canonical,
    robots: (fields.enabled && fields.robots?.trim()) || 'index, follow',
    og: { type: 'product', title, description, url: canonical, image },
    json_ld: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description,
      ...(product.sku ? { sku: product.sku } : {}),
      ...(images.length > 0 ? { image: images } : {}),
      ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
      offers,
    },
  };
}

/** /contact: indexed, so a visitor searching for the shop's contact finds the form. */
export function contactSeo(base: string, siteName: string): ShopSeo {
  const url = `${base}/contact`;
  const description = `Send ${siteName} a message: we answer by e-mail.`;
  return {
    title: 'Contact us',
    description,
    canonical: url,
    robots: 'index, follow',
    og: { type: 'website', title: `Contact us · ${siteName}`, description, url, image: null },
    json_ld: null,
  };
}
