import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, type ProductReply, productBody } from '../../../contracts/catalogue';
import type { FileReply } from '../../../contracts/files';
import { DRAFT_VALID_MS } from '../../../domain/catalogue/product-rules';
import {
  addFiles,
  bodyOf,
  draftKey,
  draftText,
  emptyProduct,
  formErrorsOf,
  formPathOf,
  generateVariations,
  moveItem,
  type ProductFormValues,
  readDraft,
  sameValues,
  tabOf,
  tabsWithErrors,
  touchesVariations,
  type VariationRow,
  validateProduct,
  valuesOf,
  withActive,
  withGeneratedSkus,
  withName,
  withSlug,
} from './product-form-values';

const file = (id: number): FileReply => ({
  id,
  name: `photo-${id}.jpg`,
  size: 1000,
  formatted_size: '1 KB',
  mime_type: 'image/jpeg',
  extension: 'jpg',
  is_image: true,
  is_document: false,
  url: `/files/${id}.jpg`,
  path: `${id}.jpg`,
  preview_url: null,
  context: 'products',
  width: 10,
  height: 10,
  created_at: '2026-11-20T10:00:00.000Z',
});

const noDiscount = {
  has_discount: false,
  final_price: 0,
  original_price: 0,
  total_discount_percentage: 0,
  total_discount_amount: 0,
  source: 'none' as const,
  rule: null,
};

const product: ProductReply = {
  id: 7,
  name: 'Beach towel',
  slug: 'beach-towel',
  sku: 'BT-1',
  brand_id: 2,
  brand: { id: 2, name: 'Lagoon Living' },
  category_ids: [3, 4],
  categories: [],
  supplier_id: null,
  supplier: null,
  vat_id: 1,
  vat_info: null,
  description: null,
  price: 25,
  buy_price: 12.5,
  unit_selling_label: 'piece',
  unit_rental_label: null,
  weight: null,
  is_active: true,
  is_variable_product: true,
  is_rental_product: false,
  rental_price: null,
  has_discount: true,
  discount_type: 'percent',
  discount: 10,
  discount_start_date: '2026-12-01',
  discount_end_date: null,
  shop_visibility: ['guest', 'partner'],
  shop_visibility_label: 'Guest Visitors, Partner',
  is_featured: false,
  stock_quantity: 9,
  low_stock_threshold: 5,
  stock_status: 'in_stock',
  enable_shipping_features: true,
  is_cash_on_delivery: true,
  is_free_shipping: false,
  is_flat_rate: true,
  is_product_quantity_multiple: false,
  shipping_days: 3,
  enable_seo_features: true,
  seo: { title: 'Towel', description: null, image_id: 12, image: file(12), robots: 'index, follow' },
  thumbnail_id: 10,
  thumbnail: file(10),
  gallery_images: [file(11)],
  variations: [
    {
      id: 40,
      variant: 'S / Coral',
      sku: 'BEASC-001',
      price: 25,
      qty: 4,
      file_id: null,
      image: null,
      gallery_images: [],
      attribute_values: [101],
      attribute_data: [{ id: 101, attribute_id: 1, attribute: 'Size', value: 'S', color_code: null }],
      color_ids: [5],
      colors: [{ id: 5, name: 'Coral', code: '#e4572e' }],
      metadata: {},
      discount_data: noDiscount,
    },
    {
      id: 41,
      variant: 'M / Coral',
      sku: 'BEAMC-002',
      price: 27.5,
      qty: 5,
      file_id: 13,
      image: file(13),
      gallery_images: [],
      attribute_values: [102],
      attribute_data: [{ id: 102, attribute_id: 1, attribute: 'Size', value: 'M', color_code: null }],
      color_ids: [5],
      colors: [{ id: 5, name: 'Coral', code: '#e4572e' }],
      metadata: { note: 'kept' },
      discount_data: noDiscount,
    },
  ],
  min_variant_price: 25,
  max_variant_price: 27.5,
  has_price_range: true,
  discount_data: noDiscount,
  total_discount_percentage: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const values = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProduct(),
  name: 'Lamp',
  price: '40',
  ...overrides,
});

let keys = 0;
const newKey = () => `n${++keys}`;

