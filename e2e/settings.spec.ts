import { alertBanner, expect, test, unique } from './fixtures';

test.use({ role: 'admin' });

test('settings resources: a publisher is added (its error next to the field), edited and deleted after confirming; a template likewise', async ({
  page,
}) => {
  await page.goto('/settings');
  const publishers = page.locator('section', {
    has: page.getByRole('heading', { name: 'Publishers', level: 2 }),
  });
  const name = unique('Gazette');

  await publishers.getByRole('button', { name: 'New publisher' }).click();
  const dialog = page.getByRole('dialog', { name: 'New publisher' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByLabel('Contact email').fill('not an email');
  await dialog.getByRole('button', { name: 'Save publisher' }).click();
  await expect(dialog.getByLabel('Contact email')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Contact email').fill('desk@gazette.example');
  await dialog.getByRole('button', { name: 'Save publisher' }).click();
  await expect(dialog).toBeHidden();
  const row = publishers.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('desk@gazette.example');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit publisher ${name}` });
  await edit.getByLabel('Domain').fill('gazette.example');
  await edit.getByRole('button', { name: 'Save publisher' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('gazette.example');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this publisher?' });
  await expect(confirm).toContainText(`"${name}" will be deleted.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(alertBanner(page)).toContainText(`Publisher "${name}" deleted.`);
  await expect(row).toHaveCount(0);

  const templates = page.locator('section', {
    has: page.getByRole('heading', { name: 'Profile templates', level: 2 }),
  });
  const template = unique('Hotel feed');
  await templates.getByRole('button', { name: 'New template' }).click();
  const create = page.getByRole('dialog', { name: 'New template' });
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill(template);
  await create.getByRole('button', { name: 'Save template' }).click();
  await expect(create).toBeHidden();
  const templateRow = templates.getByRole('row', { name: new RegExp(template) });
  await expect(templateRow).toContainText('2 (2 required)');
  await templateRow.getByRole('button', { name: `Delete ${template}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this template?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(alertBanner(page)).toContainText(`Template "${template}" deleted.`);
  await expect(templateRow).toHaveCount(0);
});
