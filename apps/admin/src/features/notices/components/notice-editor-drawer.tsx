import {
  type AdminNotice,
  type CreateNoticeRequest,
  NOTICE_BODY_LENGTH_MAX,
  NOTICE_TITLE_LENGTH_MAX,
} from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import { Flex } from 'antd';
import { useState } from 'react';
import { FormDrawer } from '../../../components/form-drawer';
import { SwitchField } from '../../../components/form-fields';
import { LocalizedTextTabs, langOfRefusal } from '../../../components/localized-text-tabs';
import { STRINGS } from '../../../config/strings';
import { useCreateNotice } from '../api/create-notice';
import { useUpdateNotice } from '../api/update-notice';

const S = STRINGS.notices;
const FIELDS = ['title', 'body', 'pinned', 'published'] as const;
const EMPTY = { en: '', vn: '', zn: '' };

type FormValues = Required<CreateNoticeRequest>;

/** Writes a new announcement, or edits one, in the three languages side by side. */
export function NoticeEditorDrawer({ notice, onClose }: { notice: AdminNotice | null; onClose: () => void }) {
  const [lang, setLang] = useState<Lang>('en');
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const initial: FormValues = notice
    ? { title: notice.title, body: notice.body, pinned: notice.pinned, published: notice.published }
    : { title: EMPTY, body: EMPTY, pinned: false, published: false };

  const send = (values: FormValues) =>
    notice ? update.mutateAsync({ id: notice.id, changes: values }) : create.mutateAsync(values);

  return (
    <FormDrawer<FormValues>
      title={notice ? S.editTitle : S.addTitle}
      size="min(760px, 100vw)"
      initialValues={initial}
      fields={FIELDS}
      onSave={send}
      savedText={notice ? S.updated : S.created}
      onRefused={(error) => setLang((current) => langOfRefusal(error) ?? current)}
      onClose={onClose}
    >
      <LocalizedTextTabs
        titleMax={NOTICE_TITLE_LENGTH_MAX}
        bodyMax={NOTICE_BODY_LENGTH_MAX}
        activeLang={lang}
        onLangChange={setLang}
      />
      <Flex gap={32} wrap>
        <SwitchField name="published" label={S.published} />
        <SwitchField name="pinned" label={S.pinned} />
      </Flex>
    </FormDrawer>
  );
}