describe('a new product', () => {
  it('starts active, shown to guests, low stock at 5 (spec 2 §9)', () => {
    expect(emptyProduct()).toMatchObject({
      is_active: true,
      shop_visibility: ['guest'],
      low_stock_threshold: '5',
      is_variable_product: false,
    });
  });

  it('is accepted by the contract once it has a name and a price', () => {
    expect(validateProduct(values())).toEqual({});
    expect(productBody.parse(bodyOf(values()))).toMatchObject({
      name: 'Lamp',
      price: 40,
      shop_visibility: ['guest'],
      low_stock_threshold: 5,
      stock_quantity: 0,
      variations: [],
    });
  });
});

describe('the slug (spec 2 §5)', () => {
  it('follows the name until the slug is typed, and again once it is emptied', () => {
    let form = values({ name: '' });
    form = { ...form, ...withName(form, "Women's Café & Bar") };
    expect(form.slug).toBe('womens-cafe-and-bar');
    form = { ...form, ...withSlug('my-bar') };
    form = { ...form, ...withName(form, 'Another name') };
    expect(form).toMatchObject({ name: 'Another name', slug: 'my-bar' });
    form = { ...form, ...withSlug('') };
    form = { ...form, ...withName(form, 'Third') };
    expect(form.slug).toBe('third');
  });

  it('is left to the server while it only follows the name; a typed one is sent', () => {
    const typed = values({ ...withName(values(), 'Desk lamp') });
    expect(typed.slug).toBe('desk-lamp');
    expect(bodyOf(typed).slug).toBeUndefined();
    expect(bodyOf({ ...typed, ...withSlug('my-lamp') }).slug).toBe('my-lamp');
  });

  it('stays put when a saved product is renamed', () => {
    const loaded = valuesOf(product);
    expect(withName(loaded, 'Big towel')).toEqual({ name: 'Big towel' });
  });
});

describe('shop visibility (spec 2 §4, §6)', () => {
  it('sends no roles for an inactive product', () => {
    expect(bodyOf(values({ is_active: false, shop_visibility: ['guest', 'doctor'] }))).toMatchObject({
      shop_visibility: [],
    });
  });

  it('does not invent roles when a product with nobody chosen is switched on (decision 0015)', () => {
    expect(withActive(true)).toEqual({ is_active: true });
    expect(
      bodyOf({ ...values({ is_active: false, shop_visibility: [] }), ...withActive(true) }),
    ).toMatchObject({
      is_active: true,
      shop_visibility: [],
    });
  });
});

describe('a loaded product', () => {
  it('round-trips into the body the contract accepts', () => {
    const loaded = valuesOf(product);
    expect(loaded).toMatchObject({
      brand_id: '2',
      vat_id: '1',
      images: [file(10), file(11)],
      attribute_ids: ['1'],
      attribute_value_ids: ['101', '102'],
      variation_color_ids: ['5'],
      slug_edited: true,
    });
    const body = productBody.parse(bodyOf(loaded));
    expect(body).toMatchObject({
      name: 'Beach towel',
      slug: 'beach-towel',
      brand_id: 2,
      category_ids: [3, 4],
      price: 25,
      buy_price: 12.5,
      has_discount: true,
      discount: 10,
      discount_start_date: '2026-12-01',
      thumbnail_id: 10,
      gallery_images: [11],
      shipping_days: 3,
      seo: { title: 'Towel', description: null, image_id: 12, robots: 'index, follow' },
    });
    expect(body.variations).toEqual([
      expect.objectContaining({
        id: 40,
        variant: 'S / Coral',
        price: 25,
        qty: 4,
        file_id: null,
        color_ids: [5],
      }),
      expect.objectContaining({ id: 41, price: 27.5, qty: 5, file_id: 13, metadata: { note: 'kept' } }),
    ]);
  });

  it('sends no variations once switched to a simple product', () => {
    expect(bodyOf({ ...valuesOf(product), is_variable_product: false }).variations).toEqual([]);
  });
});

