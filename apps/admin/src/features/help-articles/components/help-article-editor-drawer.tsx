import {
  type AdminHelpArticle,
  type CreateHelpArticleRequest,
  HELP_CATEGORIES,
  HELP_PLACEHOLDERS,
  NOTICE_BODY_LENGTH_MAX,
  NOTICE_TITLE_LENGTH_MAX,
} from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import { Alert, App, Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { firstLangWithError, LocalizedTextTabs } from '../../../components/localized-text-tabs';
import { STRINGS } from '../../../config/strings';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateHelpArticle } from '../api/create-help-article';
import { useUpdateHelpArticle } from '../api/update-help-article';

const S = STRINGS.helpArticles;
const FIELDS = ['slug', 'category', 'sort', 'title', 'body', 'published'] as const;
const EMPTY = { en: '', vn: '', zn: '' };
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SORT_MAX = 10_000;
const PLACEHOLDER_LIST = HELP_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

type FormValues = Required<CreateHelpArticleRequest>;

/** Writes a new help article, or edits one, in the three languages side by side. */
export function HelpArticleEditorDrawer({
  article,
  onClose,
}: {
  article: AdminHelpArticle | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const [lang, setLang] = useState<Lang>('en');
  const { message } = App.useApp();
  const create = useCreateHelpArticle();
  const update = useUpdateHelpArticle();
  const initial: FormValues = article
    ? {
        slug: article.slug,
        category: article.category,
        sort: article.sort,
        title: article.title,
        body: article.body,
        published: article.published,
      }
    : { slug: '', category: 'account', sort: 0, title: EMPTY, body: EMPTY, published: false };

  const submit = (values: FormValues) => {
    setAlert(null);
    const input = { ...values, slug: values.slug.trim() };
    const onError = (error: Error) => {
      setAlert(applyServerErrors(form, error, FIELDS));
      const errorLang = isApiError(error) ? firstLangWithError(error.fields) : null;
      if (errorLang) setLang(errorLang);
    };
    const done = (text: string) => () => {
      message.success(text);
      onClose();
    };
    if (article) update.mutate({ id: article.id, changes: input }, { onSuccess: done(S.updated), onError });
    else create.mutate(input, { onSuccess: done(S.created), onError });
  };

  return (
    <Drawer
      open
      title={article ? S.editTitle(article.slug) : S.addTitle}
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
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="slug"
                label={S.slug}
                rules={[{ required: true, pattern: SLUG_PATTERN, max: 64, message: S.slugRule }]}
              >
                <Input maxLength={64} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="category" label={S.category}>
                <Select options={HELP_CATEGORIES.map((value) => ({ value, label: S.categories[value] }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="sort"
                label={S.sort}
                rules={[{ required: true, type: 'integer', min: 0, max: SORT_MAX }]}
              >
                <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <LocalizedTextTabs
            titleMax={NOTICE_TITLE_LENGTH_MAX}
            bodyMax={NOTICE_BODY_LENGTH_MAX}
            activeLang={lang}
            onLangChange={setLang}
            bodyExtra={S.placeholders(PLACEHOLDER_LIST)}
          />
          <Form.Item name="published" label={S.published} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Flex>
    </Drawer>
  );
}
