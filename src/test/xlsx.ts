import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

/** The first sheet of a downloaded workbook, as rows of cell values (header row first). */
export async function readWorkbook(response: LightMyRequestResponse): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