describe('errors and tabs (spec 2 §2)', () => {
  it.each([
    ['name', 'name', 'general'],
    ['slug', 'slug', 'general'],
    ['shop_visibility.1', 'shop_visibility', 'general'],
    ['rental_price', 'rental_price', 'general'],
    ['thumbnail_id', 'images', 'files'],
    ['gallery_images.2', 'images', 'files'],
    ['price', 'price', 'price'],
    ['discount_end_date', 'discount_end_date', 'price'],
    ['variations', 'variations', 'variation'],
    ['variations.0.price', 'variations.0.price', 'variation'],
    ['variations.3.file_id', 'variations.3.image', 'variation'],
    ['variations.1.color_ids', 'variations.1.color_ids', 'variation'],
    ['weight', 'weight', 'shipping'],
    ['seo.image_id', 'seo.image', 'seo'],
    ['seo.title', 'seo.title', 'seo'],
    ['something_new', 'something_new', 'general'],
  ] as const)('%s shows at %s on the %s tab', (key, path, tab) => {
    expect(formPathOf(key)).toBe(path);
    expect(tabOf(key)).toBe(tab);
  });

  it('lists the tabs holding errors in tab order', () => {
    expect(tabsWithErrors({ 'seo.title': 'x', 'variations.0.qty': 'y', name: 'z', price: '' })).toEqual([
      'general',
      'variation',
      'seo',
    ]);
    expect(tabsWithErrors({})).toEqual([]);
  });

  it('turns a 422 into form errors and tells whether variations are involved', () => {
    const errors = {
      'variations.0.price': ['Bad price', 'Other'],
      name: ['Required'],
      'gallery_images.0': ['Gone'],
    };
    expect(formErrorsOf(errors)).toEqual({
      'variations.0.price': 'Bad price',
      name: 'Required',
      images: 'Gone',
    });
    expect(touchesVariations(errors)).toBe(true);
    expect(touchesVariations({ name: ['Required'] })).toBe(false);
  });

  it('checks with the contract, with the paths of the form', () => {
    const row: VariationRow = {
      key: 'a',
      id: null,
      variant: '',
      sku: '',
      price: '',
      qty: '1.5',
      image: null,
      gallery_image_ids: [],
      attribute_values: [],
      color_ids: [],
      metadata: {},
    };
    expect(
      validateProduct(
        values({
          name: ' ',
          price: '',
          is_variable_product: true,
          variations: [row],
        }),
      ),
    ).toEqual({
      name: PRODUCT_MESSAGES.name,
      price: PRODUCT_MESSAGES.price,
      'variations.0.variant': PRODUCT_MESSAGES.variationName,
      'variations.0.price': PRODUCT_MESSAGES.variationPrice,
      'variations.0.qty': PRODUCT_MESSAGES.variationQty,
    });
    expect(validateProduct(values({ is_variable_product: true }))).toEqual({
      variations: PRODUCT_MESSAGES.variationsRequired,
    });
    expect(validateProduct(values({ has_discount: true, discount: '120' }))).toEqual({
      discount: PRODUCT_MESSAGES.percentDiscount,
    });
    expect(validateProduct(values({ is_rental_product: true }))).toEqual({
      rental_price: PRODUCT_MESSAGES.rentalPrice,
    });
  });
});

