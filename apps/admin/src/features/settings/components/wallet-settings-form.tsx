import { isFiatCurrency, isRateText } from '@app/contract/fiat';
import { formatAmount, isAmountText, parseAmount } from '@app/contract/money';
import {
  BANK_ACCOUNTS_MAX,
  type BankAccount,
  isExplorerUrlPattern,
  type WalletRules,
  WITHDRAW_COOLDOWN_HOURS_MAX,
  withdrawalFeeMinor,
} from '@app/contract/wallet-rules';
import { Button, Card, Col, Divider, Flex, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { checkRule } from '../../../components/form-fields';
import { STRINGS } from '../../../config/strings';
import { useUpdateWalletSettings } from '../api/update-wallet-settings';
import { SettingsForm } from './settings-form';

const S = STRINGS.settings;
const FEE_RATE_BP_MAX = 5000;
const DAILY_COUNT_MAX = 100;
const FEE_EXAMPLE_AMOUNT = '1000';
const FIELDS = [
  'depositMinAmount',
  'withdrawMinAmount',
  'withdrawFeeFixed',
  'withdrawFeeRateBp',
  'withdrawDailyCountMax',
  'withdrawKycRequired',
  'withdrawSecondApprovalFrom',
  'bankAccounts',
  'trc20ExplorerTxUrl',
  'withdrawCooldownHours',
] as const;

const AMOUNT_RULES = [checkRule(S.amountRule, (text) => isAmountText(text.trim()))];
const EXPLORER_RULES = [checkRule(S.explorerRule, (text) => isExplorerUrlPattern(text.trim()))];

export function WalletSettingsForm({ rules, canEdit }: { rules: WalletRules; canEdit: boolean }) {
  const mutation = useUpdateWalletSettings();

  const send = (values: WalletRules) => {
    const trim = (text: string) => text.trim();
    const body: WalletRules = {
      ...values,
      depositMinAmount: trim(values.depositMinAmount),
      withdrawMinAmount: trim(values.withdrawMinAmount),
      withdrawFeeFixed: trim(values.withdrawFeeFixed),
      withdrawSecondApprovalFrom: trim(values.withdrawSecondApprovalFrom),
      trc20ExplorerTxUrl: trim(values.trc20ExplorerTxUrl ?? ''),
      bankAccounts: (values.bankAccounts ?? []).map((account) => ({
        id: account.id ?? '',
        bankName: trim(account.bankName ?? ''),
        holderName: trim(account.holderName ?? ''),
        cardNumber: trim(account.cardNumber ?? ''),
        branch: trim(account.branch ?? ''),
        currency: trim(account.currency ?? '').toUpperCase(),
        rate: trim(account.rate ?? ''),
      })),
    };
    return mutation.mutateAsync(body);
  };

  return (
    <Card title={S.wallet}>
      <SettingsForm<WalletRules>
        initialValues={rules}
        canEdit={canEdit}
        fields={FIELDS}
        onSave={send}
        saveText={S.saveWallet}
        confirmText={S.confirmWallet}
      >
        <Divider titlePlacement="start">{S.deposits}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="depositMinAmount" label={S.depositMinAmount} rules={AMOUNT_RULES}>
              <Input inputMode="decimal" suffix="USDT" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{S.withdrawals}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="withdrawMinAmount" label={S.withdrawMinAmount} rules={AMOUNT_RULES}>
              <Input inputMode="decimal" suffix="USDT" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="withdrawDailyCountMax"
              label={S.withdrawDailyCountMax}
              rules={[{ required: true, type: 'integer', min: 1, max: DAILY_COUNT_MAX }]}
            >
              <InputNumber min={1} max={DAILY_COUNT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="withdrawFeeFixed" label={S.withdrawFeeFixed} rules={AMOUNT_RULES}>
              <Input inputMode="decimal" suffix="USDT" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <FeeRateField />
          </Col>
          <Col span={24}>
            <FeeExample />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="withdrawSecondApprovalFrom"
              label={S.withdrawSecondApprovalFrom}
              extra={S.secondApprovalHint}
              rules={AMOUNT_RULES}
            >
              <Input inputMode="decimal" suffix="USDT" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="withdrawCooldownHours"
              label={S.withdrawCooldownHours}
              extra={S.withdrawCooldownHint}
              rules={[{ required: true, type: 'integer', min: 0, max: WITHDRAW_COOLDOWN_HOURS_MAX }]}
            >
              <InputNumber min={0} max={WITHDRAW_COOLDOWN_HOURS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="withdrawKycRequired" label={S.withdrawKycRequired} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="trc20ExplorerTxUrl"
              label={S.trc20ExplorerTxUrl}
              extra={S.trc20ExplorerHint}
              rules={EXPLORER_RULES}
            >
              <Input maxLength={200} autoComplete="off" placeholder="https://tronscan.org/#/transaction/{hash}" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{S.bankAccounts}</Divider>
        <Typography.Paragraph type="secondary">{S.bankAccountsHint}</Typography.Paragraph>
        <BankAccountsField />
      </SettingsForm>
    </Card>
  );
}

// Empty (a USDT account) or an ISO 4217 code; the rate is required with a currency and checked by the server too.
const CURRENCY_RULES = [
  checkRule(S.bankCurrencyRule, (text) => text.trim() === '' || isFiatCurrency(text.trim().toUpperCase())),
];
const REQUIRED_TEXT = (message: string) => [{ required: true, whitespace: true, message }, { max: 128 }];
const NEW_ACCOUNT: BankAccount = {
  id: '',
  bankName: '',
  holderName: '',
  cardNumber: '',
  branch: '',
  currency: '',
  rate: '',
};

/**
 * The platform's receiving accounts, each with its currency and rate. The first is the default (a user
 * whose language names no currency, a client that chooses none); a new one gets its id from the server.
 */
function BankAccountsField() {
  return (
    <Form.List name="bankAccounts">
      {(fields, { add, remove }) => (
        <Flex vertical gap={16}>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={S.bankAccountTitle(index + 1)}
              extra={
                <Button size="small" danger onClick={() => remove(field.name)}>
                  {S.removeBankAccount(index + 1)}
                </Button>
              }
            >
              <Form.Item name={[field.name, 'id']} hidden>
                <Input />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name={[field.name, 'bankName']} label={S.bankName} rules={REQUIRED_TEXT(S.bankNameRule)}>
                    <Input maxLength={128} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'holderName']}
                    label={S.holderName}
                    rules={REQUIRED_TEXT(S.holderNameRule)}
                  >
                    <Input maxLength={128} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'cardNumber']}
                    label={S.cardNumber}
                    rules={REQUIRED_TEXT(S.cardNumberRule)}
                  >
                    <Input maxLength={128} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={[field.name, 'branch']} label={S.branch} rules={[{ max: 128 }]}>
                    <Input maxLength={128} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'currency']}
                    label={S.bankCurrency}
                    extra={S.bankCurrencyHint}
                    rules={CURRENCY_RULES}
                  >
                    <Input maxLength={3} autoComplete="off" style={{ textTransform: 'uppercase' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <RateField index={field.name} />
                </Col>
              </Row>
            </Card>
          ))}
          <Button onClick={() => add({ ...NEW_ACCOUNT })} disabled={fields.length >= BANK_ACCOUNTS_MAX}>
            {S.addBankAccount}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function RateField({ index }: { index: number }) {
  const form = Form.useFormInstance<WalletRules>();
  const currency = (Form.useWatch(['bankAccounts', index, 'currency'], form) ?? '').trim().toUpperCase();
  return (
    <Form.Item
      name={[index, 'rate']}
      label={S.bankRate(currency || '…')}
      dependencies={[['bankAccounts', index, 'currency']]}
      rules={[checkRule(S.bankRateRule, (text) => (currency === '' ? text.trim() === '' : isRateText(text.trim())))]}
    >
      <Input inputMode="decimal" autoComplete="off" suffix={currency ? `${currency} / USDT` : undefined} />
    </Form.Item>
  );
}

