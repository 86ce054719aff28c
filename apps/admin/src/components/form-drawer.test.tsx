import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form, Input } from 'antd';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { findDialog } from '../testing/find-dialog';
import { TestProviders } from '../testing/test-providers';
import { FormDrawer } from './form-drawer';
import { checkRule, NameField, SortField } from './form-fields';

interface Values {
  name: string;
  code: string;
  sort: number;
}

function renderDrawer(onSave: (values: Values) => Promise<unknown>) {
  const onClose = vi.fn();
  render(
    <TestProviders>
      <App>
        <FormDrawer<Values>
          title="Edit the thing"
          size="min(640px, 100vw)"
          initialValues={{ name: 'Old name', code: 'AB', sort: 3 }}
          fields={['name', 'code', 'sort']}
          onSave={onSave}
          savedText="Thing saved"
          onClose={onClose}
          header={<p>Read-only facts</p>}
        >
          <NameField label="Name" requiredMessage="Give it a name" />
          <Form.Item
            name="code"
            label="Code"
            rules={[checkRule('Two capital letters', (text) => /^[A-Z]{2}$/.test(text))]}
          >
            <Input />
          </Form.Item>
          <SortField label="Order" />
        </FormDrawer>
      </App>
    </TestProviders>,
  );
  return { onClose };
}

/** One change event per field: typing key by key is slow in jsdom with antd forms. */
const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });

describe('the form drawer', () => {
  test('refuses what its rules refuse, with their messages, and saves nothing', async () => {
    const onSave = vi.fn(async () => {});
    renderDrawer(onSave);
    const drawer = await findDialog('Edit the thing');
    expect(within(drawer).getByText('Read-only facts')).toBeTruthy();
    fill(within(drawer).getByLabelText('Name'), '  ');
    fill(within(drawer).getByLabelText('Code'), 'abc');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Give it a name')).toBeTruthy();
    expect(within(drawer).getByText('Two capital letters')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  test('saves the values, says so and closes', async () => {
    const onSave = vi.fn(async (_values: Values) => {});
    const { onClose } = renderDrawer(onSave);
    const drawer = await findDialog('Edit the thing');
    fill(within(drawer).getByLabelText('Name'), 'New name');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({ name: 'New name', code: 'AB', sort: 3 });
    expect(await screen.findByText('Thing saved')).toBeTruthy();
  });

  test("puts the server's field messages under the fields and the rest above them, and stays open", async () => {
    const onSave = vi
      .fn<(values: Values) => Promise<unknown>>()
      .mockRejectedValueOnce(
        new ApiError({ code: 1001, msg: 'Name taken', status: 400, fields: { name: 'Name taken' } }),
      )
      .mockRejectedValueOnce(new ApiError({ code: 4000, msg: 'The thing is locked', status: 422 }));
    const { onClose } = renderDrawer(onSave);
    const drawer = await findDialog('Edit the thing');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Name taken')).toBeTruthy();
    expect(drawer.querySelector('.ant-alert')).toBeNull();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('The thing is locked')).toBeTruthy();
    expect(drawer.querySelector('.ant-alert')?.textContent).toContain('The thing is locked');
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
  });
});
