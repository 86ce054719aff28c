import { Col, Row, Skeleton, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { useSettings } from '../api/get-settings';
import { GeneralSettingsForm } from './general-settings-form';
import { WalletSettingsForm } from './wallet-settings-form';

/** Both halves of the platform settings; each is saved by the role that owns it and read-only to others. */
export function SettingsScreen({ canEditGeneral, canEditWallet }: { canEditGeneral: boolean; canEditWallet: boolean }) {
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
            <GeneralSettingsForm settings={settings} canEdit={canEditGeneral} />
          </Col>
          <Col xs={24} xl={14}>
            <WalletSettingsForm rules={settings.wallet} canEdit={canEditWallet} />
          </Col>
        </Row>
      )}
    </>
  );
}
