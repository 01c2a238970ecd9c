import { expect, test } from './fixtures';
import { signIn, unique } from './support';

/*
 * An admin sets up shipping on the one page: a method in its modal, a zone with a rate for it, and a
 * city with a delivery cost added inline; each shows in its list, and a quote adds them up.
 */
test('an admin creates a method, a zone with a rate for it and a city with a cost, and quotes them', async ({
  page,
}) => {
  const method = unique('Van');
  const zone = unique('Coast');
  const city = unique('Town');

  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Shipping' })
    .click();
  await expect(page).toHaveURL(/\/admin\/shipping$/);
  await expect(page.getByRole('heading', { name: 'Shipping', exact: true })).toBeVisible();

  // Methods: the modal, its contract messages, then the new method in the list.
  await expect(page.getByRole('table', { name: 'Shipping methods' })).toContainText('Standard delivery');
  await page.getByRole('button', { name: 'New method' }).first().click();
  const methodModal = page.getByRole('dialog', { name: 'New shipping method' });
  await methodModal.getByRole('button', { name: 'Create method' }).click();
  await expect(methodModal.getByText('Name is required')).toBeVisible();
  await methodModal.getByRole('textbox', { name: 'Name' }).fill(method);
  await methodModal.getByRole('textbox', { name: 'Price', exact: true }).fill('5');
  await methodModal.getByRole('textbox', { name: 'Price per kg' }).fill('2');
  await methodModal.getByRole('textbox', { name: 'Earliest delivery (days)' }).fill('4');
  await methodModal.getByRole('textbox', { name: 'Latest delivery (days)' }).fill('2');
  await methodModal.getByRole('button', { name: 'Create method' }).click();
  await expect(
    methodModal.getByText('The latest delivery day may not be before the earliest.'),
  ).toBeVisible();
  await methodModal.getByRole('textbox', { name: 'Latest delivery (days)' }).fill('5');
  await methodModal.getByRole('button', { name: 'Create method' }).click();
  await expect(page.getByText('Shipping method created.')).toBeVisible();
  await expect(methodModal).toBeHidden();
  const methodRow = page
    .getByRole('table', { name: 'Shipping methods' })
    .getByRole('row')
    .filter({ hasText: method });
  await expect(methodRow).toContainText('$5.00');
  await expect(methodRow).toContainText('$2.00');
  await expect(methodRow).toContainText('4–5 days');

  // Zones: Mauritius at a rate of 7 for the new method.
  await page.getByRole('tab', { name: 'Zones' }).click();
  await expect(page.getByRole('table', { name: 'Shipping zones' })).toContainText('Islands');
  await page.getByRole('button', { name: 'New zone' }).first().click();
  const zoneModal = page.getByRole('dialog', { name: 'New shipping zone' });
  await zoneModal.getByRole('textbox', { name: 'Name' }).fill(zone);
  await zoneModal.getByRole('combobox', { name: 'Countries' }).click();
  await page.getByRole('option', { name: 'Mauritius (MU)' }).click();
  await zoneModal.getByRole('textbox', { name: 'Name' }).click();
  await zoneModal.getByRole('textbox', { name: `Rate for ${method}` }).fill('7');
  await zoneModal.getByRole('button', { name: 'Create zone' }).click();
  await expect(page.getByText('Shipping zone created.')).toBeVisible();
  await expect(zoneModal).toBeHidden();
  const zoneRow = page
    .getByRole('table', { name: 'Shipping zones' })
    .getByRole('row')
    .filter({ hasText: zone });
  await expect(zoneRow).toContainText('Mauritius');
  await expect(zoneRow).toContainText(`${method}: $7.00`);

  // Locations: a city in Port Louis with a cost, added with the inline form.
  await page.getByRole('tab', { name: 'Locations' }).click();
  await expect(page.getByRole('table', { name: 'Countries' })).toContainText('Mauritius');
  await page.getByText('Cities', { exact: true }).click();
  const cityForm = page.getByRole('form', { name: 'city form' });
  await cityForm.getByRole('button', { name: 'Add city' }).click();
  await expect(cityForm.getByText('Name is required')).toBeVisible();
  await expect(cityForm.getByText('Please select a state.')).toBeVisible();
  await cityForm.getByRole('textbox', { name: 'Name' }).fill(city);
  await cityForm.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Port Louis (Mauritius)' }).click();
  await cityForm.getByRole('textbox', { name: 'Cost' }).fill('3.5');
  await cityForm.getByRole('button', { name: 'Add city' }).click();
  await expect(page.getByText('City created.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search cities' }).fill(city);
  const cityRow = page.getByRole('table', { name: 'Cities' }).getByRole('row').filter({ hasText: city });
  await expect(cityRow).toContainText('Port Louis');
  await expect(cityRow).toContainText('$3.50');

  // States: one added in Mauritius, renamed, then deleted while it is being edited (the form goes
  // back to adding).
  const region = unique('Region');
  await page.getByRole('radiogroup').getByText('States', { exact: true }).click();
  const stateForm = page.getByRole('form', { name: 'state form' });
  await stateForm.getByRole('textbox', { name: 'Name' }).fill(region);
  await stateForm.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Mauritius' }).click();
  await stateForm.getByRole('button', { name: 'Add state' }).click();
  await expect(page.getByText('State created.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search states' }).fill(region);
  const states = page.getByRole('table', { name: 'States' });
  await expect(states.getByRole('row').filter({ hasText: region })).toContainText('Mauritius');
  await states.getByRole('button', { name: `Edit ${region}` }).click();
  await expect(stateForm).toContainText(`Edit state ${region}`);
  await stateForm.getByRole('textbox', { name: 'Name' }).fill(`${region} North`);
  await stateForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('State updated.')).toBeVisible();
  await expect(states.getByRole('row').filter({ hasText: `${region} North` })).toBeVisible();
  await states.getByRole('button', { name: `Edit ${region} North` }).click();
  await states.getByRole('button', { name: `Delete ${region} North` }).click();
  const deleteDialog = page.getByRole('dialog', { name: `Delete the state ${region} North?` });
  await deleteDialog.getByRole('button', { name: 'Delete state' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(states.getByRole('row').filter({ hasText: region })).toHaveCount(0);
  await expect(stateForm.getByRole('button', { name: 'Add state' })).toBeVisible();

  // The quote: zone rate 7 + 2 × 1.5 kg + 3.50 = 13.50.
  await page.getByRole('tab', { name: 'Test a quote' }).click();
  const quoteForm = page.getByRole('form', { name: 'Test a quote' });
  await quoteForm.getByRole('textbox', { name: 'Cart weight (kg)' }).fill('1.5');
  await quoteForm.getByRole('combobox', { name: 'Shipping method' }).click();
  await page.getByRole('option', { name: method }).click();
  await quoteForm.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Mauritius' }).click();
  await quoteForm.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Port Louis' }).click();
  await quoteForm.getByRole('combobox', { name: 'City' }).click();
  await page.getByRole('option', { name: `${city} (+$3.50)` }).click();
  await quoteForm.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByText(`${method}: $13.50`)).toBeVisible();
});
