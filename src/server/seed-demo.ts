import { eq } from 'drizzle-orm';
import { userAddresses } from './modules/accounts/accounts.tables';
import { seedDemoCatalogue, seedDemoDiscounts } from './modules/catalogue';
import { seedDemoContactMessages } from './modules/contact';
import { seedDemoCredit } from './modules/credit';
import { seedDemoFiles } from './modules/files';
import { seedDemoMenus } from './modules/menus';
import { seedDemoOrders } from './modules/orders';
import { seedDemoPatientRecords } from './modules/patients';
import { seedDemoRentals } from './modules/rentals';
import { seedDemoShipping } from './modules/shipping';
import { seedDemoShopSetup } from './modules/shop-setup';
import { seedDemoSliders } from './modules/sliders';
import { seedDemoStock } from './modules/stock';
import { seedDemoEmailTemplates, seedDemoRentalTemplates } from './modules/templates';
import { users } from './platform/auth/auth.tables';
import { hashPassword } from './platform/auth/passwords';
import { setUserRoles } from './platform/auth/user-roles';
import type { AppContext } from './platform/context';
import { withStorageChoice } from './platform/files/settings-storage';
import { setSettings } from './platform/settings/settings-store';

type DemoUser = {
  email: string;
  roles: string[];
  first_name: string;
  last_name: string;
  user_type?: 'individual' | 'company';
  company_name?: string;
  phone?: string;
  /** A mobile number signs in by SMS code (docs/decisions/0056); the demo sends to the sandbox. */
  mobile?: string;
  address?: { address: string; city: string; country: string; state?: string; addressType?: string };
  /** More addresses of the customer areas (spec 3 §6 types by party role), not the default. */
  extra_addresses?: { addressType: string; address: string; city: string; state: string; country: string }[];
};

/** The demo logins README lists; every one has the password EMPORIUM_DEMO_PASSWORD. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    roles: ['admin'],
    first_name: 'Ada',
    last_name: 'Admin',
    phone: '+230 5250 0001',
  },
  {
    email: 'staff@demo.test',
    roles: ['staff'],
    first_name: 'Sam',
    last_name: 'Staff',
    phone: '+230 5250 0002',
  },
  {
    email: 'partner@demo.test',
    roles: ['partner', 'customer'],
    first_name: 'Priya',
    last_name: 'Partner',
    user_type: 'company',
    company_name: 'Lagoon Traders Ltd',
    phone: '+230 5250 0003',
    mobile: '+230 5750 0003',
    address: { address: '12 Royal Road', city: 'Port Louis', state: 'Port Louis', country: 'Mauritius' },
    extra_addresses: [
      {
        addressType: 'delivery',
        address: 'Warehouse 3, Riche Terre',
        city: 'Riche Terre',
        state: 'Pamplemousses',
        country: 'Mauritius',
      },
    ],
  },
  {
    email: 'customer@demo.test',
    roles: ['customer'],
    first_name: 'Chloé',
    last_name: 'Customer',
    phone: '+230 5250 0004',
    mobile: '+230 5750 0004',
    address: {
      address: '4 Rue La Bourdonnais',
      city: 'Curepipe',
      state: 'Plaines Wilhems',
      country: 'Mauritius',
    },
    extra_addresses: [
      {
        addressType: 'delivery',
        address: '18 Avenue Victoria',
        city: 'Quatre Bornes',
        state: 'Plaines Wilhems',
        country: 'Mauritius',
      },
    ],
  },
  {
    email: 'doctor@demo.test',
    roles: ['doctor'],
    first_name: 'Dev',
    last_name: 'Doctor',
    phone: '+230 5250 0005',
    address: {
      addressType: 'consultation',
      address: '2 Clinic Lane',
      city: 'Rose Hill',
      state: 'Plaines Wilhems',
      country: 'Mauritius',
    },
  },
  {
    email: 'patient@demo.test',
    roles: ['patient'],
    first_name: 'Paul',
    last_name: 'Patient',
    phone: '+230 5250 0006',
    address: {
      addressType: 'residential',
      address: '9 Rue Royale',
      city: 'Mahébourg',
      state: 'Grand Port',
      country: 'Mauritius',
    },
  },
  {
    email: 'supplier@demo.test',
    roles: ['supplier'],
    first_name: 'Sofia',
    last_name: 'Supplier',
    user_type: 'company',
    company_name: 'Island Medical Supplies',
    phone: '+230 5250 0007',
    address: {
      address: '1 Industrial Zone',
      city: 'Plaine Lauzun',
      state: 'Port Louis',
      country: 'Mauritius',
    },
  },
];

const FIRST = [
  'Amelia',
  'Noah',
  'Leila',
  'Ravi',
  'Maya',
  'Jonas',
  'Anaïs',
  'Kiran',
  'Zoé',
  'Omar',
  'Lina',
  'Hugo',
];
const LAST = ['Ramgoolam', 'Dupont', 'Li', 'Naidoo', 'Martin', 'Khan', 'Bégué', 'Appadoo'];

/** A shop's worth of extra customers so lists page and search has something to find. */
function extraCustomers(): DemoUser[] {
  return Array.from({ length: 24 }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[i % LAST.length]!;
    return {
      email: `${first
        .normalize('NFKD')
        .replace(/[^a-z]/gi, '')
        .toLowerCase()}.${last.toLowerCase()}${i}@example.test`,
      roles: ['customer'],
      first_name: first,
      last_name: last,
      phone: `+230 5700 ${String(1000 + i)}`,
    };
  });
}

