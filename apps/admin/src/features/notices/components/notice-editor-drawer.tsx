import {
  type AdminNotice,
  type CreateNoticeRequest,
  NOTICE_BODY_LENGTH_MAX,
  NOTICE_TITLE_LENGTH_MAX,
} from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import { Alert, App, Button, Drawer, Flex, Form, Space, Switch } from 'antd';
import { useState } from 'react';
import { firstLangWithError, LocalizedTextTabs } from '../../../components/localized-text-tabs';
import { STRINGS } from '../../../config/strings';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateNotice } from '../api/create-notice';
import { useUpdateNotice } from '../api/update-notice';

const S = STRINGS.notices;
const FIELDS = ['title', 'body', 'pinned', 'published'] as const;
const EMPTY = { en: '', vn: '', zn: '' };

type FormValues = Required<CreateNoticeRequest>;

/** Writes a new announcement, or edits one, in the three languages side by side. */
export function NoticeEditorDrawer({ notice, onClose }: { notice: AdminNotice | null; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const [lang, setLang] = useState<Lang>('en');
  const { message } = App.useApp();
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const initial: FormValues = notice
    ? { title: notice.title, body: notice.body, pinned: notice.pinned, published: notice.published }
    : { title: EMPTY, body: EMPTY, pinned: false, published: false };

  const submit = (values: FormValues) => {
    setAlert(null);
    const onError = (error: Error) => {
      setAlert(applyServerErrors(form, error, FIELDS));
      const errorLang = isApiError(error) ? firstLangWithError(error.fields) : null;
      if (errorLang) setLang(errorLang);
    };
    const done = (text: string) => () => {
      message.success(text);
      onClose();
    };
    if (notice) update.mutate({ id: notice.id, changes: values }, { onSuccess: done(S.updated), onError });
    else create.mutate(values, { onSuccess: done(S.created), onError });
  };

  return (
    <Drawer
      open
      title={notice ? S.editTitle : S.addTitle}
      size="min(760px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{STRINGS.common.cancel}</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()}>
            {STRINGS.common.save}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        {alert && <Alert type="error" showIcon title={alert} />}
        <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} requiredMark={false}>
          <LocalizedTextTabs
            titleMax={NOTICE_TITLE_LENGTH_MAX}
            bodyMax={NOTICE_BODY_LENGTH_MAX}
            activeLang={lang}
            onLangChange={setLang}
          />
          <Flex gap={32} wrap>
            <Form.Item name="published" label={S.published} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="pinned" label={S.pinned} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
        </Form>
      </Flex>
    </Drawer>
  );
}
