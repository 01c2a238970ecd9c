import type { Readable } from 'node:stream';
import type { UsersExportQuery } from '../../../contracts/accounts';
import { listingExportFileName, spreadsheetDateTime } from '../../../domain/exports/exports';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';
import { inBatches, type XlsxCell, type XlsxColumn, xlsxStream } from '../../platform/xlsx/xlsx-stream';
import { type UserRow, userBatch } from './accounts.queries';

const COLUMNS: XlsxColumn[] = [
  { header: 'ID', width: 8 },
  { header: 'First name' },
  { header: 'Last name' },
  { header: 'Company', width: 28 },
  { header: 'Email', width: 32 },
  { header: 'Phone' },
  { header: 'Mobile' },
  { header: 'Type', width: 12 },
  { header: 'Roles', width: 24 },
  { header: 'Account status', width: 16 },
  { header: 'Created', width: 20, numFmt: 'yyyy-mm-dd hh:mm' },
];

function cells(user: UserRow, timeZone: string): XlsxCell[] {
  return [
    user.id,
    user.firstName,
    user.lastName,
    user.companyName,
    user.email,
    user.phone,
    user.mobile,
    user.userType,
    user.roles.join(', '),
    user.accountStatus,
    spreadsheetDateTime(user.createdAt, timeZone),
  ];
}

/** A role name that is safe in a file name; anything else is named "user". */
const fileLabel = (role: string | null) => (role && /^[a-z0-9_-]{1,50}$/i.test(role) ? role : null);

/**
 * The user listing export (spec 3 §7, §9): every user matching the list's search, status and
 * role, in the list's order, streamed a batch at a time as an .xlsx file.
 */
export async function exportUsers(
  ctx: AppContext,
  query: UsersExportQuery,
  onError: (error: unknown) => void,
): Promise<{ fileName: string; stream: Readable }> {
  const role = query.role ?? null;
  // Created dates read in the shop's time zone, as the admin screens show them.
  const timeZone = await getSetting(ctx.db, 'app_timezone');
  const rows = (async function* () {
    for await (const user of inBatches((limit, offset) => userBatch(ctx.db, query, limit, offset))) {
      yield cells(user, timeZone);
    }
  })();
  return {
    fileName: listingExportFileName(fileLabel(role), ctx.now()),
    stream: xlsxStream({ name: 'Users', columns: COLUMNS, rows }, onError),
  };
}
