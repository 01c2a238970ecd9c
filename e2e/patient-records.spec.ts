import { RECORD_TYPES } from '../src/contracts/patients';
import { expect, expectAccessible, test } from './fixtures';
import { signIn, signOutFromAdmin, unique } from './support';

const MEDICATION = RECORD_TYPES.medications.words;
const ALLERGY = RECORD_TYPES.allergies.words;

test('staff keep a patient’s medications, a blood-pressure reading and allergies; the patient reads them in the patient area', async ({
  page,
}) => {
  const kept = unique('Atorvastatin');
  const dropped = unique('Ibuprofen');
  const allergen = unique('Latex');

  await signIn(page, 'staff@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: 'Patients', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Patients', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search patients' }).fill('Paul');
  // The search settles into the address bar before the row is clicked (the list re-renders then).
  await expect(page).toHaveURL(/search=Paul/);
  await page.getByRole('link', { name: 'Paul Patient' }).click();
  await expect(page.getByRole('heading', { name: 'Medical records: Paul Patient' })).toBeVisible();

  // A medication without its name is refused on the field (DECISIONS 23), then saved.
  await page.getByRole('button', { name: 'Add medication' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add medication' });
  await dialog.getByRole('button', { name: 'Add medication' }).click();
  await expect(dialog.getByText('The medication name is required.')).toBeVisible();
  await dialog.getByLabel(/^Medication name/).fill(kept);
  await dialog.getByLabel(/^Dosage/).fill('20 mg');
  await dialog.getByLabel(/^Frequency/).fill('Once a day');
  await dialog.getByRole('button', { name: 'Add medication' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MEDICATION.created)).toBeVisible();
  await expect(page.getByRole('cell', { name: kept, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add medication' }).click();
  dialog = page.getByRole('dialog', { name: 'Add medication' });
  await dialog.getByLabel(/^Medication name/).fill(dropped);
  await dialog.getByRole('button', { name: 'Add medication' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: dropped, exact: true })).toBeVisible();

  // Deleting asks first.
  await page.getByRole('button', { name: `Delete medication ${dropped}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this medication?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete medication' }).click();
  await expect(page.getByText(MEDICATION.deleted)).toBeVisible();
  await expect(page.getByRole('cell', { name: dropped, exact: true })).toBeHidden();

  // A blood-pressure reading takes two values (spec 3 §5).
  await page.getByRole('tab', { name: 'Health vitals' }).click();
  await page.getByRole('button', { name: 'Add health vital' }).click();
  dialog = page.getByRole('dialog', { name: 'Add health vital' });
  await dialog.getByLabel(/^Vital type/).click();
  await page.getByRole('option', { name: 'Blood pressure' }).click();
  await dialog.getByRole('textbox', { name: 'Systolic' }).fill('128');
  await dialog.getByRole('textbox', { name: 'Diastolic' }).fill('84');
  await dialog.getByRole('button', { name: 'Add health vital' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: '128', exact: true }).first()).toBeVisible();

  // An allergy whose last occurrence is before its first is refused on that field, then saved.
  await page.getByRole('tab', { name: 'Allergies' }).click();
  await page.getByRole('button', { name: 'Add allergy' }).click();
  dialog = page.getByRole('dialog', { name: 'Add allergy' });
  await dialog.getByLabel(/^Allergen name/).fill(allergen);
  await dialog.getByLabel(/^First occurrence/).fill('10/01/2026');
  await dialog.getByLabel(/^Last occurrence/).fill('09/01/2026');
  await dialog.getByRole('button', { name: 'Add allergy' }).click();
  await expect(dialog.getByText('The last occurrence cannot be before the first occurrence.')).toBeVisible();
  await dialog.getByLabel(/^Last occurrence/).fill('12/01/2026');
  await dialog.getByRole('button', { name: 'Add allergy' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(ALLERGY.created)).toBeVisible();
  await expect(page.getByRole('cell', { name: allergen, exact: true })).toBeVisible();
  // The access log is for admins (issue 17): staff have no tab for it.
  await expect(page.getByRole('tab', { name: 'Access log' })).toHaveCount(0);
  await expectAccessible(page);

  // The patient sees them, read-only, in the patient area.
  await signOutFromAdmin(page);
  await signIn(page, 'patient@demo.test');
  await page.getByRole('link', { name: 'Medical records' }).click();
  await expect(page).toHaveURL(/\/patient\/records$/);
  await expect(page.getByRole('heading', { name: 'My medical records' })).toBeVisible();
  const medications = page.getByRole('region', { name: 'Medications' });
  await expect(medications.getByRole('cell', { name: kept, exact: true })).toBeVisible();
  await expect(medications.getByRole('cell', { name: '20 mg' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: dropped, exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Allergies' }).getByRole('cell', { name: allergen, exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Health vitals' })
      .getByRole('cell', { name: '128', exact: true })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Add|Edit|Delete/ })).toHaveCount(0);

  // An admin reads the access log (issue 17): the staff member's changes and reads, the patient's own read.
  await page.context().clearCookies();
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/patients');
  await page.getByRole('textbox', { name: 'Search patients' }).fill('Paul');
  // The search settles into the address bar before the row is clicked (the list re-renders then).
  await expect(page).toHaveURL(/search=Paul/);
  await page.getByRole('link', { name: 'Paul Patient' }).click();
  // The patients page has an Access log tab too: click the patient's own once their page is open.
  await expect(page.getByRole('heading', { name: 'Medical records: Paul Patient' })).toBeVisible();
  await page.getByRole('tab', { name: 'Access log' }).click();
  const log = page.getByRole('table', { name: 'Access log' });
  const patientRead = log.getByRole('row').filter({ hasText: 'Patient area' }).first();
  await expect(patientRead).toContainText('Read list');
  await expect(patientRead).toContainText('All records');
  const created = log.getByRole('row').filter({ hasText: 'Created' }).filter({ hasText: 'Medications' });
  await expect(created.first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Deleted' }).first()).toContainText('Medications');
  // A click on the staff member shows only their entries.
  const staffName = (await created.first().getByRole('button').first().textContent())!.trim();
  await created.first().getByRole('button').first().click();
  await expect(page.getByRole('button', { name: new RegExp(`User: ${staffName}`) })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Patient area' })).toHaveCount(0);
  await expectAccessible(page);
  // Across patients, on the patients page.
  await page.goto('/admin/patients');
  await page.getByRole('tab', { name: 'Access log' }).click();
  await expect(
    page.getByRole('table', { name: 'Access log' }).getByText('Paul Patient').first(),
  ).toBeVisible();
});
