/** The chat popup's values (spec 2 §4, spec 3 §9). */
export const POPUP_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const POPUP_PAGES = ['product_details', 'all_pages', 'category_pages'] as const;
export const POPUP_THEMES = ['default', 'minimal', 'rounded'] as const;
export const POPUP_SIZES = ['small', 'medium', 'large'] as const;
export type PopupPages = (typeof POPUP_PAGES)[number];
export type PopupSize = (typeof POPUP_SIZES)[number];

/** The digits of a phone number as the messaging app's links want them: no +, spaces or dashes. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A phone number the messaging app can reach: an optional +, then 7 to 15 digits with spaces, dashes, dots or brackets. */
export function isChatPhoneNumber(phone: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(phone.trim())) return false;
  const digits = phoneDigits(phone);
  return digits.length >= 7 && digits.length <= 15;
}

/** spec 3 §9: "The message template fills {product_name} and {page_url}." Unknown placeholders stay as written. */
export function fillMessageTemplate(
  template: string,
  values: { product_name?: string; page_url?: string },
): string {
  return template
    .replaceAll('{product_name}', values.product_name ?? '')
    .replaceAll('{page_url}', values.page_url ?? '');
}

/** spec 3 §9: a mobile device opens the mobile chat link, else the web link. */
export function chatUrl(phone: string, message: string, mobile: boolean): string {
  const text = encodeURIComponent(message);
  return mobile
    ? `https://wa.me/${phoneDigits(phone)}?text=${text}`
    : `https://web.whatsapp.com/send?phone=${phoneDigits(phone)}&text=${text}`;
}

/**
 * spec 3 §9: the popup text is 'Chat' for small, 'Have questions?' for medium, and for large a
 * product question with the product name cut at 15 characters (the configured text when there is
 * no product to name).
 */
export function popupText(size: PopupSize, configured: string, productName: string | null): string {
  if (size === 'small') return 'Chat';
  if (size === 'medium') return 'Have questions?';
  if (!productName) return configured || 'Have questions?';
  const name = productName.length > 15 ? `${productName.slice(0, 15)}…` : productName;
  return `Questions about ${name}?`;
}

/** spec 3 §2: a path containing /product/ is a product page and /category/ a category page. */
export function popupShowsOn(pages: PopupPages, path: string): boolean {
  if (pages === 'all_pages') return true;
  if (pages === 'product_details') return path.includes('/product/') || path.includes('/products/');
  return path.includes('/category/');
}

/** spec 3 §9 "A mobile device opens the mobile chat link": phones and tablets by their user agent. */
export function isMobileAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent);
}
