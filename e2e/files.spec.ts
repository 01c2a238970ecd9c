import sharp from 'sharp';
import { expect, test } from './fixtures';
import { signIn, unique } from './support';

test('an admin uploads two images, sees them highlighted and deletes one in bulk mode', async ({
  page,
}, testInfo) => {
  const prefix = unique('e2e-upload');
  const names = [`${prefix}-a.png`, `${prefix}-b.png`];
  const paths = await Promise.all(
    names.map(async (name, i) => {
      const file = testInfo.outputPath(name);
      await sharp({
        create: { width: 320, height: 240, channels: 3, background: i === 0 ? '#c2410c' : '#0d9488' },
      })
        .png()
        .toFile(file);
      return file;
    }),
  );

  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'File library' })
    .click();
  await expect(page).toHaveURL(/\/admin\/file-manager$/);
  await expect(page.getByRole('heading', { name: 'File library' })).toBeVisible();

  await page.getByRole('tab', { name: 'Upload' }).click();
  await page.getByLabel('Choose files to upload').setInputFiles(paths);
  await expect(page.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Upload 2 files' }).click();

  // Back on the Files tab, both new files are highlighted and a screen reader hears it (spec 1 §2).
  await expect(page.getByText('2 files uploaded successfully.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
  for (const name of names) {
    await expect(page.getByTestId('file-card').filter({ hasText: name })).toHaveAttribute(
      'data-highlighted',
      'true',
    );
  }
  await expect(page.getByTestId('upload-note')).toHaveText('2 files uploaded');
  // …for 3 seconds.
  await expect(page.getByTestId('upload-note')).toHaveText('', { timeout: 5000 });
  await expect(page.locator('[data-testid="file-card"][data-highlighted]')).toHaveCount(0);

  // Only this run's files, whatever else the library holds.
  await page.getByLabel('Search files').fill(prefix);
  await expect(page).toHaveURL(new RegExp(`search=${prefix}`));
  await expect(page.getByTestId('file-card')).toHaveCount(2);
  await expect(page.getByTestId('file-totals')).toHaveText(/^2 files · /);

  await page.getByRole('button', { name: 'Bulk select' }).click();
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 1 file?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByText('1 file deleted successfully.')).toBeVisible();
  await expect(page.getByTestId('file-card')).toHaveCount(1);
  await expect(page.getByTestId('file-card')).toContainText(names[1]!);
  await expect(page.getByTestId('file-totals')).toHaveText(/^1 file · /);

  // The one that remains is still served.
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: `Open ${names[1]}` }).click();
  const details = page.getByRole('dialog', { name: 'File details' });
  await expect(details.getByText(names[1]!)).toBeVisible();
  await expect(details.getByText('320 × 240 px')).toBeVisible();
  const url = await details.getByLabel('URL').inputValue();
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
});