function FeeRateField() {
  const form = Form.useFormInstance<WalletRules>();
  const rateBp = Form.useWatch('withdrawFeeRateBp', form);
  return (
    <Form.Item
      name="withdrawFeeRateBp"
      label={S.withdrawFeeRateBp}
      extra={typeof rateBp === 'number' ? S.feeRatePercent(rateBp) : undefined}
      rules={[{ required: true, type: 'integer', min: 0, max: FEE_RATE_BP_MAX }]}
    >
      <InputNumber min={0} max={FEE_RATE_BP_MAX} precision={0} suffix="bp" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** The fee a sample withdrawal would pay, with the same function the server charges by. */
function FeeExample() {
  const form = Form.useFormInstance<WalletRules>();
  const fixed = Form.useWatch('withdrawFeeFixed', form)?.trim() ?? '';
  const rateBp = Form.useWatch('withdrawFeeRateBp', form);
  if (!isAmountText(fixed) || typeof rateBp !== 'number') return null;
  const fee = withdrawalFeeMinor(parseAmount(FEE_EXAMPLE_AMOUNT), {
    withdrawFeeFixed: fixed,
    withdrawFeeRateBp: rateBp,
  });
  return (
    <Typography.Paragraph type="secondary">{S.feeExample(FEE_EXAMPLE_AMOUNT, formatAmount(fee))}</Typography.Paragraph>
  );
}
