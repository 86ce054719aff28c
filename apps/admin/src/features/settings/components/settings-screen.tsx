import { Col, Row, Skeleton, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { useSettings } from '../api/get-settings';
import { GeneralSettingsForm } from './general-settings-form';
import { ReferralSettingsPanel } from './referral-settings-form';
import { TradingLimitsForm } from './trading-limits-form';
import { WalletSettingsForm } from './wallet-settings-form';

interface SettingsScreenProps {
  canEditGeneral: boolean;
  canEditWallet: boolean;
  canEditTrading: boolean;
  canEditReferral: boolean;
}

/** The parts of the platform settings; each is saved by the role that owns it and read-only to others. */
export function SettingsScreen({
  canEditGeneral,
  canEditWallet,
  canEditTrading,
  canEditReferral,
}: SettingsScreenProps) {
  const query = useSettings();
  const settings = query.data;
  return (
    <>
      <Typography.Title level={3}>{STRINGS.settings.title}</Typography.Title>
      {query.isPending && <Skeleton active />}
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      {settings && (
        <Row gutter={[16, 16]} align="top">
          <Col xs={24} xl={10}>
            <Row gutter={[16, 16]}>
              <Col span={24}>
                <GeneralSettingsForm settings={settings} canEdit={canEditGeneral} />
              </Col>
              <Col span={24}>
                <TradingLimitsForm limits={settings.trading} canEdit={canEditTrading} />
              </Col>
            </Row>
          </Col>
          <Col xs={24} xl={14}>
            <Row gutter={[16, 16]}>
              <Col span={24}>
                <WalletSettingsForm rules={settings.wallet} canEdit={canEditWallet} />
              </Col>
              <Col span={24}>
                <ReferralSettingsPanel referral={settings.referral} canEdit={canEditReferral} />
              </Col>
            </Row>
          </Col>
        </Row>
      )}
    </>
  );
}
