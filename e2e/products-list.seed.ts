import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_DEMO_PASSWORD } from '../src/server/config';
import {
  brands,
  categories,
  discountRuleCategories,
  discountRules,
  vats,
} from '../src/server/modules/catalogue/catalogue.tables';
import { files, seedDemoFiles } from '../src/server/modules/files';
import { openDatabase } from '../src/server/platform/db/database';
import { localDiskStorage } from '../src/server/platform/files/storage';
import { prepareDatabase } from '../src/server/prepare-database';
import { createProduct, createUser } from '../src/test/factories';

/**
 * A small catalogue for the product-list journeys, which count its products: their own app starts
 * on a data folder and database prepared here (the embedded one in the folder, or the PostgreSQL
 * database the URL names): the admin and a supplier, the demo pictures, brands, categories, a VAT
 * rate, a category discount rule and a dozen products. The app then runs with
 * EMPORIUM_SEED_DEMO=false, so the journeys count exactly these products whatever demo data the
 * shop gains.
 *
 *   node --import tsx e2e/products-list.seed.ts <data dir> [<database URL>]
 */
export async function seedProductList(dataDir: string, databaseUrl?: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await prepareDatabase(database);
    const db = database.db;
    await createUser(db, {
      email: 'admin@demo.test',
      password: DEFAULT_DEMO_PASSWORD,
      roles: ['admin'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    const supplier = await createUser(db, {
      email: 'supplier@demo.test',
      password: DEFAULT_DEMO_PASSWORD,
      roles: ['supplier'],
      userType: 'company',
      companyName: 'Island Medical Supplies',
    });
    await seedDemoFiles(db, localDiskStorage(path.join(dataDir, 'uploads')));

    const pictures = new Map(
      (
        await db
          .select({ id: files.id, name: files.name })
          .from(files)
          .where(
            inArray(files.name, [
              'Garden chair.png',
              'Reading lamp.webp',
              'Linen cushion.jpg',
              'Ceramic vase.jpg',
            ]),
          )
      ).map((f) => [f.name, f.id]),
    );

    const [nordic, sunline, medicare] = await db
      .insert(brands)
      .values([
        { name: 'Nordic Home', slug: 'nordic-home' },
        { name: 'Sunline', slug: 'sunline' },
        { name: 'MediCare', slug: 'medicare' },
      ])
      .returning();
    const [furniture, garden, medical] = await db
      .insert(categories)
      .values([
        { name: 'Furniture', slug: 'furniture' },
        { name: 'Garden', slug: 'garden' },
        { name: 'Medical', slug: 'medical' },
      ])
      .returning();
    const [chairs, tables] = await db
      .insert(categories)
      .values([
        { name: 'Chairs', slug: 'chairs', parentId: furniture!.id },
        { name: 'Tables', slug: 'tables', parentId: furniture!.id },
      ])
      .returning();
    // prepareDatabase has seeded the example rates; the products use the default one.
    const [standard] = await db.select().from(vats).where(eq(vats.name, 'Standard 15%'));
    const [gardenWeek] = await db
      .insert(discountRules)
      .values({ name: 'Garden week', type: 'category', discountValue: '20', priority: 2 })
      .returning();
    await db
      .insert(discountRuleCategories)
      .values({ discountRuleId: gardenWeek!.id, categoryId: garden!.id });

    const common = { vatId: standard!.id };
    await createProduct(db, {
      ...common,
      name: 'Oak dining chair',
      sku: 'FUR-CH-001',
      price: '149.00',
      brandId: nordic!.id,
      categoryIds: [chairs!.id],
      stockQuantity: 24,
      hasDiscount: true,
      discount: '10',
      thumbnailId: pictures.get('Garden chair.png') ?? null,
    });
    await createProduct(db, {
      ...common,
      name: 'Walnut coffee table',
      sku: 'FUR-TB-010',
      price: '329.00',
      brandId: nordic!.id,
      categoryIds: [tables!.id],
      stockQuantity: 3,
      thumbnailId: pictures.get('Ceramic vase.jpg') ?? null,
    });
    await createProduct(db, {
      ...common,
      name: 'Linen cushion',
      sku: 'FUR-CU-004',
      price: '24.50',
      brandId: nordic!.id,
      categoryIds: [furniture!.id],
      stockQuantity: 60,
      shopVisibility: ['guest', 'customer', 'partner', 'doctor'],
      thumbnailId: pictures.get('Linen cushion.jpg') ?? null,
    });
    await createProduct(db, {
      ...common,
      name: 'Garden parasol',
      sku: 'GAR-PA-002',
      brandId: sunline!.id,
      categoryIds: [garden!.id],
      variants: [
        { variant: 'Small', sku: 'GAR-PA-002-S', price: '59.00', qty: 5 },
        { variant: 'Large', sku: 'GAR-PA-002-L', price: '89.00', qty: 7 },
      ],
    });
    await createProduct(db, {
      ...common,
      name: 'Terrace lounger',
      sku: 'GAR-LO-003',
      price: '210.00',
      brandId: sunline!.id,
      categoryIds: [garden!.id],
      stockQuantity: 0,
    });
    await createProduct(db, {
      ...common,
      name: 'Hospital bed',
      sku: 'MED-BD-100',
      price: '1200.00',
      brandId: medicare!.id,
      supplierId: supplier.id,
      categoryIds: [medical!.id],
      isRentalProduct: true,
      rentalPrice: '45.00',
      stockQuantity: 2,
      shopVisibility: ['doctor', 'patient'],
    });
    await createProduct(db, {
      ...common,
      name: 'Folding wheelchair',
      sku: 'MED-WC-200',
      price: '450.00',
      brandId: medicare!.id,
      supplierId: supplier.id,
      categoryIds: [medical!.id],
      isRentalProduct: true,
      rentalPrice: '12.00',
      stockQuantity: 0,
    });
    await createProduct(db, {
      ...common,
      name: 'Reading lamp',
      sku: 'FUR-LA-007',
      price: '39.90',
      categoryIds: [furniture!.id],
      stockQuantity: 14,
      isActive: false,
      shopVisibility: [],
      thumbnailId: pictures.get('Reading lamp.webp') ?? null,
    });
    await createProduct(db, {
      ...common,
      name: 'Bamboo side table',
      sku: 'FUR-TB-011',
      price: '89.00',
      brandId: nordic!.id,
      categoryIds: [tables!.id],
      stockQuantity: 9,
      hasDiscount: true,
      discountType: 'fixed',
      discount: '15.00',
    });
    await createProduct(db, {
      ...common,
      name: 'Watering can',
      sku: 'GAR-WC-008',
      price: '18.00',
      brandId: sunline!.id,
      categoryIds: [garden!.id],
      stockQuantity: 40,
    });
    await createProduct(db, {
      ...common,
      name: 'Blood pressure monitor',
      sku: 'MED-BP-300',
      price: '79.00',
      brandId: medicare!.id,
      supplierId: supplier.id,
      categoryIds: [medical!.id],
      stockQuantity: 5,
    });
    await createProduct(db, {
      ...common,
      name: 'Patio chair set',
      sku: 'GAR-CH-012',
      categoryIds: [garden!.id, chairs!.id],
      brandId: sunline!.id,
      variants: [
        { variant: 'Two chairs', sku: 'GAR-CH-012-2', price: '120.00', qty: 2 },
        { variant: 'Four chairs', sku: 'GAR-CH-012-4', price: '220.00', qty: 1 },
      ],
    });
  } finally {
    await database.close();
  }
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  const [dataDir, databaseUrl] = process.argv.slice(2);
  if (!dataDir) {
    console.error('usage: node --import tsx e2e/products-list.seed.ts <data dir> [<database URL>]');
    process.exit(2);
  }
  seedProductList(dataDir, databaseUrl).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