describe('generated variations (spec 2 §4, §5)', () => {
  const size = {
    id: 1,
    name: 'Size',
    values: [
      { id: 101, value: 'Small' },
      { id: 102, value: 'Medium' },
    ],
  };
  const material = {
    id: 2,
    name: 'Material',
    values: [
      { id: 201, value: 'Cotton' },
      { id: 202, value: 'Linen' },
    ],
  };

  it('makes every combination of the chosen values, priced like the product, with a generated SKU', () => {
    const rows = generateVariations({
      name: 'Towel',
      price: '25',
      attributes: [size, material],
      colours: [],
      existing: [],
      random: () => 7,
      newKey,
    });
    expect(rows.map((r) => [r.variant, r.sku, r.price, r.qty, r.attribute_values])).toEqual([
      ['Small / Cotton', 'TOWSC-007', '25', '0', [101, 201]],
      ['Small / Linen', 'TOWSL-007', '25', '0', [101, 202]],
      ['Medium / Cotton', 'TOWMC-007', '25', '0', [102, 201]],
      ['Medium / Linen', 'TOWML-007', '25', '0', [102, 202]],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });

  it('adds colours as one more choice and keeps rows that already exist', () => {
    const first = generateVariations({
      name: 'Towel',
      price: '25',
      attributes: [size],
      colours: [{ id: 5, name: 'Coral' }],
      existing: [],
      random: () => 1,
      newKey,
    });
    expect(first.map((r) => [r.variant, r.color_ids])).toEqual([
      ['Small / Coral', ['5']],
      ['Medium / Coral', ['5']],
    ]);
    const edited = first.map((r, i) => (i === 0 ? { ...r, id: 40, price: '30', qty: '3' } : r));
    const second = generateVariations({
      name: 'Towel',
      price: '25',
      attributes: [size],
      colours: [
        { id: 5, name: 'Coral' },
        { id: 6, name: 'Ocean' },
      ],
      existing: edited,
      random: () => 2,
      newKey,
    });
    expect(second).toHaveLength(4);
    expect(second[0]).toBe(edited[0]);
    expect(second.map((r) => r.variant)).toEqual([
      'Small / Coral',
      'Small / Ocean',
      'Medium / Coral',
      'Medium / Ocean',
    ]);
  });

  it('makes nothing when nothing is chosen', () => {
    expect(
      generateVariations({
        name: 'x',
        price: '1',
        attributes: [],
        colours: [],
        existing: [],
        random: () => 0,
        newKey,
      }),
    ).toEqual([]);
  });

  it('fills an empty SKU before sending, from the row values', () => {
    const [row] = generateVariations({
      name: 'Towel',
      price: '25',
      attributes: [size],
      colours: [],
      existing: [],
      random: () => 3,
      newKey,
    });
    const form = values({
      name: 'Towel',
      variations: [
        { ...row!, sku: '' },
        { ...row!, key: 'z', sku: 'KEEP' },
      ],
    });
    const filled = withGeneratedSkus(form, new Map([[101, 'Small']]), () => 42);
    expect(filled.variations.map((r) => r.sku)).toEqual(['TOWS-042', 'KEEP']);
    expect(withGeneratedSkus(filled, new Map(), () => 1)).toBe(filled);
  });
});

describe('images', () => {
  it('moves an image; the first is the thumbnail', () => {
    expect(moveItem([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
  });

  it('adds picked files once each, after those already there', () => {
    expect(addFiles([file(1)], [file(2), file(1), file(2), file(3)]).map((f) => f.id)).toEqual([1, 2, 3]);
  });
});

describe('drafts (spec 2 §4, §9)', () => {
  const now = Date.UTC(2026, 10, 21, 12);

  it('are kept per product', () => {
    expect(draftKey(null)).toBe('emporium.product-draft.new');
    expect(draftKey(7)).toBe('emporium.product-draft.7');
  });

  it('are restored while younger than 24 hours', () => {
    const stored = draftText(values({ name: 'Draft lamp' }), now);
    expect(readDraft(stored, now + 1000)).toEqual({ saved_at: now, values: values({ name: 'Draft lamp' }) });
    expect(readDraft(stored, now + DRAFT_VALID_MS - 1)).not.toBeNull();
    expect(readDraft(stored, now + DRAFT_VALID_MS)).toBeNull();
  });

  it('ignore anything that is not a draft of this form', () => {
    expect(readDraft(null, now)).toBeNull();
    expect(readDraft('not json', now)).toBeNull();
    expect(readDraft(JSON.stringify({ saved_at: now, values: {} }), now)).toBeNull();
    expect(readDraft(JSON.stringify({ version: 1, saved_at: 'x', values: {} }), now)).toBeNull();
  });

  it('are compared with what was loaded whatever the order of their fields', () => {
    const loaded = valuesOf(product);
    const reordered = Object.fromEntries(Object.entries(loaded).reverse()) as ProductFormValues;
    expect(sameValues(reordered, loaded)).toBe(true);
    expect(sameValues(readDraft(draftText(loaded, now), now)!.values, loaded)).toBe(true);
    expect(sameValues({ ...loaded, images: [...loaded.images].reverse() }, loaded)).toBe(false);
  });

  it('fill fields an older draft lacks with their empty value', () => {
    const old = JSON.stringify({ version: 1, saved_at: now, values: { name: 'Old' } });
    expect(readDraft(old, now)?.values).toEqual({ ...emptyProduct(), name: 'Old' });
  });
});
