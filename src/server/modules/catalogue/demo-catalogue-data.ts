import type { ShopVisibilityRole } from '../../../domain/catalogue/product-rules';

/**
 * The demo shop's catalogue (issue 3): categories in two levels, brands, colours, attributes, and
 * 40+ products — simple, variable with colours and sizes, rentals, dated discounts — priced in
 * dollars. References are by name; seed-demo-catalogue.ts turns them into rows.
 */
export const DEMO_CATEGORIES: { name: string; children: string[] }[] = [
  { name: 'Home & Living', children: ['Furniture', 'Lighting', 'Textiles'] },
  { name: 'Medical & Care', children: ['Mobility aids', 'Monitoring', 'Clinic supplies'] },
  { name: 'Garden', children: ['Outdoor furniture', 'Garden tools'] },
];

export const DEMO_BRANDS = ['Lagoon Living', 'Island Care', 'Maho Garden', 'Pamplemousses & Co'];

export const DEMO_COLORS = [
  { name: 'Coral', code: '#e4572e' },
  { name: 'Ocean', code: '#1f6fb2' },
  { name: 'Palm', code: '#2e7d32' },
  { name: 'Sand', code: '#d7c4a3' },
  { name: 'Charcoal', code: '#333333' },
];

export const DEMO_ATTRIBUTES = [
  { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
  { name: 'Material', values: ['Cotton', 'Linen', 'Teak', 'Oak'] },
];

/** Days from the shop's today for dated discounts (negative = in the past). */
export type DemoDiscount = {
  kind: 'percent' | 'fixed';
  value: number;
  fromDays: number | null;
  toDays: number | null;
};

export type DemoProduct = {
  name: string;
  category: string;
  brand: string;
  price: number;
  vat: 'Standard 15%' | 'Reduced 5%' | 'Eco fee' | 'Exempt' | 'Zero rated';
  colour: string;
  stock?: number;
  unit?: string;
  featured?: boolean;
  discount?: DemoDiscount;
  rental?: { price: number; unit: string };
  visibility?: ShopVisibilityRole[];
  /** Variable products: colours × attribute values, each variant priced at price + its step. */
  variants?: { colors: string[]; attribute: string; values: string[]; step: number };
  supplier?: boolean;
};

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Home & Living — simple
  {
    name: 'Teak side table',
    category: 'Furniture',
    brand: 'Lagoon Living',
    price: 189,
    vat: 'Standard 15%',
    colour: '#8d6e63',
    stock: 14,
    featured: true,
  },
  {
    name: 'Rattan armchair',
    category: 'Furniture',
    brand: 'Lagoon Living',
    price: 329,
    vat: 'Standard 15%',
    colour: '#a1887f',
    stock: 6,
  },
  {
    name: 'Oak bookshelf',
    category: 'Furniture',
    brand: 'Pamplemousses & Co',
    price: 449,
    vat: 'Standard 15%',
    colour: '#6d4c41',
    stock: 3,
    discount: { kind: 'percent', value: 15, fromDays: -3, toDays: 10 },
  },
  {
    name: 'Bamboo stool',
    category: 'Furniture',
    brand: 'Pamplemousses & Co',
    price: 59.9,
    vat: 'Standard 15%',
    colour: '#c0a062',
    stock: 40,
  },
  {
    name: 'Reading lamp',
    category: 'Lighting',
    brand: 'Lagoon Living',
    price: 79.5,
    vat: 'Standard 15%',
    colour: '#7c3aed',
    stock: 22,
    featured: true,
  },
  {
    name: 'Pendant light, woven',
    category: 'Lighting',
    brand: 'Lagoon Living',
    price: 119,
    vat: 'Standard 15%',
    colour: '#b08968',
    stock: 0,
  },
  {
    name: 'Solar lantern',
    category: 'Lighting',
    brand: 'Maho Garden',
    price: 24.99,
    vat: 'Eco fee',
    colour: '#f59e0b',
    stock: 65,
    discount: { kind: 'fixed', value: 5, fromDays: null, toDays: 30 },
  },
  {
    name: 'LED strip 5 m',
    category: 'Lighting',
    brand: 'Pamplemousses & Co',
    price: 34,
    vat: 'Eco fee',
    colour: '#0ea5e9',
    stock: 4,
  },
  {
    name: 'Linen throw',
    category: 'Textiles',
    brand: 'Lagoon Living',
    price: 69,
    vat: 'Standard 15%',
    colour: '#9ca3af',
    stock: 18,
  },
  {
    name: 'Cotton bath towel',
    category: 'Textiles',
    brand: 'Pamplemousses & Co',
    price: 18.5,
    vat: 'Standard 15%',
    colour: '#60a5fa',
    stock: 120,
    unit: 'piece',
  },
  // Home & Living — variable
  {
    name: 'Linen cushion cover',
    category: 'Textiles',
    brand: 'Lagoon Living',
    price: 29,
    vat: 'Standard 15%',
    colour: '#2472b8',
    featured: true,
    variants: { colors: ['Coral', 'Ocean', 'Sand'], attribute: 'Size', values: ['S', 'M', 'L'], step: 4 },
  },
  {
    name: 'Cotton bed sheet set',
    category: 'Textiles',
    brand: 'Pamplemousses & Co',
    price: 89,
    vat: 'Standard 15%',
    colour: '#93c5fd',
    variants: { colors: ['Ocean', 'Sand'], attribute: 'Size', values: ['M', 'L', 'XL'], step: 15 },
  },
  {
    name: 'Beach robe',
    category: 'Textiles',
    brand: 'Lagoon Living',
    price: 54,
    vat: 'Standard 15%',
    colour: '#f472b6',
    discount: { kind: 'percent', value: 20, fromDays: 7, toDays: 21 },
    variants: { colors: ['Coral', 'Palm'], attribute: 'Size', values: ['S', 'M', 'L', 'XL'], step: 0 },
  },
  {
    name: 'Dining chair',
    category: 'Furniture',
    brand: 'Pamplemousses & Co',
    price: 139,
    vat: 'Standard 15%',
    colour: '#78716c',
    variants: { colors: ['Charcoal', 'Sand'], attribute: 'Material', values: ['Teak', 'Oak'], step: 20 },
  },
  // Medical & Care
  {
    name: 'Digital thermometer',
    category: 'Monitoring',
    brand: 'Island Care',
    price: 14.9,
    vat: 'Zero rated',
    colour: '#14b8a6',
    stock: 80,
    visibility: ['guest', 'customer', 'patient', 'doctor'],
  },
  {
    name: 'Blood pressure monitor',
    category: 'Monitoring',
    brand: 'Island Care',
    price: 69,
    vat: 'Zero rated',
    colour: '#0d9488',
    stock: 25,
    featured: true,
    rental: { price: 12, unit: 'month' },
  },
  {
    name: 'Pulse oximeter',
    category: 'Monitoring',
    brand: 'Island Care',
    price: 39,
    vat: 'Zero rated',
    colour: '#0891b2',
    stock: 2,
  },
  {
    name: 'Glucose meter kit',
    category: 'Monitoring',
    brand: 'Island Care',
    price: 49,
    vat: 'Zero rated',
    colour: '#0e7490',
    stock: 30,
    discount: { kind: 'percent', value: 10, fromDays: -30, toDays: -1 },
  },
  {
    name: 'Folding wheelchair',
    category: 'Mobility aids',
    brand: 'Island Care',
    price: 399,
    vat: 'Exempt',
    colour: '#475569',
    stock: 5,
    rental: { price: 45, unit: 'month' },
  },
  {
    name: 'Rollator walker',
    category: 'Mobility aids',
    brand: 'Island Care',
    price: 159,
    vat: 'Exempt',
    colour: '#64748b',
    stock: 9,
    rental: { price: 18, unit: 'month' },
  },
  {
    name: 'Hospital bed, electric',
    category: 'Mobility aids',
    brand: 'Island Care',
    price: 1899,
    vat: 'Exempt',
    colour: '#334155',
    stock: 2,
    rental: { price: 150, unit: 'month' },
    supplier: true,
  },
  {
    name: 'Walking cane',
    category: 'Mobility aids',
    brand: 'Island Care',
    price: 24,
    vat: 'Exempt',
    colour: '#94a3b8',
    stock: 50,
  },
  {
    name: 'Oxygen concentrator',
    category: 'Clinic supplies',
    brand: 'Island Care',
    price: 1290,
    vat: 'Exempt',
    colour: '#1e3a8a',
    stock: 3,
    rental: { price: 120, unit: 'month' },
    supplier: true,
    visibility: ['customer', 'patient', 'doctor'],
  },
  {
    name: 'Nitrile gloves (100)',
    category: 'Clinic supplies',
    brand: 'Island Care',
    price: 11.5,
    vat: 'Reduced 5%',
    colour: '#6366f1',
    stock: 300,
    unit: 'box',
    supplier: true,
  },
  {
    name: 'Surgical masks (50)',
    category: 'Clinic supplies',
    brand: 'Island Care',
    price: 7.9,
    vat: 'Reduced 5%',
    colour: '#38bdf8',
    stock: 500,
    unit: 'box',
    supplier: true,
  },
  {
    name: 'First aid kit',
    category: 'Clinic supplies',
    brand: 'Island Care',
    price: 35,
    vat: 'Reduced 5%',
    colour: '#dc2626',
    stock: 40,
    discount: { kind: 'percent', value: 10, fromDays: 0, toDays: null },
  },
  {
    name: 'Compression stockings',
    category: 'Clinic supplies',
    brand: 'Island Care',
    price: 28,
    vat: 'Reduced 5%',
    colour: '#a3a3a3',
    variants: { colors: ['Charcoal', 'Sand'], attribute: 'Size', values: ['S', 'M', 'L'], step: 0 },
  },
  {
    name: 'Scrubs top',
    category: 'Clinic supplies',
    brand: 'Island Care',
    price: 32,
    vat: 'Standard 15%',
    colour: '#0f766e',
    visibility: ['doctor', 'partner', 'supplier'],
    variants: { colors: ['Ocean', 'Palm'], attribute: 'Size', values: ['S', 'M', 'L', 'XL'], step: 2 },
  },
  // Garden
  {
    name: 'Teak garden bench',
    category: 'Outdoor furniture',
    brand: 'Maho Garden',
    price: 549,
    vat: 'Standard 15%',
    colour: '#0d9488',
    stock: 4,
    featured: true,
    discount: { kind: 'fixed', value: 50, fromDays: -7, toDays: 7 },
  },
  {
    name: 'Garden chair',
    category: 'Outdoor furniture',
    brand: 'Maho Garden',
    price: 89,
    vat: 'Standard 15%',
    colour: '#16a34a',
    stock: 24,
  },
  {
    name: 'Sun lounger',
    category: 'Outdoor furniture',
    brand: 'Maho Garden',
    price: 219,
    vat: 'Standard 15%',
    colour: '#ca8a04',
    variants: { colors: ['Sand', 'Charcoal'], attribute: 'Material', values: ['Teak', 'Oak'], step: 40 },
  },
  {
    name: 'Patio umbrella',
    category: 'Outdoor furniture',
    brand: 'Maho Garden',
    price: 129,
    vat: 'Standard 15%',
    colour: '#ea580c',
    stock: 11,
    rental: { price: 25, unit: 'month' },
  },
  {
    name: 'Patio heater',
    category: 'Outdoor furniture',
    brand: 'Maho Garden',
    price: 299,
    vat: 'Standard 15%',
    colour: '#b91c1c',
    stock: 3,
    rental: { price: 40, unit: 'month' },
  },
  {
    name: 'Marquee tent 6×3 m',
    category: 'Outdoor furniture',
    brand: 'Maho Garden',
    price: 690,
    vat: 'Standard 15%',
    colour: '#64748b',
    stock: 2,
    rental: { price: 95, unit: 'month' },
  },
  {
    name: 'Pruning shears',
    category: 'Garden tools',
    brand: 'Maho Garden',
    price: 22,
    vat: 'Standard 15%',
    colour: '#65a30d',
    stock: 60,
  },
  {
    name: 'Watering can 10 L',
    category: 'Garden tools',
    brand: 'Maho Garden',
    price: 16.75,
    vat: 'Standard 15%',
    colour: '#22c55e',
    stock: 35,
  },
  {
    name: 'Garden hose 25 m',
    category: 'Garden tools',
    brand: 'Maho Garden',
    price: 44,
    vat: 'Standard 15%',
    colour: '#15803d',
    stock: 5,
  },
  {
    name: 'Compost bin',
    category: 'Garden tools',
    brand: 'Maho Garden',
    price: 79,
    vat: 'Eco fee',
    colour: '#3f6212',
    stock: 0,
  },
  {
    name: 'Gardening gloves',
    category: 'Garden tools',
    brand: 'Maho Garden',
    price: 9.5,
    vat: 'Standard 15%',
    colour: '#84cc16',
    variants: { colors: ['Palm', 'Coral'], attribute: 'Size', values: ['S', 'M', 'L'], step: 0 },
  },
  {
    name: 'Seed starter kit',
    category: 'Garden tools',
    brand: 'Pamplemousses & Co',
    price: 19,
    vat: 'Reduced 5%',
    colour: '#4d7c0f',
    stock: 28,
    discount: { kind: 'percent', value: 25, fromDays: -1, toDays: 3 },
  },
  {
    name: 'Hammock, cotton',
    category: 'Outdoor furniture',
    brand: 'Lagoon Living',
    price: 99,
    vat: 'Standard 15%',
    colour: '#f97316',
    variants: { colors: ['Coral', 'Ocean', 'Palm'], attribute: 'Material', values: ['Cotton'], step: 0 },
  },
];
