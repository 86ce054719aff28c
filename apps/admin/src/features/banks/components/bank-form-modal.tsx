import { isFiatCurrency } from '@app/contract/fiat';
import { Form, Input, Modal } from 'antd';
import { FormError } from '../../../components/action-modal';
import { checkRule, NameField, SortField, SwitchField } from '../../../components/form-fields';
import { STRINGS } from '../../../config/strings';
import { useSaveForm } from '../../../hooks/use-save-form';
import { type SaveBankInput, useCreateBank } from '../api/create-bank';
import type { AdminBank } from '../api/get-banks';
import { useUpdateBank } from '../api/update-bank';

const S = STRINGS.banks;

/** Adds a bank, or edits one when `bank` is given. */
export function BankFormModal({ bank, onClose }: { bank: AdminBank | null; onClose: () => void }) {
  const create = useCreateBank();
  const update = useUpdateBank();
  const { form, error, isSaving, save } = useSaveForm<SaveBankInput>({
    fields: ['name', 'enabled', 'sort', 'currency'],
    onSave: (values) => {
      const input = { ...values, name: values.name.trim(), currency: (values.currency ?? '').trim().toUpperCase() };
      return bank ? update.mutateAsync({ id: bank.id, changes: input }) : create.mutateAsync(input);
    },
    savedText: bank ? S.updated : S.created,
    onSaved: onClose,
  });

  return (
    <Modal
      open
      title={bank ? S.editTitle(bank.name) : S.addTitle}
      okText={STRINGS.common.save}
      cancelText={STRINGS.common.cancel}
      okButtonProps={{ loading: isSaving, htmlType: 'submit', form: 'bank-form' }}
      onCancel={onClose}
    >
      <FormError message={error} />
      <Form
        id="bank-form"
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={bank ?? { name: '', enabled: true, sort: 0, currency: '' }}
        onFinish={save}
      >
        <NameField label={S.name} requiredMessage={S.nameRequired} />
        <Form.Item
          name="currency"
          label={S.currency}
          extra={S.currencyHint}
          rules={[checkRule(S.currencyRule, (text) => text.trim() === '' || isFiatCurrency(text.trim().toUpperCase()))]}
        >
          <Input maxLength={3} autoComplete="off" style={{ textTransform: 'uppercase', width: 160 }} />
        </Form.Item>
        <SortField label={S.sort} width={160} />
        <SwitchField name="enabled" label={S.columns.enabled} />
      </Form>
    </Modal>
  );
}
