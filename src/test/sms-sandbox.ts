import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The six-digit code of the newest SMS the sandbox wrote for this number (`<data dir>/sms`): the
 * sms_logs row holds it masked (docs/decisions/0075), the sandbox file in clear, as an SMS would.
 */
export async function sandboxSmsCode(dataDir: string, normalisedPhone: string): Promise<string> {
  const dir = path.join(dataDir, 'sms');
  const newest = (await fs.readdir(dir))
    .filter((f) => f.includes(normalisedPhone))
    .sort()
    .at(-1);
  const code = newest
    ? /\b(\d{6})\b/.exec(await fs.readFile(path.join(dir, newest), 'utf8'))?.[1]
    : undefined;
  if (!code) throw new Error(`no sandbox SMS code for ${normalisedPhone}`);
  return code;
}