/**
 * The demo shop for `npm start`: the demo users and library files once (when admin@demo.test
 * does not exist yet), then the catalogue and its discount rules while the shop has none, then the demo stock
 * (store locations, movements, notes) while it has no store location, the payment methods and
 * pickup points while their tables are empty, and the demo shipping (countries, methods, an
 * "Islands" zone) while it has none, and the demo e-mail and rental templates while their
 * tables are empty, and the demo orders while the shop has none. Later areas add their own demo
 * data here.
 */
/** The demo data; it writes files inside its transactions, so the storage is chosen first (decision 0072). */
export function seedDemo(ctx: AppContext) {
  return withStorageChoice(ctx.storage, () => seedDemoData(ctx));
}

async function seedDemoData(ctx: AppContext) {
  const { db, config } = ctx;
  const summary = {
    password: config.demoPassword,
    users: DEMO_USERS.map((u) => ({ email: u.email, roles: u.roles })),
  };
  const adminId = (await findAdmin(ctx)) ?? (await seedDemoUsers(ctx));
  const actor = { userId: adminId, ip: null };
  if (await seedDemoCatalogue(ctx, actor)) {
    await seedDemoDiscounts(db, ctx.now());
  }
  await seedDemoStock(ctx, actor);
  await seedDemoShopSetup(ctx, actor);
  await seedDemoShipping(ctx, actor);
  await seedDemoEmailTemplates(ctx, actor);
  await seedDemoRentalTemplates(ctx, actor);
  await seedDemoSliders(ctx, actor);
  await seedDemoMenus(ctx, actor);
  await seedDemoOrders(ctx, actor);
  await seedDemoContactMessages(ctx);
  await seedDemoPatientRecords(ctx, adminId);
  await seedDemoSmsSignIn(ctx);
  await seedDemoCredit(ctx, actor);
  await seedDemoRentals(ctx, actor);
  return summary;
}

/**
 * Sign-in by SMS code in the demo (docs/decisions/0056, 0057): codes on, sent to the sandbox (the
 * SMS log and EMPORIUM_DATA_DIR/sms show them), and the demo customer and partner given their
 * mobile numbers: with the demo users, or once for older demo data whose customer has no mobile.
 */
async function seedDemoSmsSignIn({ db }: AppContext): Promise<void> {
  const [customer] = await db
    .select({ mobile: users.mobile })
    .from(users)
    .where(eq(users.email, 'customer@demo.test'))
    .limit(1);
  if (!customer || customer.mobile) return;
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      if (demo.mobile) await tx.update(users).set({ mobile: demo.mobile }).where(eq(users.email, demo.email));
    }
    await setSettings(tx, DEMO_SMS_SETTINGS);
  });
}

const DEMO_SMS_SETTINGS = { sms_otp_enabled: true, sms_sandbox_enabled: true };

async function findAdmin({ db }: AppContext): Promise<number | null> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'))
    .limit(1);
  return admin?.id ?? null;
}

async function seedDemoUsers({ db, config, storage }: AppContext): Promise<number> {
  const passwordHash = await hashPassword(config.demoPassword);
  const adminId = await db.transaction(async (tx) => {
    let admin = 0;
    for (const demo of [...DEMO_USERS, ...extraCustomers()]) {
      const [user] = await tx
        .insert(users)
        .values({
          email: demo.email,
          passwordHash,
          firstName: demo.first_name,
          lastName: demo.last_name,
          userType: demo.user_type ?? 'individual',
          companyName: demo.company_name ?? null,
          phone: demo.phone ?? null,
          mobile: demo.mobile ?? null,
        })
        .returning({ id: users.id });
      if (demo.email === 'admin@demo.test') admin = user!.id;
      await setUserRoles(tx, user!.id, demo.roles);
      if (demo.address) {
        await tx
          .insert(userAddresses)
          .values({ userId: user!.id, addressType: 'billing', ...demo.address, isDefault: true });
      }
      for (const extra of demo.extra_addresses ?? []) {
        await tx.insert(userAddresses).values({ userId: user!.id, ...extra, isDefault: false });
      }
    }
    await setSettings(tx, DEMO_SMS_SETTINGS);
    return admin;
  });
  await seedDemoFiles(db, storage);
  return adminId;
}
